import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { replayState, result, STALLED } from '../../../src/games/blockdrop/index.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { inProcessRunner } from '../../../src/match/in-process-runner.js';
import type { Bundle } from '../../../src/core/bots.js';
import { playBlockDrop } from './play.js';
import { DEFAULT_BUDGETS } from '../../../src/sandbox/policy.js';

const runner = inProcessRunner(nodeBotLoader);

const file = (path: string): Bundle => ({ kind: 'js', code: readFileSync(path, 'utf8'), name: path.split('/').pop()! });
const js = (code: string, name: string): Bundle => ({ kind: 'js', code, name });
const HUNTER = file('src/games/blockdrop/bots/hunter.js');
const RANDOM = file('src/games/blockdrop/bots/random.js');

describe('block-drop matches of four bots', () => {
  it('the same seed and bots give a byte-identical replay; another seed, another game', async () => {
    const play = (seed: number) => playBlockDrop({ bots: [HUNTER, RANDOM, HUNTER, RANDOM], seed, runner });
    const a = await play(2);
    const b = await play(2);
    const c = await play(4);
    expect(JSON.stringify(b.replay)).toBe(JSON.stringify(a.replay));
    expect(JSON.stringify(c.replay)).not.toBe(JSON.stringify(a.replay));
    expect(a.summary.winner).not.toBe('draw');
  }, 60_000);

  it('a WebAssembly bot (AssemblyScript) plays alongside JS bots: READY, moves and attacks', async () => {
    const wasm: Bundle = {
      kind: 'wasm',
      code: new Uint8Array(readFileSync('build/bots/blockdrop.wasm')),
      name: 'blockdrop.wasm',
    };
    const play = () => playBlockDrop({ bots: [wasm, RANDOM, HUNTER, RANDOM], seed: 8, runner });
    const { summary, replay } = await play();
    expect(summary.players[0]!.forfeit).toBeUndefined();
    const mine = replay.turns.filter((t) => t.p === 0 && t.k);
    expect(mine.some((t) => t.c === 'A')).toBe(true);
    expect(mine.some((t) => t.o === 'moved')).toBe(true);
    expect(mine.every((t) => !t.k!.x)).toBe(true);
    expect(JSON.stringify((await play()).replay)).toBe(JSON.stringify(replay));
  }, 60_000);

  it('the replay’s commands rebuild the final state the match ended in', async () => {
    const { summary, replay } = await playBlockDrop({ bots: [HUNTER, RANDOM, RANDOM, HUNTER], seed: 6, runner });
    const end = replayState(
      replay.initial,
      replay.turns.map((t) => t.c),
      replay.turns.length,
    );
    expect(result(end).winner ?? 'draw').toBe(summary.winner);
    expect(end.players.map((p) => p.fellAt)).toEqual(summary.players.map((p) => p.fellAt));
    // Each turn asked the player whose turn it was, fallen or not (as the engine does); a fallen player's answer is not used.
    replay.turns.forEach((t, turn) => {
      expect(t.p).toBe(turn % 4);
      expect(t.k).toBeDefined();
      if (t.o === 'fallen') expect(t.c).toBe('N');
    });
    expect(replay.turns.some((t) => t.o === 'fallen')).toBe(true);
  }, 60_000);

  it('a bot that does not print READY, loops, throws or talks nonsense plays N, and the others play on', async () => {
    const silent = js('export default () => "hello"', 'silent');
    const looping = js('export default (s) => { if (s === "") return "READY"; for (;;) {} }', 'looping');
    const throwing = js('export default (s) => { if (s === "") return "READY"; throw new Error("boom"); }', 'throwing');
    const chatty = js('export default (s) => s === "" ? "READY" : "jump"', 'chatty');
    const budgets = { ...DEFAULT_BUDGETS, firstTurnFuel: 20_000_000, turnFuel: 10_000_000 };
    const { summary, replay } = await playBlockDrop({
      bots: [silent, looping, throwing, chatty],
      seed: 1,
      budgets,
      runner,
    });
    expect(summary.winner).toBe('draw');
    expect(summary.turns).toBe(1000);
    expect(summary.players[0]!.forfeit).toEqual({
      code: 'NO_HANDSHAKE',
      message: "the bot did not print READY: answered 'hello'",
    });
    // The looping bot is terminated on its first turn and plays N from then on.
    expect(summary.players[1]!.timeouts).toBe(1);
    expect(summary.players[1]!.terminatedAt).toBe(1);
    expect(summary.players[2]!.errors).toBe(250);
    expect(summary.players[3]!.invalid).toBe(250);
    expect(replay.turns[3]).toMatchObject({ p: 3, c: 'N', o: 'idle', r: "not a command: 'jump'" });
    expect(replay.turns[1]).toMatchObject({
      p: 1,
      c: 'N',
      r: 'no answer',
      k: { x: 'over_budget' },
      terminated: 'over_budget',
    });
    expect(replay.turns[5]).toMatchObject({ p: 1, c: 'N', r: 'no answer', k: { f: 0, x: 'terminated' } });
  }, 120_000);

  it('a block-drop bot that times out once is never called again and plays N to the end', async () => {
    // Logs each call, and loops on its third turn: past block drop's 100 ms.
    const third = js(
      'let n = 0; export default (s) => { if (s === "") { console.log("handshake"); return "READY"; } console.log("turn " + ++n); if (n === 3) for (;;) {} return "N"; }',
      'third',
    );
    const still = js('export default (s) => s === "" ? "READY" : "N"', 'still');
    const { summary, replay, logs } = await playBlockDrop({ bots: [still, third, still, still], seed: 3, runner });
    // The handshake and three turns; nothing after.
    expect(logs[1]!.match(/handshake|turn \d+/g)).toEqual(['handshake', 'turn 1', 'turn 2', 'turn 3']);
    const mine = replay.turns.filter((t) => t.p === 1 && t.k);
    expect(mine[2]).toMatchObject({ c: 'N', r: 'no answer', k: { x: 'over_budget' }, terminated: 'over_budget' });
    const ended = replay.turns.indexOf(mine[2]!);
    expect(ended).toBe(9);
    expect(summary.players[1]).toMatchObject({ timeouts: 1, errors: 0, terminatedAt: 9 });
    expect(mine.slice(0, 2).every((t) => t.c === 'N' && !t.r && !t.k!.x && !t.terminated)).toBe(true);
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.slice(3).every((t) => t.c === 'N' && t.k!.x === 'terminated' && t.k!.f === 0 && !t.terminated)).toBe(
      true,
    );
    expect(summary.players.filter((p) => p.id !== 1).every((p) => p.terminatedAt === undefined)).toBe(true);
  }, 60_000);

  it('a bot that leaves no line to read is terminated, as the engine kills it after waiting for one', async () => {
    // Its first answer ends with \r; its second is only the \n that completes that line.
    const stalling = js(
      'let n = 0; export default (s) => (s === "" ? "READY" : n++ === 0 ? "N\\r" : "\\n")',
      'stalling',
    );
    const still = js('export default (s) => s === "" ? "READY" : "N"', 'still');
    const { summary, replay } = await playBlockDrop({ bots: [still, stalling, still, still], seed: 3, runner });
    const mine = replay.turns.filter((t) => t.p === 1);
    expect(mine[0]).toMatchObject({ c: 'N', o: 'idle' });
    expect(mine[1]).toMatchObject({ c: 'N', r: STALLED, k: { f: expect.any(Number) } });
    expect(mine.slice(2).every((t) => t.k === undefined && t.r === STALLED)).toBe(true);
    expect(summary.players[1]).toMatchObject({ terminatedAt: 5, invalid: 1, timeouts: 0 });
    expect(summary.players[0]!.terminatedAt).toBeUndefined();
  }, 60_000);

  it('`umpire match --game blockdrop` prints the winner, the turn each player fell and failures', async () => {
    const lines: string[] = [];
    const code = await runCli(
      [
        'match',
        '--game',
        'blockdrop',
        '--bot',
        'src/games/blockdrop/bots/hunter.js',
        '--bot',
        'src/games/blockdrop/bots/random.js',
        '--bot',
        'src/games/blockdrop/bots/hunter.js',
        '--bot',
        'src/games/blockdrop/bots/random.js',
        '--seed',
        '5',
      ],
      (l) => lines.push(l),
      (l) => lines.push(l),
    );
    expect(code).toBe(0);
    const out = JSON.parse(lines.join('\n'));
    expect(out).toMatchObject({ game: 'blockdrop', seed: 5 });
    expect(out.players).toHaveLength(4);
    const standing = out.players
      .filter((p: { fellAt: number | null }) => p.fellAt === null)
      .map((p: { id: number }) => p.id);
    expect(out.winner).toBe(standing.length === 1 ? standing[0] : 'draw');
    const usage: string[] = [];
    expect(
      await runCli(
        ['match', '--game', 'blockdrop', '--bot', 'src/games/blockdrop/bots/hunter.js'],
        (l) => usage.push(l),
        (l) => usage.push(l),
      ),
    ).toBe(2);
    expect(usage.join('\n')).toMatch(/--bot must be given 4 times/);
  }, 60_000);
});
