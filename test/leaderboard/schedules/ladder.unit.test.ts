import { describe, expect, it } from 'vitest';
import { ladderBatch } from '../../../src/leaderboard/schedules/ladder.js';
import { contender, input, met, pairsOf } from './fixtures.js';

describe('a ladder batch', () => {
  it('starts from the entry with the fewest games and seats every entry at most once', () => {
    const entries = [
      contender('a', { played: 9 }),
      contender('b', { played: 1 }),
      contender('c', { played: 5 }),
      contender('d', { played: 7 }),
    ];
    const batch = ladderBatch(input(entries, { limit: 1 }));
    expect(batch).toHaveLength(1);
    expect(batch[0]!.seats).toContain('b');
    const full = ladderBatch(input(entries));
    expect(full).toHaveLength(2);
    expect(new Set(full.flatMap((s) => s.seats)).size).toBe(4);
  });

  it('pairs close ratings', () => {
    const entries = [
      contender('low', { rating: 10 }),
      contender('mid', { rating: 20, played: 3 }),
      contender('near', { rating: 11, played: 3 }),
      contender('high', { rating: 40, played: 3 }),
    ];
    expect(pairsOf(ladderBatch(input(entries, { limit: 1 })))).toEqual(['low-near']);
  });

  it('prefers a pair that never met, then the pair that met longest ago', () => {
    const entries = [contender('a'), contender('b', { played: 1 }), contender('c', { played: 1 })];
    expect(pairsOf(ladderBatch(input(entries, { history: [met('a', 'b')] })))).toEqual(['a-c']);
    const history = [met('a', 'c'), met('b', 'c'), met('a', 'b'), met('b', 'c')];
    expect(pairsOf(ladderBatch(input(entries, { history })))).toEqual(['a-c']);
    expect(pairsOf(ladderBatch(input(entries, { history: [...history, met('a', 'c')] })))).toEqual(['a-b']);
  });

  it('alternates colors: a pair that met sits the other way round', () => {
    const entries = [contender('a'), contender('b')];
    expect(ladderBatch(input(entries, { history: [met('a', 'b')] }))[0]!.seats).toEqual(['b', 'a']);
    expect(ladderBatch(input(entries, { history: [met('b', 'a')] }))[0]!.seats).toEqual(['a', 'b']);
  });

  it('is the same for the same seed, and draws ties and venues from the seed', () => {
    const entries = Array.from({ length: 10 }, (_, k) => contender(`bot${k}`));
    const venues = ['one', 'two', 'three'];
    const first = ladderBatch(input(entries, { venues, seed: 42 }));
    expect(ladderBatch(input(entries, { venues, seed: 42 }))).toEqual(first);
    const others = [1, 2, 3, 4, 5].map((seed) => ladderBatch(input(entries, { venues, seed })));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(first))).toBe(true);
    expect(new Set(others.flat().map((s) => s.map))).toEqual(new Set(venues));
  });

  it('keeps every entry near the same number of games over many batches', () => {
    const entries = Array.from({ length: 7 }, (_, k) => contender(`bot${k}`, { rating: k }));
    const played = new Map(entries.map((e) => [e.botId, 0]));
    const history: { seats: string[] }[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const now = entries.map((e) => ({ ...e, played: played.get(e.botId)! }));
      for (const s of ladderBatch(input(now, { history, seed: batch, limit: 2 }))) {
        history.push({ seats: s.seats });
        for (const id of s.seats) played.set(id, played.get(id)! + 1);
      }
    }
    const counts = [...played.values()];
    // 60 matches, 120 seats: about 17 each; the entry with the fewest games plays in every batch.
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(4);
  });

  it('picks nothing for fewer than two entries', () => {
    expect(ladderBatch(input([contender('alone')]))).toEqual([]);
  });
});
