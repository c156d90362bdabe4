import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureGame } from '../../../src/games/capture/game.js';
import type { CaptureState } from '../../../src/games/capture/state.js';
import { defaultBudgets } from '../../../src/match/budgets.js';
import { runMatch } from '../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { FUEL_PER_MS, type Budgets } from '../../../src/sandbox/policy.js';
import type { Bundle } from '../../../src/sandbox/types.js';

// About 152 ms of fuel a call: over Capture's 0.1 s, under Icy's 0.5 s.
const busy: Bundle = {
  kind: 'js',
  name: 'busy',
  code: 'export default () => { let x = 0; for (let i = 0; i < 2500000; i++) x = (x + i) | 0; return "0 0 0 0 " + (x & 0); }',
};
const idle: Bundle = {
  kind: 'js',
  code: readFileSync('src/games/capture/bots/do-nothing.js', 'utf8'),
  name: 'do-nothing',
};

// The first 8 turns of a Capture match are enough here, and keep the test short.
const TURNS = 8;
const shortCapture = { ...captureGame, isOver: (s: CaptureState) => s.turn >= TURNS };
const play = (budgets: Budgets) =>
  runMatch({ game: shortCapture, options: {}, seed: 1, budgets, bots: [busy, idle], load: nodeBotLoader });

describe("Capture's time limits", () => {
  it('a bot busy for ~150 ms a turn is on time on the first turn (1 s), late on every later one (0.1 s); on time under Icy’s', async () => {
    const icy = await play(defaultBudgets('icy'));
    const fuel = icy.replay.turns.map((t) => t.calls[0]!);
    expect(fuel).toHaveLength(TURNS);
    expect(fuel.every((c) => c.failure === undefined && c.fuel > 100 * FUEL_PER_MS && c.fuel < 500 * FUEL_PER_MS)).toBe(
      true,
    );

    const capture = await play(defaultBudgets('capture'));
    const calls = capture.replay.turns.map((t) => t.calls[0]!);
    expect(calls).toHaveLength(TURNS);
    expect(calls[0]!.failure).toBeUndefined();
    expect(calls.slice(1).every((c) => c.failure === 'over_budget')).toBe(true);
    expect(capture.result.seats[0]!.overBudget).toBe(TURNS - 1);
    // Capture asks a late bot again next turn: it is not terminated.
    expect(capture.result.seats[0]!.terminatedAt).toBeUndefined();
    expect(capture.replay.turns.every((t) => t.calls[1]!.failure === undefined)).toBe(true);
  }, 60_000);
});
