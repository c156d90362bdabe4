/**
 * What every WebAssembly bot harness offers its caller (start, call,
 * takeLog), what those return as plain data (it crosses RPC to Worker
 * Loader isolates), and the start and trap reports both harnesses share.
 */

import type { FuelTank } from '../fuel-tank.js';

/** The outcome of one call of `act`, as plain data (it crosses RPC). */
export type HarnessCall =
  | { readonly kind: 'ok'; readonly output: string; readonly truncated: boolean; readonly fuelLeft: number }
  | { readonly kind: 'bad_range'; readonly fuelLeft: number }
  | {
      readonly kind: 'trap';
      readonly fuelLeft: number;
      readonly message: string;
      readonly depth?: number;
      readonly safetyCap?: true;
    };

/** How loading went, as plain data: null, or why the bot cannot play (`safetyCap` when the safety cap stopped it). */
export type HarnessStarted = null | { readonly problem: string; readonly safetyCap?: true };

/** What a trap or a failed start says when the safety cap (of `ms` of CPU time) stopped the bot. */
export const capText = (ms: number) => `stopped by the safety cap (${Math.round(ms)} ms of CPU time)`;

/** The module's count of stack slots in use (wasm/call-depth.ts, `umpire_depth`): after a trap, above the limit if the count stopped the call. */
export function depthOf(exports: object | null): number {
  const depth = (exports as { umpire_depth?: WebAssembly.Global } | null)?.umpire_depth;
  return depth ? Number(depth.value) : 0;
}

/**
 * What a call that trapped reports, read before its instance is dropped: the
 * safety cap's stop, or `message` with the count of stack slots in use.
 */
export function trapped(exports: object | null, tank: FuelTank, message: string): HarnessCall {
  const fuelLeft = exports ? Number(tank.left()) : 0;
  if (tank.capped) return { kind: 'trap', fuelLeft, message: capText(tank.cap), safetyCap: true };
  return { kind: 'trap', fuelLeft, message, depth: depthOf(exports) };
}

export interface Harness {
  /**
   * A fresh instance; the start function and `init` run under `fuel`, and
   * under a safety cap of `capMs` of CPU time where the module has the
   * refuel hook (0 or absent: none). Returns null, or the problem.
   */
  start(fuel: number, capMs?: number): HarnessStarted;
  /** One call of the bot under `fuel`, and a safety cap of `capMs` as start's. */
  call(input: string, fuel: number, outputLimit: number, capMs?: number): HarnessCall;
  /** Log written since the last call (capped per match). */
  takeLog(): string;
}

/** A harness whose calls may wait (JSPI: the program suspends inside them). */
export interface AsyncHarness {
  start(fuel: number, capMs?: number): Promise<HarnessStarted>;
  call(input: string, fuel: number, outputLimit: number, capMs?: number): Promise<HarnessCall>;
  takeLog(): Promise<string>;
}

/** Why a module could not be instantiated: its imports did not link, or its own start section threw. */
export function instantiationProblem(e: unknown): NonNullable<HarnessStarted> {
  return {
    problem:
      e instanceof WebAssembly.LinkError
        ? `link error: ${e.message}`
        : `the start function failed: ${(e as Error).message}`,
  };
}

/** Runs the deferred start function (metering exported it) under the fuel already set. */
export function runStart(exports: { umpire_start?: () => void }, tank: FuelTank): HarnessStarted {
  if (typeof exports.umpire_start !== 'function') return null;
  try {
    exports.umpire_start();
    return null;
  } catch (e) {
    if (tank.capped) return { problem: `the start function was ${capText(tank.cap)}`, safetyCap: true };
    return {
      problem:
        tank.left() < 0n
          ? 'the start function used up its load fuel'
          : `the start function failed: ${(e as Error).message}`,
    };
  }
}
