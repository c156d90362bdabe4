import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * How many nice levels below the server's own thread a match worker runs
 * by default. Matches are CPU-bound and keep every core busy under load;
 * the server's thread answers requests in short bursts. Below it, a match
 * waits those few milliseconds while the server reads a record, instead of
 * the reader waiting for a time slice between matches: on 2 cores at full
 * load this took the p99 of GETs from about 130 ms to about 55 ms and did
 * not lower the matches played (`npm run bench`). Fuel and the safety cap
 * count work and CPU time, not the wall clock, so a match plays the same.
 */
export const DEFAULT_WORKER_NICE = 10;

/** UMPIRE_WORKER_NICE (0 to 19; 0 keeps the server's priority), or the default when unset or not such a number. */
export function workerNiceFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  const text = env.UMPIRE_WORKER_NICE;
  if (text === undefined || text.trim() === '') return DEFAULT_WORKER_NICE;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : DEFAULT_WORKER_NICE;
}

/**
 * Lowers the calling thread's CPU priority by `levels` nice levels. Linux
 * gives each thread its own nice value, and setpriority on a thread's id
 * sets that thread's alone; other systems (no /proc/thread-self) are left
 * as they are, and so is a thread the system refuses to change. Returns the
 * thread's new nice value, or null when nothing changed.
 */
export function lowerThisThread(levels: number): number | null {
  if (!(levels > 0)) return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    const nice = Math.min(19, getPriority(tid) + levels);
    setPriority(tid, nice);
    return nice;
  } catch {
    return null;
  }
}
