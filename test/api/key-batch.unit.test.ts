import { describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_BATCH, mintTeamKeys, teamKeysFromCsv, teamKeysFromJson } from '../../src/api/key-batch.js';
import { ApiProblem } from '../../src/api/problems.js';
import { StoreError } from '../../src/store/contract/errors.js';
import { MemoryKeyStore } from '../../src/store/memory/memory-keys.js';

const refusal = (run: () => unknown): ApiProblem => {
  try {
    run();
  } catch (e) {
    if (e instanceof ApiProblem) return e;
    throw e;
  }
  throw new Error('accepted');
};

describe('team keys from a CSV or JSON', () => {
  it('reads team, name and rate in any column order; name defaults to the team, rate to the default', () => {
    expect(teamKeysFromCsv('Name , team,rate\nlaptop,red,10\n,blue,\n', 60)).toEqual([
      { team: 'red', name: 'laptop', rate: 10 },
      { team: 'blue', name: 'blue', rate: 60 },
    ]);
    expect(teamKeysFromCsv('team\n green \n', 7)).toEqual([{ team: 'green', name: 'green', rate: 7 }]);
    expect(teamKeysFromJson({ team: 'red' })).toEqual([{ team: 'red', name: 'red', rate: 60 }]);
    expect(teamKeysFromJson([{ team: 'a', name: 'b', rate: 5 }])).toEqual([{ team: 'a', name: 'b', rate: 5 }]);
  });

  it('refuses a header without team, an unknown or repeated column, an empty file', () => {
    expect(refusal(() => teamKeysFromCsv('name,rate\nx,1\n')).message).toMatch(
      /^line 1: the header has no column 'team'/,
    );
    expect(refusal(() => teamKeysFromCsv('team,email\nx,y\n')).message).toMatch(/^line 1: unknown column 'email'/);
    expect(refusal(() => teamKeysFromCsv('team,Team\nx,y\n')).message).toBe("line 1: the column 'team' is named twice");
    expect(refusal(() => teamKeysFromCsv('')).code).toBe('INVALID_CSV');
    expect(refusal(() => teamKeysFromCsv('team\n')).code).toBe('INVALID_REQUEST');
  });

  it('says every bad row, by row and line, and makes nothing', () => {
    const text = [
      'team,name,rate',
      'ok,,',
      ',nameless,5',
      'fast,,0',
      'a,b',
      `${'x'.repeat(101)},,`,
      'ok,,',
      'slow,,many',
    ].join('\n');
    const p = refusal(() => teamKeysFromCsv(text));
    expect(p.status).toBe(400);
    expect(p.code).toBe('INVALID_ROWS');
    expect(p.message).toBe('6 problems in the rows, no key made; row 2 (line 3): team is required');
    expect((p.details as { rows: unknown[] }).rows).toEqual([
      { row: 2, line: 3, field: 'team', message: 'team is required' },
      { row: 3, line: 4, field: 'rate', message: 'rate must be a whole number of writes a minute, 1 to 100000' },
      { row: 4, line: 5, field: '(row)', message: 'has 2 fields; the header has 3' },
      { row: 5, line: 6, field: 'team', message: 'team has at most 100 characters; this one has 101' },
      { row: 6, line: 7, field: 'team', message: 'repeats row 1 (the same team and name)' },
      { row: 7, line: 8, field: 'rate', message: 'rate must be a whole number of writes a minute, 1 to 100000' },
    ]);
    const json = refusal(() => teamKeysFromJson([{ team: 'a' }, 'b', { team: 'c', email: 'x' }, { team: 'd\n' }]));
    expect((json.details as { rows: unknown[] }).rows).toEqual([
      { row: 2, field: '(row)', message: 'must be an object { team, name?, rate? }' },
      { row: 3, field: 'email', message: 'unknown field; the fields are team, name, rate' },
    ]);
    expect(refusal(() => teamKeysFromJson([{ team: 'tab\there' }])).message).toMatch(/control characters/);
  });

  it(`makes at most ${MAX_KEYS_PER_BATCH} keys a request`, () => {
    const rows = Array.from({ length: MAX_KEYS_PER_BATCH + 1 }, (_, i) => `t${i}`);
    const p = refusal(() => teamKeysFromCsv(`team\n${rows.join('\n')}`));
    expect([p.status, p.code, p.details]).toEqual([
      422,
      'LIMIT_EXCEEDED',
      { limit: 'keysPerRequest', max: MAX_KEYS_PER_BATCH, count: MAX_KEYS_PER_BATCH + 1 },
    ]);
    expect(teamKeysFromCsv(`team\n${rows.slice(1).join('\n')}`)).toHaveLength(MAX_KEYS_PER_BATCH);
  });
});

describe('mintTeamKeys', () => {
  it('makes team keys in order, each with its secret once', async () => {
    const keys = new MemoryKeyStore();
    const made = await mintTeamKeys(keys, teamKeysFromCsv('team\nred\nblue\n'), 'admin1', new Date(0));
    expect(made.map((m) => [m.record.team, m.record.scope, m.record.createdBy])).toEqual([
      ['red', 'team', 'admin1'],
      ['blue', 'team', 'admin1'],
    ]);
    expect(made.every((m) => /^umpire_[A-Za-z0-9_-]{43}$/.test(m.key))).toBe(true);
  });

  it('revokes the keys it made when storage fails part way, and says so', async () => {
    const keys = new MemoryKeyStore();
    let calls = 0;
    const create = keys.create.bind(keys);
    keys.create = async (hash, record) => {
      if (++calls === 3) throw new StoreError('STORAGE_UNAVAILABLE', 'storing an API key failed: down');
      return create(hash, record);
    };
    const failed = await mintTeamKeys(keys, teamKeysFromCsv('team\na\nb\nc\nd\n'), undefined, new Date(0)).catch(
      (e) => e,
    );
    expect(failed).toBeInstanceOf(StoreError);
    expect(failed.message).toBe(
      'storing an API key failed: down; of the 2 keys made before it, 2 are revoked: send the whole batch again',
    );
    const listed = (await keys.list(10)).items;
    // Made in the same instant: listed in id order.
    expect(listed.map((k) => [k.team, Boolean(k.revokedAt)]).sort()).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });
});
