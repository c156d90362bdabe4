import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `umpire keys` as a process, on a data folder of its own (no server running): each subcommand says
// first, on stderr, which storage it uses; stdout has only what it made or found.

const root = realpathSync(mkdtempSync(join(tmpdir(), 'umpire-cli-keys-')));
const dataDir = join(root, 'data');

function umpire(...args: string[]) {
  const run = spawnSync(process.execPath, ['bin/umpire.mjs', 'keys', ...args], {
    env: { ...process.env, UMPIRE_DATA_DIR: dataDir, STORE: '', S3_BUCKET: '', DYNAMODB_TABLE: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const storageLine = /^umpire keys: storage: embedded \(.*embedded storage, data in (.*)\)$/m;

describe('umpire keys', () => {
  it('creates team keys from a CSV and prints them once as CSV; lists them; revokes one', () => {
    const file = join(root, 'teams.csv');
    writeFileSync(file, 'team,name\nRed,"Red, laptop"\nBlue,\nGreen,\n');
    const made = umpire('create', '--csv', file, '--rate', '30');
    expect(made.code, made.stderr).toBe(0);
    expect(storageLine.exec(made.stderr)?.[1]).toBe(dataDir);
    const lines = made.stdout.trim().split('\n');
    expect(lines[0]).toBe('team,name,id,key');
    expect(lines.slice(1).map((l) => l.replace(/,[0-9a-f]{16},umpire_[A-Za-z0-9_-]{43}$/, ''))).toEqual([
      'Red,"Red, laptop"',
      'Blue,Blue',
      'Green,Green',
    ]);
    const blueId = lines[2]!.split(',')[2]!;

    const admin = umpire('create', '--admin', '--name', 'organizer');
    expect(admin.code, admin.stderr).toBe(0);
    expect(admin.stdout).toMatch(/^key: +umpire_\S+\nid: +[0-9a-f]{16} \(organizer, 60 writes a minute, admin key\)/);

    const revoked = umpire('revoke', blueId);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(storageLine.test(revoked.stderr)).toBe(true);
    expect(revoked.stdout).toMatch(new RegExp(`^revoked: ${blueId} \\(Blue, team key of 'Blue'\\) at \\S+Z\\n$`));

    const listed = umpire('list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(storageLine.test(listed.stderr)).toBe(true);
    const table = listed.stdout.trim().split('\n');
    expect(table[0]).toMatch(/^id +scope +name +rate +created +revoked$/);
    expect(table.at(-1)).toBe('4 keys');
    expect(table.find((l) => l.startsWith(blueId))).toMatch(/team Blue +Blue +30 +\S+ +\S+Z$/);
    expect(table.find((l) => l.includes('organizer'))).toMatch(/ admin +organizer +60 +\S+ +-$/);

    const json = umpire('list', '--json');
    const keys = JSON.parse(json.stdout) as { id: string; revokedAt: string | null; scope: string }[];
    expect(keys).toHaveLength(4);
    expect(keys.filter((k) => k.revokedAt !== null).map((k) => k.id)).toEqual([blueId]);
    expect(json.stdout).not.toContain('umpire_');
  }, 120_000);

  it('refuses a CSV with a bad row, naming its line, and makes no key; an unknown id is an error', () => {
    const file = join(root, 'bad.csv');
    writeFileSync(file, 'team,rate\nOne,10\n,20\nThree,zero\n');
    const refused = umpire('create', '--csv', file);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('2 rows refused, no key made:\n  line 3: team: team is required\n  line 4: rate:');
    const unknown = umpire('revoke', '0123456789abcdef');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no key '0123456789abcdef' in this storage");
    expect(umpire('revoke').code).toBe(2);
  }, 60_000);
});
