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

/** The best clock this runtime offers for the cap, and which it is. */
export function capClock(): { readonly kind: ClockKind; readonly now: Clock } {
  const usage = threadCpuUsage();
  if (usage) {
    return {
      kind: 'thread-cpu',
      now: () => {
        const u = usage();
        return (u.user + u.system) / 1000;
      },
    };
  }
  return { kind: 'wall', now: () => performance.now() };
}
