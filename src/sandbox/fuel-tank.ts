import { capClock, type Clock } from './cpu-clock.js';

/**
 * The host's side of a metered module's fuel counter (the exported
 * `umpire_fuel`). A module with the refuel hook (wasm/refuel-hook.ts) calls
 * the host each time its counter drops below zero, where one without it
 * traps; so the host can hand a call's budget over in slices and, between
 * two slices, look at the clock for the safety cap. The budget, the points
 * where fuel runs out and the fuel used are exactly those of one counter
 * holding the whole budget: slicing only decides how often the host is asked.
 *
 * No import but the clock: the WebAssembly harness is bundled with this file
 * for Worker Loader isolates.
 */

/** The import a hooked module calls when its fuel counter drops below zero: `umpire_meter.refuel: () -> ()` (wasm/refuel-hook.ts adds it). */
export const REFUEL_MODULE = 'umpire_meter';
export const REFUEL_NAME = 'refuel';

/** Whether a compiled module calls the refuel hook (so its host may hand out its fuel in slices). */
export function hasRefuelHook(module: WebAssembly.Module): boolean {
  return WebAssembly.Module.imports(module).some(
    (i) => i.module === REFUEL_MODULE && i.name === REFUEL_NAME && i.kind === 'function',
  );
}

/** Counter units moved to the counter at a time while a cap is kept (about 0.3 ms of QuickJS work, 0.6 ms of Python). */
export const SLICE = 1n << 23n;

/** The hook's answer when the budget is used up: the call stops as the counter's trap stopped it. */
export class OutOfFuelError extends Error {
  constructor() {
    super('out of fuel');
    this.name = 'OutOfFuelError';
  }
}

/** The hook's answer once the call's CPU time passes its cap: the call stops there. */
export class SafetyCapError extends Error {
  constructor(readonly capMs: number) {
    super(`stopped by the safety cap of ${Math.round(capMs)} ms`);
    this.name = 'SafetyCapError';
  }
}

export class FuelTank {
  /** Units of the budget not yet moved to the counter. */
  private reserve = 0n;
  private capMs = 0;
  private startedAt = 0;
  private stoppedByCap = false;

  /**
   * @param counter the module's fuel global (null before it is instantiated)
   * @param hooked whether the module calls the refuel hook; without it the whole budget goes on the counter and no cap is kept
   * @param clock what the cap is measured on ({@link capClock} by default)
   */
  constructor(
    private readonly counter: () => WebAssembly.Global | null | undefined,
    readonly hooked: boolean,
    private readonly clock: Clock = capClock().now,
  ) {}

  /** Starts a call (or a load): `fuel` counter units, and a cap of `capMs` on the clock (0 for none). */
  fill(fuel: bigint, capMs: number): void {
    this.capMs = this.hooked && capMs > 0 && Number.isFinite(capMs) ? capMs : 0;
    this.stoppedByCap = false;
    const first = this.capMs > 0 && fuel > SLICE ? SLICE : fuel;
    this.reserve = fuel - first;
    const c = this.counter();
    if (c) c.value = first;
    // The clock is first read when the first slice is used up, not here: most calls end within
    // it, and never look at the clock (reading a thread's CPU time is a system call of a few us).
    this.startedAt = Number.NaN;
  }

  /**
   * The tank's state and its counter's now, as a function that puts them
   * back: for host work inside a call that must leave no trace on it
   * (javascript/js-bot.ts reads an error's stack so).
   */
  saved(): () => void {
    const { reserve, capMs, startedAt, stoppedByCap } = this;
    const c = this.counter();
    const value = c?.value as bigint | undefined;
    return () => {
      Object.assign(this, { reserve, capMs, startedAt, stoppedByCap });
      if (c && value !== undefined) c.value = value;
    };
  }

  /** Units left of the budget: on the counter (below zero once it is overdrawn) and in reserve. */
  left(): bigint {
    const c = this.counter();
    return (c ? (c.value as bigint) : 0n) + this.reserve;
  }

  /** Whether the safety cap stopped the current call. */
  get capped(): boolean {
    return this.stoppedByCap;
  }

  /** The cap of the current call in ms (0 for none). */
  get cap(): number {
    return this.capMs;
  }

  /** Takes host work off the counter without stopping here: the module's next check settles it. */
  debit(units: number | bigint): void {
    const c = this.counter();
    if (c) c.value = (c.value as bigint) - BigInt(units);
  }

  /** Takes host work off the counter, stopping the call (by throwing) when the budget does not cover it. */
  charge(units: number | bigint): void {
    const c = this.counter();
    if (!c) return;
    const left = (c.value as bigint) - BigInt(units);
    c.value = left;
    if (left < 0n) this.refuel();
  }

  /**
   * The refuel hook: the counter is below zero. Moves slices of the reserve
   * to it until it is not; throws {@link OutOfFuelError} when the reserve
   * cannot cover it, and {@link SafetyCapError} when the call's time on the
   * clock has passed its cap.
   */
  refuel(): void {
    const c = this.counter();
    if (!c) throw new OutOfFuelError();
    let value = c.value as bigint;
    while (value < 0n && this.reserve > 0n) {
      const add = this.reserve < SLICE ? this.reserve : SLICE;
      value += add;
      this.reserve -= add;
    }
    c.value = value;
    if (value < 0n) throw new OutOfFuelError();
    if (this.capMs === 0) return;
    const now = this.clock();
    // The cap counts from the end of the first slice (about 0.3 ms of work), when the clock was first read.
    if (Number.isNaN(this.startedAt)) this.startedAt = now;
    else if (now - this.startedAt > this.capMs) {
      this.stoppedByCap = true;
      throw new SafetyCapError(this.capMs);
    }
  }
}
