import { capClockPace } from './cpu-clock.js';
import { FUEL_PER_MS } from './policy.js';

/**
 * The safety cap: besides its fuel, every call of a bot (its load, each
 * turn) is stopped once its CPU time passes this many times the time its
 * fuel budget stands for (FUEL_PER_MS). Fuel is what decides a match; the
 * cap is only there for work the fuel prices far too low (a WebAssembly loop
 * of dependent loads that miss the cache runs some 200 times longer than
 * its fuel says), so that no call can hold a thread for long. A call it
 * stops is that call's failure (over budget, flagged `safetyCap`), and the
 * match is not reproducible: verify says so instead of comparing.
 */
export const SAFETY_CAP_FACTOR = 10;

/**
 * Budgets under this many ms of fuel are capped as if they had this much:
 * a call's first run through code V8 has not compiled yet, or a garbage
 * collection, takes a few ms whatever the budget.
 */
export const SAFETY_CAP_MIN_FUEL_MS = 25;

/** The cap of a call whose budget is `fuel`, in ms of CPU time (`factor` is SAFETY_CAP_FACTOR unless a host sets its own). */
export function safetyCapMs(fuel: number, factor: number = SAFETY_CAP_FACTOR): number {
  const f = Number.isFinite(factor) && factor > 0 ? factor : SAFETY_CAP_FACTOR;
  return f * Math.max(fuel / FUEL_PER_MS, SAFETY_CAP_MIN_FUEL_MS);
}

/** Why a call the cap stopped gave no answer, as its record says: the cap in this thread's CPU time (the cap's clock runs at the host's pace). */
export function safetyCapDetail(capMs: number): string {
  return `stopped by the safety cap (${Math.round(capMs * capClockPace())} ms of CPU time)`;
}
