import { PLAYERS as BLOCKDROP_PLAYERS, TURNS as BLOCKDROP_TURNS } from '../games/blockdrop/constants.js';
import { TURNS as CAPTURE_TURNS } from '../games/capture/constants.js';
import { TURNS as ICY_TURNS } from '../games/icy/constants.js';
import { FUEL_PER_MS, type Budgets } from '../sandbox/policy.js';
import { defaultBudgets } from './budgets.js';
import type { GameId } from './games.js';
import type { MatchJob } from './job.js';

/**
 * Most calls one seat can get in a match: icy 180 turns; capture 900 turns;
 * block drop 1000 turns shared by 4 players (250 each) plus the handshake.
 */
export const MAX_CALLS_PER_SEAT: Readonly<Record<GameId, number>> = {
  icy: ICY_TURNS,
  capture: CAPTURE_TURNS,
  blockdrop: BLOCKDROP_TURNS / BLOCKDROP_PLAYERS + 1,
};

/** Calls that get the first-turn budget: the first turn, and the handshake where the game has one. */
const FIRST_CALLS: Readonly<Record<GameId, number>> = { icy: 1, capture: 1, blockdrop: 2 };

/** The fuel budget is converted to time with FUEL_PER_MS, measured on another machine: this much room. */
export const DEADLINE_SLACK = 2;
/** Plus this, for starting the sandbox, the engine's own work and the copy back. */
export const DEADLINE_MARGIN_MS = 10_000;
/** Preparing one WASI module (binaryen asyncify) gets this long in the pool; past it the seat forfeits. */
export const PREPARE_DEADLINE_MS = 10_000;
/** An ants match is bounded by its ant steps (MAX_ANT_STEPS, about 0.5 s of work). */
export const ANTS_DEADLINE_MS = 60_000;

/** The whole fuel a seat may burn in a match: loading, every call at its budget, and its time bank. */
export function seatFuel(game: GameId, budgets: Budgets): number {
  const calls = MAX_CALLS_PER_SEAT[game];
  const first = FIRST_CALLS[game];
  return budgets.loadFuel + budgets.timeBankFuel + first * budgets.firstTurnFuel + (calls - first) * budgets.turnFuel;
}

/**
 * The wall-clock limit of a match: every seat's whole fuel budget in ms
 * (bots are called one after another in one thread), times DEADLINE_SLACK,
 * plus DEADLINE_MARGIN_MS. About 376 s for a default-budget Icy match.
 */
export function matchDeadlineMs(job: Pick<MatchJob, 'game' | 'budgets' | 'bots'>): number {
  const fuel = job.bots.length * seatFuel(job.game, job.budgets);
  return Math.ceil((fuel / FUEL_PER_MS) * DEADLINE_SLACK) + DEADLINE_MARGIN_MS;
}

/** The limit of an upload check: loading plus the first calls, at the game's default budgets. */
export function probeDeadlineMs(game: GameId): number {
  const budgets = defaultBudgets(game);
  const fuel = budgets.loadFuel + FIRST_CALLS[game] * budgets.firstTurnFuel;
  return Math.ceil((fuel / FUEL_PER_MS) * DEADLINE_SLACK) + DEADLINE_MARGIN_MS;
}
