import { describe, expect, it } from 'vitest';
import { headToHeadCsv, matchesCsv, standingsCsv, type RankedLine } from '../../src/api/board-csv.js';
import type { ResultLine } from '../../src/store/contract/leaderboards.js';

const line = (match: string, red: string, blue: string, scores: [number, number]): ResultLine => ({
  match,
  round: 'round_1',
  finishedAt: `2026-01-02T00:0${match.at(-1)}:00.000Z`,
  map: 'default',
  red: { botId: red, score: scores[0] },
  blue: { botId: blue, score: scores[1] },
  winner: 'red',
  ratings: {},
});
const ranked = (l: ResultLine, ranks: number[] | null): RankedLine => ({ line: l, ranks });
const named = (botId: string) => ({ entryId: `ent_${botId}`, name: botId === 'c' ? 'c, "the third"' : botId });

describe('the CSV exports of a board', () => {
  it('writes the standings with a header, one line an entry, its status', () => {
    const text = standingsCsv([
      {
        rank: 1,
        entryId: 'ent_a',
        botId: 'a',
        name: 'a',
        rating: 30,
        uncertainty: 2,
        points: 4,
        wins: 2,
        losses: 0,
        draws: 0,
        played: 2,
      },
      {
        rank: 2,
        entryId: 'ent_b',
        name: 'b',
        rating: 20,
        uncertainty: 2,
        points: 0,
        wins: 0,
        losses: 2,
        draws: 0,
        played: 2,
        status: 'banned',
      },
    ] as never);
    expect(text).toBe(
      'rank,entry,bot,name,rating,uncertainty,points,wins,losses,draws,played,status\r\n' +
        '1,ent_a,a,a,30,2,4,2,0,0,2,active\r\n' +
        '2,ent_b,,b,20,2,0,0,2,0,2,banned\r\n',
    );
  });

  it('writes one line per match: seats, names, scores and ranks in seat order', () => {
    const text = matchesCsv(
      [
        ranked(line('m1', 'a', 'c', [3, 1]), [1, 2]),
        ranked({ ...line('m2', 'c', 'a', [2, 2]), void: { reason: 'x', at: 'y' } }, null),
      ],
      named,
    );
    expect(text.split('\r\n')).toEqual([
      'match,round,finished_at,map,entries,names,scores,ranks,void',
      'm1,round_1,2026-01-02T00:01:00.000Z,default,ent_a ent_c,"a | c, ""the third""",3 1,1 2,false',
      'm2,round_1,2026-01-02T00:02:00.000Z,default,ent_c ent_a,"c, ""the third"" | a",2 2,,true',
      '',
    ]);
  });

  it('tallies each pair once, from the side of the entry ranked higher in the table', () => {
    const lines = [
      ranked(line('m1', 'a', 'b', [3, 1]), [1, 2]),
      ranked(line('m2', 'b', 'a', [3, 1]), [1, 2]),
      ranked(line('m3', 'b', 'a', [1, 1]), [1, 1]),
      ranked(line('m4', 'c', 'a', [0, 1]), [2, 1]),
      ranked(line('m5', 'c', 'b', [0, 1]), null),
      ranked({ ...line('m6', 'c', 'b', [0, 1]), void: { reason: 'x', at: 'y' } }, [2, 1]),
    ];
    expect(headToHeadCsv(lines, ['a', 'b', 'c'], named).split('\r\n')).toEqual([
      'entry,name,opponent,opponent_name,wins,losses,draws',
      'ent_a,a,ent_b,b,1,1,1',
      'ent_a,a,ent_c,"c, ""the third""",1,0,0',
      '',
    ]);
  });
});
