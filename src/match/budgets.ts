import type { SandboxEngine } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import { FUEL_PER_MS, type Budgets } from '../sandbox/policy.js';

/** Loading (a module's top level) gets 1 s in every game. */
export const LOAD_MS = 1000;

/** The sandboxed engine of a game, or null for a game whose bots are texts. */
export function sandboxEngine(game: string): SandboxEngine<unknown> | null {
  const engine = gameById(game).engine;
  return engine.kind === 'sandbox' ? engine : null;
}

function timeLimits(game: string) {
  const engine = sandboxEngine(game);
  if (!engine) throw new RangeError(`${game} bots are texts: the game has no time limits`);
  return engine.timeLimits;
}

/** The first-turn budget as a multiple of the later turns' (from the game's time limits). */
export function firstTurnRatio(game: string): number {
  const t = timeLimits(game);
  return t.firstTurnMs / t.turnMs;
}

/**
 * A game's budgets with `turnFuel` per later call and the first call at the
 * game's ratio. No time cap is among them: each call's safety cap on CPU
 * time follows from its own fuel (src/sandbox/safety-cap.ts).
 */
export function budgetsForTurnFuel(game: string, turnFuel: number): Budgets {
  const firstTurnFuel = firstTurnRatio(game) * turnFuel;
  return {
    firstTurnFuel,
    turnFuel,
    timeBankFuel: 0,
    loadFuel: Math.max(firstTurnFuel, LOAD_MS * FUEL_PER_MS),
  };
}

/** A game's default budgets: its original's time limits in fuel. */
export function defaultBudgets(game: string): Budgets {
  return budgetsForTurnFuel(game, timeLimits(game).turnMs * FUEL_PER_MS);
}

/**
 * Budgets from a partial override (an API request, a leaderboard): missing
 * fields are the game's defaults, except that a turnFuel given without a
 * firstTurnFuel sets the first turn at the game's ratio.
 */
export function resolveBudgets(game: string, partial: Partial<Budgets> | undefined | null): Budgets {
  if (!partial) return defaultBudgets(game);
  const base =
    partial.turnFuel !== undefined && partial.firstTurnFuel === undefined
      ? budgetsForTurnFuel(game, partial.turnFuel)
      : defaultBudgets(game);
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) as Partial<Budgets>;
  return { ...base, ...defined };
}

/** The default budgets of a game by its id, or null for a game whose bots are texts (or no registered game). */
export function defaultBudgetsOf(id: string): Budgets | null {
  try {
    return sandboxEngine(id) ? defaultBudgets(id) : null;
  } catch {
    return null;
  }
}
