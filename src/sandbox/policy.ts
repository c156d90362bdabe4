import type { Budgets } from '../core/bots.js';
/**
 * Fuel and the rules around it. Fuel counts WebAssembly instructions run by
 * the bot's runtime (see wasm/meter.ts), so budgets are machine independent;
 * FUEL_PER_MS converts them to the original engine's seconds on the machine
 * they were calibrated on (`npm run calibrate`, documented in the README).
 */

/** Fuel per millisecond of steady-state QuickJS work, measured by `npm run calibrate`. */
export const FUEL_PER_MS = 26_000_000;

export function fuelPerMs(): number {
  return FUEL_PER_MS;
}

/**
 * MicroPython runs about half as many WebAssembly instructions per ms as
 * QuickJS on the same work (`npm run calibrate` prints both rates). A Python
 * bot's budgets stay in the same fuel as everyone's, and each of its
 * instructions is charged FUEL_PER_MS / PYTHON_INSTRUCTIONS_PER_MS fuel, so a
 * turn of 0.5 s is about 0.5 s of Python work too.
 */
export const PYTHON_INSTRUCTIONS_PER_MS = 13_000_000;

/** A bot that trapped is reloaded; after this many reloads it is retired for the match. */
export const MAX_RELOADS = 3;

/** Time zero of a bot's virtual clock (the 2011 Queue challenge). */
export const VIRTUAL_EPOCH_MS = Date.UTC(2011, 4, 28);

export type { Budgets } from '../core/bots.js';

/** Icy's default budgets; each game's are defaultBudgets(game) in src/match/budgets.ts. */
export const DEFAULT_BUDGETS: Budgets = {
  firstTurnFuel: 1000 * FUEL_PER_MS,
  turnFuel: 500 * FUEL_PER_MS,
  timeBankFuel: 0,
  loadFuel: 1000 * FUEL_PER_MS,
  wallMs: 5000,
};
