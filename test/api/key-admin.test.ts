import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysCommand } from '../../src/cli/keys.js';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// Key administration on a server with AUTH=required and its embedded storage: the organizer's admin
// key comes from `umpire keys create --admin`; the teams' keys from the API.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-key-admin-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });
const call = keyedClient(() => server.base);

const csv = async (key: TestKey, text: string) => {
  const r = await fetch(`${server.base}/v1/keys`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${key.key}` },
    body: text,
  });
  return { status: r.status, body: await r.json() };
};

describe('key administration on a server', () => {
  let admin: TestKey;
  let team: TestKey;

  it('an admin key mints a team key, which works and cannot administer keys', async () => {
    admin = await createKey(dataDir, 'organizer', 1000, ['--admin']);
    const made = await call(admin, 'POST', '/v1/keys', { team: 'red', name: 'red laptop', rate: 100 });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ scope: 'team', team: 'red', name: 'red laptop', createdBy: admin.id });
    team = { key: made.body.key, id: made.body.id };
    const bot = await call(team, 'POST', '/v1/bots', {
      game: 'icy',
      js: 'export default () => "idle\\nidle\\nidle\\nidle\\n"',
    });
    expect(bot.status, bot.text).toBe(201);
    expect(bot.body.owner).toBe(team.id);
    for (const [method, path] of [
      ['POST', '/v1/keys'],
      ['GET', '/v1/keys'],
    ] as const) {
      const refused = await call(team, method, path, method === 'POST' ? { team: 'blue' } : undefined);
      expect([refused.status, refused.body.error.code]).toEqual([403, 'ADMIN_KEY_REQUIRED']);
    }
    // A team key made by the CLI is refused too.
    const cliTeam = await createKey(dataDir, 'green');
    expect((await call(cliTeam, 'GET', '/v1/keys')).status).toBe(403);
  }, 30_000);

  it('lists the keys without secrets, renames one; a revoked key is refused on its very next request', async () => {
    const listed = await call(admin, 'GET', '/v1/keys');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((k: { id: string }) => k.id)).toEqual(expect.arrayContaining([admin.id, team.id]));
    expect(listed.text).not.toContain('umpire_');
    const renamed = await call(admin, 'PATCH', `/v1/keys/${team.id}`, { name: 'red desktop' });
    expect(renamed.body).toMatchObject({ id: team.id, name: 'red desktop', team: 'red' });
    expect((await call(team, 'GET', '/v1/bots')).status).toBe(200);
    const revoked = await call(admin, 'POST', `/v1/keys/${team.id}/revoke`);
    expect(revoked.status).toBe(200);
    const next = await call(team, 'GET', '/v1/bots');
    expect([next.status, next.body.error.code]).toEqual([401, 'KEY_REVOKED']);
    const write = await call(team, 'POST', '/v1/bots', { js: 'export default () => ""' });
    expect(write.body.error.code).toBe('KEY_REVOKED');
    const after = await call(admin, 'GET', '/v1/keys');
    expect(after.body.items.find((k: { id: string }) => k.id === team.id).revokedAt).toBe(revoked.body.revokedAt);
  });

  it('mints 20 teams from a CSV; with one bad row, none, and the row is named', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => `Team ${i + 1},,30`);
    const bad = [...rows.slice(0, 12), 'Team 13,,-1', ...rows.slice(13)];
    const refused = await csv(admin, `team,name,rate\n${bad.join('\n')}\n`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('INVALID_ROWS');
    expect(refused.body.error.details.rows).toEqual([
      { row: 13, line: 14, field: 'rate', message: 'rate must be a whole number of writes a minute, 1 to 100000' },
    ]);
    const before = (await call(admin, 'GET', '/v1/keys?limit=100')).body.items.length;
    const made = await csv(admin, `team,name,rate\n${rows.join('\n')}\n`);
    expect(made.status).toBe(201);
    expect(made.body.items.map((k: { team: string }) => k.team)).toEqual(rows.map((r) => r.split(',')[0]));
    const page = await call(admin, 'GET', '/v1/keys?limit=100');
    expect(page.body.items.length).toBe(before + 20);
    const one = made.body.items[7];
    expect((await call({ key: one.key, id: one.id }, 'GET', '/v1/bots')).status).toBe(200);
  }, 30_000);

  it("`umpire keys list` beside the running server says it uses the server's data folder, and lists the revoked key", async () => {
    const out: string[] = [];
    const notes: string[] = [];
    const saved = process.env.UMPIRE_DATA_DIR;
    process.env.UMPIRE_DATA_DIR = dataDir;
    try {
      expect(await keysCommand(['list', '--json'], (l) => out.push(l), { err: (l) => notes.push(l) })).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.UMPIRE_DATA_DIR;
      else process.env.UMPIRE_DATA_DIR = saved;
    }
    expect(notes).toEqual([
      expect.stringMatching(
        /^umpire keys: storage: embedded \(.*table .*; embedded storage, data in .* \(of the server running on it\)\)$/,
      ),
    ]);
    expect(notes[0]).toContain(dataDir);
    const listed = JSON.parse(out.join('\n')) as { id: string; revokedAt: string | null }[];
    expect(listed.find((k) => k.id === team.id)?.revokedAt).toEqual(expect.any(String));
  });

  it('answers malformed CSV, a huge body and an unknown id with a clear 4xx', async () => {
    expect((await csv(admin, 'team\n"Team 1\n')).body.error.code).toBe('INVALID_CSV');
    const huge = await csv(admin, `team\n${'x'.repeat(300 * 1024)}\n`);
    expect([huge.status, huge.body.error.code]).toEqual([413, 'BODY_TOO_LARGE']);
    const unknown = await call(admin, 'POST', '/v1/keys/0123456789abcdef/revoke');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
