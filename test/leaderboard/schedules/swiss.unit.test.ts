import { describe, expect, it } from 'vitest';
import { swissRound } from '../../../src/leaderboard/schedules/swiss.js';
import { contender, input, met, pairsOf } from './fixtures.js';

describe('a Swiss round', () => {
  it('pairs entries of equal or close points, top down', () => {
    const entries = [
      contender('a', { points: 0 }),
      contender('b', { points: 4 }),
      contender('c', { points: 2 }),
      contender('d', { points: 4 }),
    ];
    expect(pairsOf(swissRound(input(entries)))).toEqual(['b-d', 'a-c']);
  });

  it('avoids rematches where a pairing without any exists', () => {
    const entries = ['a', 'b', 'c', 'd'].map((id, k) => contender(id, { points: 10 - k }));
    // Top down without looking ahead: a-c, then b-d, a rematch; the search finds a-d and b-c.
    expect(pairsOf(swissRound(input(entries, { history: [met('a', 'b'), met('b', 'd')] })))).toEqual(['a-d', 'b-c']);
    const strict = [met('a', 'b'), met('a', 'c'), met('b', 'd')];
    expect(pairsOf(swissRound(input(entries, { history: strict })))).toEqual(['a-d', 'b-c']);
  });

  it('allows a rematch only when every pairing has one', () => {
    const entries = [contender('a', { points: 2 }), contender('b')];
    expect(pairsOf(swissRound(input(entries, { history: [met('a', 'b')] })))).toEqual(['a-b']);
  });

  it('gives the bye of an odd count to the lowest ranked of those with the most games', () => {
    const entries = [
      contender('a', { points: 6, played: 3 }),
      contender('b', { points: 4, played: 3 }),
      contender('c', { points: 2, played: 3 }),
      contender('d', { points: 0, played: 2 }),
      contender('e', { points: 0, played: 3 }),
    ];
    const seated = swissRound(input(entries)).flatMap((s) => s.seats);
    expect(seated).toHaveLength(4);
    expect(seated).not.toContain('e');
    expect(seated).toContain('d');
  });

  it('balances colors: the entry that sat first less often sits first', () => {
    const entries = [contender('a', { points: 2 }), contender('b', { points: 2 })];
    const history = [met('a', 'x'), met('a', 'y'), met('b', 'z')];
    expect(swissRound(input(entries, { history }))[0]!.seats).toEqual(['b', 'a']);
  });

  it('plays every pair on one venue drawn with the seed, and is the same for the same seed', () => {
    const entries = Array.from({ length: 8 }, (_, k) => contender(`bot${k}`));
    const venues = ['one', 'two', 'three'];
    const round = swissRound(input(entries, { venues, seed: 9 }));
    expect(round).toHaveLength(4);
    expect(new Set(round.map((s) => s.map)).size).toBe(1);
    expect(swissRound(input(entries, { venues, seed: 9 }))).toEqual(round);
    const maps = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => swissRound(input(entries, { venues, seed }))[0]!.map));
    expect(maps.size).toBeGreaterThan(1);
  });

  it('plays no rematch in three rounds of eight entries', () => {
    const entries = Array.from({ length: 8 }, (_, k) => contender(`bot${k}`, { rating: k }));
    const history: { seats: string[] }[] = [];
    const points = new Map(entries.map((e) => [e.botId, 0]));
    for (let round = 0; round < 3; round++) {
      const now = entries.map((e) => ({ ...e, points: points.get(e.botId)! }));
      for (const s of swissRound(input(now, { history, seed: round }))) {
        history.push({ seats: s.seats });
        points.set(s.seats[0]!, points.get(s.seats[0]!)! + 2);
      }
    }
    expect(new Set(pairsOf(history)).size).toBe(12);
  });

  it('keeps to its limit, the top pairs first', () => {
    const entries = ['a', 'b', 'c', 'd'].map((id, k) => contender(id, { points: 10 - k }));
    expect(pairsOf(swissRound(input(entries, { limit: 1 })))).toEqual(['a-b']);
  });
});
