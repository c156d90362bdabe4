import { BLOCKDROP_TIME_LIMITS } from '../games/blockdrop/time-limits.js';
import type { TimeLimits } from '../games/game.js';
import { ICY_TIME_LIMITS } from '../games/icy/time-limits.js';
import { FUEL_PER_MS, type Budgets } from '../sandbox/policy.js';
import { CAPTURE_TIME_LIMITS } from '../games/capture/time-limits.js';
import type { GameId } from './games.js';

/** Each game's time limits per call, as its original sets them. */
export const TIME_LIMITS: Readonly<Record<GameId, TimeLimits>> = {
  icy: ICY_TIME_LIMITS,
  capture: CAPTURE_TIME_LIMITS,
  blockdrop: BLOCKDROP_TIME_LIMITS,
};

/** Loading (a module's top level) gets 1 s in every game. */
export const LOAD_MS = 1000;

/**
 * The wall-clock safety cap per call: 5 times the longer call budget, and
 * never under 2 s, as it also bounds loading (1 s of fuel) and a call it
 * stops is not reproducible.
 */
export function wallMsFor(firstTurnFuel: number, turnFuel: number): number {
  return Math.max(Math.ceil((5 * Math.max(firstTurnFuel, turnFuel)) / FUEL_PER_MS), 2000);
}

/** The first-turn budget as a multiple of the later turns': icy 2, capture 10, block drop 1. */
export function firstTurnRatio(game: GameId): number {
  const t = TIME_LIMITS[game];
  return t.firstTurnMs / t.turnMs;
}

/** A game's budgets with `turnFuel` per later call and the first call at the game's ratio; the wall cap never under the default's. */
export function budgetsForTurnFuel(game: GameId, turnFuel: number): Budgets {
  const firstTurnFuel = firstTurnRatio(game) * turnFuel;
  const t = TIME_LIMITS[game];
  const defaultWallMs = wallMsFor(t.firstTurnMs * FUEL_PER_MS, t.turnMs * FUEL_PER_MS);
  return {
    firstTurnFuel,
    turnFuel,
    timeBankFuel: 0,
    loadFuel: Math.max(firstTurnFuel, LOAD_MS * FUEL_PER_MS),
    wallMs: Math.max(wallMsFor(firstTurnFuel, turnFuel), defaultWallMs),
  };
}

/** A game's default budgets: its original's time limits in fuel. */
export function defaultBudgets(game: GameId): Budgets {
  return budgetsForTurnFuel(game, TIME_LIMITS[game].turnMs * FUEL_PER_MS);
}

/**
 * Budgets from a partial override (an API request, a leaderboard): missing
 * fields are the game's defaults, except that a turnFuel given without a
 * firstTurnFuel sets the first turn at the game's ratio.
 */
export function resolveBudgets(game: GameId, partial: Partial<Budgets> | undefined): Budgets {
  if (!partial) return defaultBudgets(game);
  const base = partial.turnFuel !== undefined && partial.firstTurnFuel === undefined ? budgetsForTurnFuel(game, partial.turnFuel) : defaultBudgets(game);
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) as Partial<Budgets>;
  return { ...base, ...defined };
}

/** The default budgets of a Game by its id, or null for a game with no bot calls (ants). */
export function defaultBudgetsOf(id: string): Budgets | null {
  return id in TIME_LIMITS ? defaultBudgets(id as GameId) : null;
}
