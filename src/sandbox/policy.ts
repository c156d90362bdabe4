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
 * The interpreter's instructions a Python bot gets per ms of its budgets. A
 * Python bot's budgets stay in the same fuel as everyone's, and each
 * instruction MicroPython runs is charged FUEL_PER_MS /
 * PYTHON_INSTRUCTIONS_PER_MS fuel: 1, as a QuickJS instruction. Its calls
 * out to JavaScript and back (INVOKE_FUEL in python/micropython-host.ts)
 * count as 500 instructions each, so with them a Python bot-like workload
 * runs at about the pace of the same work in QuickJS per unit of fuel
 * (`npm run calibrate` prints both, and how every kind of Python work
 * compares), and a turn of 0.5 s is at most about 0.5 s of Python work.
 */
export const PYTHON_INSTRUCTIONS_PER_MS = 26_000_000;

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
};
