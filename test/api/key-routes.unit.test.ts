import { describe, expect, it } from 'vitest';
import { createApp, type AppConfig } from '../../src/api/app.js';
import { newApiKey } from '../../src/api/auth.js';
import { KEY_BATCH_BYTES } from '../../src/api/limits.js';
import type { MatchRunner } from '../../src/match/runner.js';
import { createMemoryStores } from '../../src/store/memory/stores.js';

// Key administration in the process, on memory stores, with keys required: who may do what, and
// the answers to bad input. test/api/key-admin.test.ts runs the same through a server and the CLI.

async function setup() {
  const stores = createMemoryStores();
  const app = createApp({
    ...stores,
    runner: {} as MatchRunner,
    auth: 'required',
  } as unknown as AppConfig);
  const admin = await newApiKey('organizer', 1000, new Date(), { scope: 'admin' });
  await stores.keys.create(admin.hash, admin.record);
  const call = async (key: string | null, method: string, path: string, body?: unknown, type = 'application/json') => {
    const res = await app.request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': type }),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { stores, call, admin: admin.key };
}

describe('key administration', () => {
  it('an admin key mints a team key that works; a team key cannot administer keys (403 ADMIN_KEY_REQUIRED)', async () => {
    const { call, admin } = await setup();
    const made = await call(admin, 'POST', '/v1/keys', { team: 'red', rate: 5 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ scope: 'team', team: 'red', name: 'red', ratePerMinute: 5, revokedAt: null });
    expect(made.body.key).toMatch(/^umpire_/);
    for (const [method, path, body] of [
      ['POST', '/v1/keys', { team: 'blue' }],
      ['GET', '/v1/keys', undefined],
      ['PATCH', `/v1/keys/${made.body.id}`, { name: 'x' }],
      ['POST', `/v1/keys/${made.body.id}/revoke`, undefined],
    ] as const) {
      const refused = await call(made.body.key, method, path, body);
      expect([refused.status, refused.body.error.code]).toEqual([403, 'ADMIN_KEY_REQUIRED']);
      expect(refused.body.error.message).toBe(
        "keys are administered with an admin key; this one is a team key (team 'red')",
      );
    }
    expect((await call(null, 'GET', '/v1/keys')).status).toBe(401);
  });

  it('lists keys without secrets, renames one, and a revoked key is refused on its very next request', async () => {
    const { call, admin } = await setup();
    const team = (await call(admin, 'POST', '/v1/keys', { team: 'red' })).body;
    const listed = await call(admin, 'GET', '/v1/keys');
    expect(listed.body.items.map((k: { scope: string }) => k.scope).sort()).toEqual(['admin', 'team']);
    expect(JSON.stringify(listed.body)).not.toContain('umpire_');
    const renamed = await call(admin, 'PATCH', `/v1/keys/${team.id}`, { name: ' red laptop ' });
    expect(renamed.body).toMatchObject({ id: team.id, name: 'red laptop', team: 'red' });
    expect((await call(team.key, 'POST', '/v1/matches', {})).status).toBe(400);
    const revoked = await call(admin, 'POST', `/v1/keys/${team.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const refused = await call(team.key, 'POST', '/v1/matches', {});
    expect([refused.status, refused.body.error.code]).toEqual([401, 'KEY_REVOKED']);
    expect((await call(team.key, 'GET', '/v1/bots')).body.error.code).toBe('KEY_REVOKED');
    // Revoked twice: the first time stays.
    expect((await call(admin, 'POST', `/v1/keys/${team.id}/revoke`)).body.revokedAt).toBe(revoked.body.revokedAt);
  });

  it("key administration counts against the admin key's rate", async () => {
    const { stores, call } = await setup();
    const slow = await newApiKey('slow organizer', 2, new Date(), { scope: 'admin' });
    await stores.keys.create(slow.hash, slow.record);
    // The three requests in one minute: not across its end.
    if (Date.now() % 60_000 > 57_000) await new Promise((resolve) => setTimeout(resolve, 3500));
    expect((await call(slow.key, 'GET', '/v1/keys')).status).toBe(200);
    expect((await call(slow.key, 'POST', '/v1/keys', { team: 'red' })).status).toBe(201);
    const third = await call(slow.key, 'GET', '/v1/keys');
    expect([third.status, third.body.error.code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('a key stored before scopes is an admin key', async () => {
    const { stores, call } = await setup();
    const old = await newApiKey('old', 100, new Date());
    const { scope: _scope, ...legacy } = old.record;
    await stores.keys.create(old.hash, legacy);
    const made = await call(old.key, 'POST', '/v1/keys', { team: 'red' });
    expect(made.status).toBe(201);
    expect(made.body.createdBy).toBe(old.record.id);
    const listed = (await call(old.key, 'GET', '/v1/keys')).body.items;
    expect(listed.find((k: { id: string }) => k.id === old.record.id).scope).toBe('admin');
  });

  it('mints 20 team keys from a CSV, or none with every bad row said', async () => {
    const { call, admin } = await setup();
    const rows = Array.from({ length: 20 }, (_, i) => `team ${i + 1},,${10 + i}`);
    const good = await call(admin, 'POST', '/v1/keys', `team,name,rate\n${rows.join('\n')}\n`, 'text/csv');
    expect(good.status).toBe(201);
    expect(good.body.items).toHaveLength(20);
    expect(good.body.items[19]).toMatchObject({ team: 'team 20', ratePerMinute: 29, scope: 'team' });
    const bad = [...rows.map((r) => r.replace('team', 'other')), 'other 21,,fast'];
    const refused = await call(admin, 'POST', '/v1/keys', `team,name,rate\n${bad.join('\n')}\n`, 'text/csv');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'INVALID_ROWS',
      message:
        '1 problem in the rows, no key made; row 21 (line 22): rate must be a whole number of writes a minute, 1 to 100000',
      details: {
        rows: [
          { row: 21, line: 22, field: 'rate', message: 'rate must be a whole number of writes a minute, 1 to 100000' },
        ],
      },
    });
    const all = await call(admin, 'GET', '/v1/keys?limit=100');
    expect(all.body.items).toHaveLength(21);
    const array = await call(admin, 'POST', '/v1/keys', [{ team: 'x' }, { team: 'y', name: 'y2' }]);
    expect(array.body.items.map((k: { name: string }) => k.name)).toEqual(['x', 'y2']);
  });

  it('answers bad input with a clear 4xx, never a 500', async () => {
    const { call, admin } = await setup();
    const cases: [string, string, unknown, string, number, string][] = [
      ['POST', '/v1/keys', 'team\n"open', 'text/csv', 400, 'INVALID_CSV'],
      ['POST', '/v1/keys', 'name\nx', 'text/csv', 400, 'INVALID_CSV'],
      ['POST', '/v1/keys', '{"team":', 'application/json', 400, 'INVALID_JSON'],
      ['POST', '/v1/keys', 'team=red', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['POST', '/v1/keys', `team\n${'t,\n'.repeat(1)}`, 'text/csv', 400, 'INVALID_ROWS'],
      [
        'POST',
        '/v1/keys',
        `team\n${Array.from({ length: 501 }, (_, i) => i).join('\n')}`,
        'text/csv',
        422,
        'LIMIT_EXCEEDED',
      ],
      ['POST', '/v1/keys', `team\n${'x'.repeat(KEY_BATCH_BYTES)}`, 'text/csv', 413, 'BODY_TOO_LARGE'],
      ['PATCH', '/v1/keys/0123456789abcdef', { name: 'x' }, 'application/json', 404, 'NOT_FOUND'],
      ['PATCH', '/v1/keys/nope', { name: 'x' }, 'application/json', 404, 'NOT_FOUND'],
      ['PATCH', '/v1/keys/0123456789abcdef', { name: '' }, 'application/json', 400, 'INVALID_REQUEST'],
      ['POST', '/v1/keys/0123456789abcdef/revoke', undefined, 'application/json', 404, 'NOT_FOUND'],
      ['POST', `/v1/keys/${'x'.repeat(100)}/revoke`, undefined, 'application/json', 400, 'ID_TOO_LONG'],
      ['GET', '/v1/keys?cursor=bm90IG91cnM', undefined, 'application/json', 400, 'BAD_CURSOR'],
    ];
    for (const [method, path, body, type, status, code] of cases) {
      const r = await call(admin, method, path, body, type);
      expect([method, path.slice(0, 40), r.status, r.body.error?.code]).toEqual([
        method,
        path.slice(0, 40),
        status,
        code,
      ]);
    }
  });
});
