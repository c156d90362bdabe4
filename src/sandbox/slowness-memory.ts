/**
 * Where a host slowness (host-pace.ts) measured by an earlier process may be
 * found and kept: a short-lived process (the CLI) would otherwise spend the
 * measurement, some 100 ms of CPU time, on every run. Only the safety cap
 * reads the slowness; fuel, and so every replay, never depends on it. Apart
 * from host-pace.ts so that setting it loads no engine.
 */
export interface SlownessMemory {
  /** The slowness an earlier process kept, if it still holds. */
  recall(): number | undefined;
  keep(slowness: number): void;
}

let memory: SlownessMemory | undefined;

/** Lets this thread recall the slowness from `kept`, and keep there the one it measures. */
export function keepHostSlownessIn(kept: SlownessMemory | undefined): void {
  memory = kept;
}

/** Where this thread recalls and keeps its slowness, if anywhere. */
export const keptSlowness = (): SlownessMemory | undefined => memory;
