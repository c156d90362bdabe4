import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockDropGame } from '../../src/games/blockdrop/game.js';
import { decodeCommand } from '../../src/games/blockdrop/protocol.js';
import { captureGame, decodeMove, playTurn, type CaptureState } from '../../src/games/capture/index.js';
import { runMatch } from '../../src/match/run-match.js';
import { DEFAULT_BUDGETS } from '../../src/sandbox/policy.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { DEFAULT_LIMITS, type Bundle } from '../../src/sandbox/types.js';

// src/games/capture/bots/gatherer.c and src/games/blockdrop/bots/hunter.c are classic
// stdin/stdout players; the build compiles them for wasm32-wasi when the C
// toolchain is installed (.ci/run installs it).
const CAPTURE = 'build/bots/capture-gatherer-wasi.wasm';
const BLOCKDROP = 'build/bots/blockdrop-hunter-wasi.wasm';
const wasm = (path: string): Bundle => ({ kind: 'wasm', code: new Uint8Array(readFileSync(path)) });
const js = (path: string): Bundle => ({ kind: 'js', code: readFileSync(path, 'utf8') });

describe.skipIf(!existsSync(CAPTURE))('a WASI Capture player (src/games/capture/bots/gatherer.c)', () => {
  it('plays a whole match with legal moves', async () => {
    const { result, replay } = await runMatch({
      game: captureGame,
      options: {},
      seed: 2,
      bots: [wasm(CAPTURE), js('src/games/capture/bots/random.js')],
      load: nodeBotLoader,
    });
    expect(result.turns).toBe(900);
    expect(result.seats[0]).toMatchObject({ errors: 0, crashes: 0, overBudget: 0 });
    // After the last turn the runner sent it the end-of-game -1, and it exited cleanly.
    expect(result.seats[0]!.log).toContain('capture-gatherer: read -1 after 900 turns, exiting');
    for (const t of replay.turns) {
      expect(t.step.reasons[0]).toBeNull();
      expect(decodeMove(t.answers[0]!).reason).toBeUndefined();
    }
    // It does something: its sled turns and its bumpers move.
    expect(replay.turns.some((t) => t.step.moves[0].turn !== 0)).toBe(true);
    expect(replay.turns.some((t) => t.step.moves[0].accel[0][0] !== 0)).toBe(true);
  }, 120_000);

  it('on both sides of the mirrored start, plays move for move the same and draws', async () => {
    const { result, replay } = await runMatch({
      game: captureGame,
      options: {},
      seed: 3,
      bots: [wasm(CAPTURE), wasm(CAPTURE)],
      load: nodeBotLoader,
    });
    expect(replay.turns.every((t) => t.answers[0] === t.answers[1])).toBe(true);
    expect(replay.turns.every((t) => t.step.owned[0] === t.step.owned[1])).toBe(true);
    expect(result.winner).toBeNull();
  }, 120_000);

  it('reads the end-of-game -1, says so in its log and exits cleanly', async () => {
    const loaded = await nodeBotLoader(wasm(CAPTURE), {
      limits: DEFAULT_LIMITS,
      seed: 1,
      loadFuel: DEFAULT_BUDGETS.loadFuel,
    });
    if (!loaded.ok) throw new Error(loaded.failure.message);
    const bot = loaded.bot;
    const budget = { fuel: DEFAULT_BUDGETS.turnFuel };
    let state: CaptureState = captureGame.setup({});
    for (let turn = 0; turn < 3; turn++) {
      const r = await bot.act(captureGame.observe(state, 0, {}), budget);
      expect(r.failure).toBeUndefined();
      state = playTurn(state, [decodeMove(r.output!).move, decodeMove('0 0 0 0 0').move]).state;
    }
    // What the runner sends after the last turn (GameRules.farewell).
    const last = await bot.act(captureGame.farewell!(state, 0, {}), budget);
    expect(last).toMatchObject({ output: '' });
    expect(last.failure).toBeUndefined();
    expect(bot.crashes).toBe(0);
    expect(bot.log()).toContain('capture-gatherer: read -1 after 3 turns, exiting');
    bot.dispose();
  }, 60_000);
});

describe.skipIf(!existsSync(BLOCKDROP))('a WASI block-drop player (src/games/blockdrop/bots/hunter.c)', () => {
  it('answers the READY handshake and plays legal commands in a match', async () => {
    const bundle = wasm(BLOCKDROP);
    const { result, replay } = await runMatch({
      game: blockDropGame,
      options: { seed: 1 },
      seed: 1,
      bots: [bundle, js('src/games/blockdrop/bots/random.js'), bundle, js('src/games/blockdrop/bots/random.js')],
      load: nodeBotLoader,
    });
    expect(result.forfeits).toEqual([]);
    for (const seat of [0, 2]) expect(result.seats[seat]).toMatchObject({ errors: 0, crashes: 0, overBudget: 0 });
    const mine = replay.turns.filter((t) => (t.step.player === 0 || t.step.player === 2) && t.answers.length === 1);
    expect(mine.length).toBeGreaterThan(10);
    expect([0, 2]).toContain(result.winner);
    for (const t of mine) {
      expect(t.answers[0]).toMatch(/^[URDLAN]\n$/);
      expect(decodeCommand(t.answers[0]!).reason).toBeUndefined();
    }
    // It attacks at least once.
    expect(mine.some((t) => t.step.command === 'A')).toBe(true);
  }, 120_000);
});
