import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import {
  DEFAULT_MAP,
  historyToReplay,
  replayToHistory,
  ruleSet,
  stateAt,
  verifyHistory,
} from '../../../src/games/icy/index.js';
import { ReplaySchema, replayJsonSchema } from '../../../src/games/icy/replay-schema.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { icyReplayFromMatch } from '../../../src/games/icy/match-replay.js';
import { runMatch } from '../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';

const rules = ruleSet('queue2011');
const GAMES = 'test/fixtures/icy-queue2011';
const games = readdirSync(GAMES).filter((f) => f.endsWith('.turns.gz'));

describe('replay format v1', () => {
  it.each(games)('%s: import, then export, gives the history back byte for byte; every turn can be shown', (file) => {
    const history = gunzipSync(readFileSync(`${GAMES}/${file}`));
    const replay = historyToReplay(history, rules);
    if (!replay.ok) throw new Error(replay.problems[0].message);
    expect(ReplaySchema.safeParse(replay.value).success).toBe(true);
    expect(replayToHistory(replay.value)).toBe(history.toString('latin1'));
    const states = verifyHistory(history, rules, { keepStates: true }).states;
    for (const t of [0, 1, 19, 20, 21, 57, 99, 179, 180]) expect(stateAt(replay.value, t)).toEqual(states[t]);
    expect(gzipSync(JSON.stringify(replay.value)).length).toBeLessThan(30 * 1024);
  });

  it('refuses a history that does not replay', () => {
    const lines = gunzipSync(readFileSync(`${GAMES}/g00_default_0.turns.gz`))
      .toString('latin1')
      .split('\n');
    lines[50 * 100 + 12] = lines[50 * 100 + 12]!.replace(/^3a/, '4a');
    const r = historyToReplay(new TextEncoder().encode(lines.join('\n')), rules);
    expect(!r.ok && r.problems[0]).toMatchObject({
      code: 'TURNS_MISMATCH',
      message: expect.stringMatching(/^turn 100: space/),
    });
  });

  it('a played match: outcomes, throws, bot calls, and under 30 KB gzipped', async () => {
    const options = { rules, map: DEFAULT_MAP };
    const match = await runMatch({
      game: icyGame,
      options,
      seed: 7,
      bots: [
        { kind: 'js', code: readFileSync('src/games/icy/bots/hunter.js', 'utf8') },
        { kind: 'js', code: 'export default () => "run 40 40\\nfly\\ncrouch"' },
      ],
      load: nodeBotLoader,
    });
    const bot = { name: null, sha256: null, kind: 'js' } as const;
    const replay = icyReplayFromMatch(match, options, {
      engine: 'test',
      game: 'icy',
      rules: 'queue2011',
      map: { name: 'default', sha256: null },
      seed: 7,
      budgets: null,
      bots: { red: bot, blue: bot },
    });
    expect(ReplaySchema.safeParse(replay).success).toBe(true);
    expect(replay.turns[0]!.c![0]!.f).toBeGreaterThan(0);
    // Blue's lines drive engine children 7, 6, 5, 4.
    expect(replay.turns[0]!.o.slice(4)).toEqual(['', '', 'malformed', 'too_far']);
    expect(replay.turns.some((t) => t.t?.some(([, , end]) => end === 'child'))).toBe(true);
    expect(replay.result.scores).toEqual(match.result.scores);
    expect(gzipSync(JSON.stringify(replay)).length).toBeLessThan(30 * 1024);
  }, 30_000);

  it('docs/replay.schema.json is the schema the code validates with', () => {
    expect(JSON.parse(readFileSync('docs/replay.schema.json', 'utf8'))).toEqual(replayJsonSchema());
  });

  it('`umpire replay import` and `export --turns` convert', async () => {
    const out: string[] = [];
    const json = '/tmp/umpire-replay-cli.json.gz';
    const turns = '/tmp/umpire-replay-cli.turns';
    expect(
      await runCli(
        ['replay', 'import', `${GAMES}/c02_map2_cc.turns.gz`, json],
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(0);
    expect(
      await runCli(
        ['replay', 'export', '--turns', json, turns],
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(0);
    expect(readFileSync(turns, 'latin1')).toBe(
      gunzipSync(readFileSync(`${GAMES}/c02_map2_cc.turns.gz`)).toString('latin1'),
    );
    const err: string[] = [];
    expect(
      await runCli(
        ['replay', 'export', '--turns', 'package.json', turns],
        (l) => err.push(l),
        (l) => err.push(l),
      ),
    ).toBe(1);
    expect(err[0]).toMatch(/not an umpire replay \(v1\)/);
  });
});
