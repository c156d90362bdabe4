import { gameById } from '../games/catalog.js';
import { FUEL_PER_MS, type Budgets } from '../sandbox/policy.js';
import { defaultBudgets, sandboxEngine } from './budgets.js';
import type { PlayableMatch } from './runner.js';

/** The fuel budget is converted to time with FUEL_PER_MS, measured on another machine: this much room. */
export const DEADLINE_SLACK = 2;
/** Plus this, for starting the sandbox, the engine's own work and the copy back. */
export const DEADLINE_MARGIN_MS = 10_000;
/** Preparing one WASI module (binaryen asyncify) gets this long in the pool; past it the seat forfeits. */
export const PREPARE_DEADLINE_MS = 10_000;

/** The whole fuel a seat may burn in a match: loading, every call at its budget (the game's maxCallsPerSeat), and its time bank. */
export function seatFuel(game: string, budgets: Budgets): number {
  const engine = sandboxEngine(game)!;
  const first = engine.firstCalls;
  return (
    budgets.loadFuel +
    budgets.timeBankFuel +
    first * budgets.firstTurnFuel +
    (engine.maxCallsPerSeat - first) * budgets.turnFuel
  );
}

/**
 * The wall-clock limit of a match. Sandboxed games: every seat's whole fuel
 * budget in ms (bots are called one after another in one thread), times
 * DEADLINE_SLACK, plus DEADLINE_MARGIN_MS (about 376 s for a default-budget
 * Icy match). Games whose bots are texts: the game's own bound.
 */
export function matchDeadlineMs(job: Pick<PlayableMatch, 'game' | 'budgets' | 'bots'>): number {
  const engine = gameById(job.game).engine;
  if (engine.kind === 'text') return engine.deadlineMs;
  const budgets = job.budgets ?? defaultBudgets(job.game);
  const fuel = job.bots.length * seatFuel(job.game, budgets);
  return Math.ceil((fuel / FUEL_PER_MS) * DEADLINE_SLACK) + DEADLINE_MARGIN_MS;
}

/** The limit of an upload check: loading plus the first calls, at the game's default budgets. */
export function probeDeadlineMs(game: string): number {
  const budgets = defaultBudgets(game);
  const fuel = budgets.loadFuel + sandboxEngine(game)!.firstCalls * budgets.firstTurnFuel;
  return Math.ceil((fuel / FUEL_PER_MS) * DEADLINE_SLACK) + DEADLINE_MARGIN_MS;
}
