import { describe, expect, it } from 'vitest';
import { composeManifest, manifestBytes } from '../../src/leaderboard/manifest.js';
import { sha256Hex } from '../../src/match/digest.js';
import type { Entry, Leaderboard, ResultLine, Round } from '../../src/store/contract/leaderboards.js';

const board: Leaderboard = {
  id: 'lb_a',
  name: 'spring',
  game: 'icy',
  rating: 'elo',
  owner: 'org',
  createdAt: '2026-01-01T00:00:00.000Z',
  deadline: '2026-02-01T00:00:00.000Z',
  maps: ['default', 'map1'],
  rules: 'queue2011',
};
const entry = (botId: string, sha: string): Entry => ({
  botId,
  name: botId,
  sha256: sha.repeat(64),
  rating: { system: 'elo', rating: 1000 } as unknown as Entry['rating'],
  wins: 0,
  losses: 0,
  draws: 0,
  played: 0,
  history: [],
  version: 3,
});
const round: Round = { id: 'round_1', total: 2, done: 2, failed: 0, createdAt: '2026-01-02T00:00:00.000Z' };
const line = (match: string): ResultLine => ({
  match,
  round: 'round_1',
  finishedAt: '2026-01-02T00:01:00.000Z',
  map: 'default',
  red: { botId: 'bot_a', score: 3 },
  blue: { botId: 'bot_b', score: 1 },
  winner: 'red',
  ratings: {},
});
const frozenAt = '2026-03-01T00:00:00.000Z';

interface Parts {
  board: Leaderboard;
  frozenAt: string;
  entries: Entry[];
  rounds: Round[];
  matches: { line: ResultLine; replaySha256: string | null }[];
}

const hashOf = async (parts: Partial<Parts> = {}) => {
  const p: Parts = {
    board,
    frozenAt,
    entries: [entry('bot_a', 'a'), entry('bot_b', 'b')],
    rounds: [round],
    matches: [{ line: line('m1'), replaySha256: 'f'.repeat(64) }],
    ...parts,
  };
  return sha256Hex(manifestBytes(composeManifest(p.board, p.frozenAt, p.entries, p.rounds, p.matches)));
};

describe('the manifest of a frozen board', () => {
  it('is the same bytes for the same board, whatever order its parts were read or its settings written in', async () => {
    const first = await hashOf();
    expect(await hashOf()).toBe(first);
    expect(await hashOf({ entries: [entry('bot_b', 'b'), entry('bot_a', 'a')] })).toBe(first);
    const { maps, rules, ...rest } = board;
    expect(await hashOf({ board: { ...rest, rules, maps } as Leaderboard })).toBe(first);
    // Ratings and records move with every match: they are not part of what the manifest fixes.
    expect(await hashOf({ entries: [{ ...entry('bot_a', 'a'), wins: 9, version: 12 }, entry('bot_b', 'b')] })).toBe(
      first,
    );
    const manifest = composeManifest(
      board,
      frozenAt,
      [entry('bot_a', 'a')],
      [round],
      [{ line: line('m1'), replaySha256: null }],
    );
    expect(manifest.leaderboard.settings).toEqual({ maps: ['default', 'map1'], rules: 'queue2011' });
    expect(manifest.matches[0]).toEqual({
      match: 'm1',
      round: 'round_1',
      map: 'default',
      finishedAt: '2026-01-02T00:01:00.000Z',
      seats: ['bot_a', 'bot_b'],
      replaySha256: null,
      void: false,
    });
  });

  it('changes with any part: a setting, the deadline, an entry, a round, a match or its replay', async () => {
    const first = await hashOf();
    const changed = [
      await hashOf({ board: { ...board, maps: ['default'] } }),
      await hashOf({ board: { ...board, deadline: '2026-02-02T00:00:00.000Z' } }),
      await hashOf({ board: { ...board, name: 'summer' } }),
      await hashOf({ frozenAt: '2026-03-02T00:00:00.000Z' }),
      await hashOf({ entries: [entry('bot_a', 'c'), entry('bot_b', 'b')] }),
      await hashOf({ entries: [{ ...entry('bot_a', 'a'), pin: 2 }, entry('bot_b', 'b')] }),
      await hashOf({ entries: [{ ...entry('bot_a', 'a'), status: 'banned' }, entry('bot_b', 'b')] }),
      await hashOf({ entries: [entry('bot_a', 'a')] }),
      await hashOf({ rounds: [{ ...round, failed: 1 }] }),
      await hashOf({ matches: [{ line: line('m2'), replaySha256: 'f'.repeat(64) }] }),
      await hashOf({ matches: [{ line: line('m1'), replaySha256: 'e'.repeat(64) }] }),
      await hashOf({ matches: [{ line: { ...line('m1'), map: 'map1' }, replaySha256: 'f'.repeat(64) }] }),
      await hashOf({
        matches: [{ line: { ...line('m1'), void: { reason: 'x', at: frozenAt } }, replaySha256: 'f'.repeat(64) }],
      }),
    ];
    for (const hash of changed) expect(hash).not.toBe(first);
    expect(new Set(changed).size).toBe(changed.length);
  });
});
