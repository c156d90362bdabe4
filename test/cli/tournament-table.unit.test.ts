import { describe, expect, it } from 'vitest';
import { formatTable, type TournamentTable } from '../../src/cli/tournament-table.js';

const table: TournamentTable = {
  leaderboard: 'lb_x',
  game: 'icy',
  matches: { played: 2, failed: 0 },
  standings: [
    {
      rank: 1,
      name: 'a, "the best".js',
      botId: 'bot_a',
      file: 'bots/a.js',
      rating: 27.5,
      uncertainty: 7.25,
      points: 4,
      wins: 2,
      losses: 0,
      draws: 0,
      played: 2,
    },
  ],
  forfeited: [{ file: 'bots/b.js', code: 'BOT_INVALID', message: 'the bot does not load: line 1\nunexpected "("' }],
};

describe('the tournament table', () => {
  it('writes CSV with a header, the ranked bots, then the forfeited ones', () => {
    const [csv] = [formatTable(table, 'csv').join('\n')];
    expect(csv).toBe(
      [
        'rank,status,file,name,botId,rating,uncertainty,points,wins,losses,draws,played,code,message',
        '1,ranked,bots/a.js,"a, ""the best"".js",bot_a,27.500,7.250,4,2,0,0,2,,',
        ',forfeited,bots/b.js,,,,,,,,,,BOT_INVALID,"the bot does not load: line 1\nunexpected ""("""',
      ].join('\n'),
    );
  });

  it('writes JSON as the table itself, and text with the forfeited files last', () => {
    expect(JSON.parse(formatTable(table, 'json').join('\n'))).toEqual(table);
    const text = formatTable(table, 'text');
    expect(text[0]).toBe('leaderboard lb_x: 2 matches played, 0 failed');
    expect(text[2]).toBe('   1     27.5   7.25   2   0   0  a, "the best".js (bot_a)');
    expect(text[3]).toContain('bots/b.js: forfeited, BOT_INVALID: the bot does not load');
  });
});
