import { describe, expect, it } from 'vitest';
import { rankRatings, initialRating, shown } from '../../src/ratings/index.js';
import { replayRatings, type RatedLine } from '../../src/leaderboard/rerate.js';
import type { Leaderboard, ResultLine } from '../../src/store/contract/leaderboards.js';

const board = (rating: 'elo' | 'openskill'): Leaderboard => ({
  id: 'lb_r',
  name: 'r',
  game: 'icy',
  rating,
  owner: 'o',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const line = (match: string, red: string, blue: string, extra: Partial<ResultLine> = {}): ResultLine => ({
  match,
  round: 'round_1',
  finishedAt: `2026-01-02T00:00:0${match.at(-1)}.000Z`,
  map: 'default',
  red: { botId: red, score: 1 },
  blue: { botId: blue, score: 0 },
  winner: 'red',
  ratings: {},
  ...extra,
});

describe('re-rating a board', () => {
  for (const system of ['elo', 'openskill'] as const)
    it(`rates each match against the ratings just before it, in order (${system})`, () => {
      const lines: RatedLine[] = [
        { line: line('m1', 'a', 'b'), ranks: [1, 2] },
        { line: line('m2', 'b', 'c'), ranks: [1, 1] },
        { line: line('m3', 'c', 'a'), ranks: [1, 2] },
      ];
      const { tallies, lineRatings } = replayRatings(board(system), ['a', 'b', 'c'], lines);
      // The same sums by hand: what rateOnce gives when a board plays one match at a time.
      let [a, b, c] = [initialRating(system), initialRating(system), initialRating(system)];
      [a, b] = rankRatings(system, [a, b], [1, 2]) as [typeof a, typeof b];
      [b, c] = rankRatings(system, [b, c], [1, 1]) as [typeof a, typeof b];
      [c, a] = rankRatings(system, [c, a], [1, 2]) as [typeof a, typeof b];
      expect(tallies.get('a')).toMatchObject({ rating: a, wins: 1, losses: 1, draws: 0, played: 2 });
      expect(tallies.get('b')).toMatchObject({ rating: b, wins: 0, losses: 1, draws: 1, played: 2 });
      expect(tallies.get('c')).toMatchObject({ rating: c, wins: 1, losses: 0, draws: 1, played: 2 });
      expect(tallies.get('a')!.history.map((h) => h.match)).toEqual(['m1', 'm3']);
      expect(lineRatings.get('m3')).toEqual({ c: shown(c), a: shown(a) });
      expect(replayRatings(board(system), ['a', 'b', 'c'], lines)).toEqual({ tallies, lineRatings });
    });

  it('leaves out void matches, matches without ranks and seats that are no entry', () => {
    const { tallies, lineRatings } = replayRatings(
      board('elo'),
      ['a', 'b'],
      [
        { line: line('m1', 'a', 'b', { void: { reason: 'fault', at: 'now' } }), ranks: [1, 2] },
        { line: line('m2', 'a', 'b'), ranks: null },
        { line: line('m3', 'a', 'gone'), ranks: [1, 2] },
        { line: line('m4', 'b', 'a'), ranks: [1, 2] },
      ],
    );
    expect([...lineRatings.keys()]).toEqual(['m4']);
    expect(tallies.get('a')).toMatchObject({ played: 1, losses: 1 });
    expect(tallies.get('b')).toMatchObject({ played: 1, wins: 1 });
  });
});
