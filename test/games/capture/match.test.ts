import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { initialState, playTurn, RED } from '../../../src/games/capture/index.js';
import { fromNumbers } from '../../../src/games/capture/replay.js';
import { DEFAULT_BUDGETS } from '../../../src/sandbox/policy.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { inProcessRunner } from '../../../src/match/in-process-runner.js';
import type { Bundle } from '../../../src/core/bots.js';
import { playCapture } from './play.js';

const runner = inProcessRunner(nodeBotLoader);

const bot = (name: string): Bundle => ({
  kind: 'js',
  code: readFileSync(`src/games/capture/bots/${name}.js`, 'utf8'),
  name,
});

describe('Capture matches', () => {
  it('the gatherer turns grey pucks red on purpose and beats the do-nothing player; the same match twice is byte-identical', async () => {
    const play = () => playCapture({ bots: [bot('gatherer'), bot('do-nothing')], seed: 1, runner });
    const { replay } = await play();
    expect(replay.result).toMatchObject({ winner: 'red', decidedBy: 'pucks' });
    expect(replay.result.scores.red).toBeGreaterThan(10);
    expect(replay.turns.some((t) => t.c?.some((c) => c.s === RED && c.to === RED && c.p.length >= 2))).toBe(true);
    expect(JSON.stringify((await play()).replay)).toBe(JSON.stringify(replay));
  }, 60_000);

  it('the same bot on both sides of the mirrored start gives a mirrored result', async () => {
    for (const name of ['gatherer', 'loopy']) {
      const { replay } = await playCapture({ bots: [bot(name), bot(name)], seed: 3, runner });
      expect(replay.turns.every((t) => JSON.stringify(t.m[0]) === JSON.stringify(t.m[1]))).toBe(true);
      expect(replay.result).toMatchObject({ winner: 'draw', decidedBy: 'draw' });
      expect(replay.result.scores.red).toBe(replay.result.scores.blue);
      expect(replay.turns.every((t) => t.o[0] === t.o[1])).toBe(true);
    }
  }, 120_000);

  it('the replay’s moves rebuild every turn exactly', async () => {
    const { replay } = await playCapture({ bots: [bot('random'), bot('loopy')], seed: 9, runner });
    let s = initialState();
    for (const t of replay.turns) {
      const turn = playTurn(s, [fromNumbers(t.m[0]), fromNumbers(t.m[1])]);
      expect(turn.record.owned).toEqual(t.o);
      s = turn.state;
    }
    expect(s.pucks.filter((p) => p.color === RED).length).toBe(replay.result.scores.red);
  }, 60_000);

  it('a late, crashing or nonsensical answer is the null move, with the reason', async () => {
    const budgets = { ...DEFAULT_BUDGETS, firstTurnFuel: 20_000_000, turnFuel: 10_000_000 };
    const looping: Bundle = { kind: 'js', code: 'export default () => { for (;;) {} }', name: 'looping' };
    const garbage: Bundle = {
      kind: 'js',
      code: 'let n = 0; export default () => (n++ % 2 ? "1 2 3" : "a b c d e")',
      name: 'garbage',
    };
    const { replay, seats } = await playCapture({ bots: [looping, garbage], seed: 1, budgets, runner });
    expect(seats[0]!.overBudget).toBe(900);
    expect(replay.turns[0]!.r).toEqual(['no answer', "not a number: 'a'"]);
    expect(replay.turns[1]!.r).toEqual(['no answer', 'expected 5 numbers, got 3']);
    expect(replay.result.winner).toBe('draw');
  }, 120_000);

  it('`umpire match --game capture` prints the winner and the scores', async () => {
    const lines: string[] = [];
    const code = await runCli(
      [
        'match',
        '--game',
        'capture',
        '--red',
        'src/games/capture/bots/gatherer.js',
        '--blue',
        'src/games/capture/bots/random.js',
        '--seed',
        '4',
      ],
      (l) => lines.push(l),
      (l) => lines.push(l),
    );
    expect(code).toBe(0);
    const out = JSON.parse(lines.join('\n'));
    expect(out).toMatchObject({ game: 'capture', turns: 900 });
    expect(['red', 'blue', 'draw']).toContain(out.winner);
    expect(out.scores.red + out.scores.blue).toBeLessThanOrEqual(112);
  }, 60_000);
});
