/**
 * The clock the safety cap reads: milliseconds of CPU time this thread has
 * used, where the runtime can tell (Node 23.9+ has process.threadCpuUsage),
 * else wall-clock milliseconds (Cloudflare Workers, browsers). CPU time is
 * what makes the cap fair: other threads and processes on a busy host do
 * not advance it, so a bot within its fuel is not cut however loaded the
 * host is. No import: the WebAssembly harness is bundled with this file for
 * Worker Loader isolates.
 */

/** A reading in milliseconds; only differences between two readings mean anything. */
export type Clock = () => number;

/** Whether the cap runs on CPU time here, or falls back to the wall clock. */
export type ClockKind = 'thread-cpu' | 'wall';

interface CpuUsage {
  readonly user: number;
  readonly system: number;
}

/** The current thread's CPU clock, found on the global object so that no runtime module is imported. */
function threadCpuUsage(): (() => CpuUsage) | null {
  const proc = (globalThis as { process?: { threadCpuUsage?: () => CpuUsage } }).process;
  const read = proc?.threadCpuUsage;
  if (typeof read !== 'function') return null;
  try {
    read.call(proc);
  } catch {
    return null;
  }
  return () => read.call(proc);
}

/**
 * How many times slower this thread runs bot work than the machine
 * FUEL_PER_MS was measured on, where the host has said how to measure it
 * (Node: host-pace.ts, through {@link paceCapClock}). It is measured on the
 * clock's first reading in the thread, which comes when a call first runs
 * past its first slice of fuel: a thread whose calls all end sooner (idle
 * bots, most turns) never spends the measurement's CPU time.
 */
let pace: number | undefined;
let measurePace: (() => number) | undefined;

/** Makes the CPU clock read in the calibration machine's milliseconds: CPU time over the slowness `measure` returns (called once, on first need). */
export function paceCapClock(measure: () => number): void {
  measurePace = measure;
}

/** The slowness the CPU clock divides by: 1 until it is measured, and where nothing measures it. */
export function capClockPace(): number {
  return pace ?? 1;
}

/** Whether this thread has measured its slowness yet. */
export function capClockPaceMeasured(): boolean {
  return pace !== undefined;
}

function currentPace(): number {
  if (pace === undefined && measurePace) pace = measurePace();
  return pace ?? 1;
}

/** Milliseconds of CPU time this thread has used, or null where the runtime cannot tell. */
export function threadCpuMs(): (() => number) | null {
  const usage = threadCpuUsage();
  if (!usage) return null;
  return () => {
    const u = usage();
    return (u.user + u.system) / 1000;
  };
}

/**
 * The best clock this runtime offers for the cap, and which it is. The CPU
 * clock runs at the host's pace: a cap of N ms on it is N ms of work on the
 * calibration machine, N times the slowness in this thread's CPU time.
 */
export function capClock(): { readonly kind: ClockKind; readonly now: Clock } {
  const cpu = threadCpuMs();
  if (cpu) {
    return {
      kind: 'thread-cpu',
      // The pace first: measuring it takes CPU time, which must not count in the reading that asked.
      now: () => {
        const slowness = currentPace();
        return cpu() / slowness;
      },
    };
  }
  return { kind: 'wall', now: () => performance.now() };
}
