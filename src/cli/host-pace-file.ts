import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { FUEL_PER_MS } from '../sandbox/policy.js';
import type { SlownessMemory } from '../sandbox/slowness-memory.js';

/**
 * The host's slowness (sandbox/host-pace.ts) kept in a file between runs of
 * the command, so that `umpire match` measures it at most once an hour
 * rather than at every start. It is kept for this Node, this CPU and this
 * calibration only, in a folder of the user's own.
 */

/** How long a measured slowness is trusted: the host's load changes, and so does its pace. */
export const SLOWNESS_KEPT_MS = 60 * 60 * 1000;

interface Kept {
  readonly host: string;
  readonly slowness: number;
  readonly measuredAt: number;
}

/** What the slowness was measured for: another Node, CPU or calibration measures afresh. */
function hostKey(): string {
  const cpu = cpus();
  return `${process.version} ${process.arch} ${cpu.length}x ${cpu[0]?.model ?? '?'} ${FUEL_PER_MS}`;
}

/** The default file: under the system's temporary folder, in a folder only this user may write. */
export function defaultSlownessFile(): string {
  return join(tmpdir(), `umpire-${userInfo().uid}`, 'host-slowness.json');
}

/** A memory of the slowness in `file`; reading or writing it never fails a match (it measures instead). */
export function slownessFile(file = defaultSlownessFile(), now: () => number = Date.now): SlownessMemory {
  const host = hostKey();
  return {
    recall() {
      try {
        const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<Kept>;
        const age = now() - (kept.measuredAt ?? Number.NaN);
        const fresh = kept.host === host && age >= 0 && age < SLOWNESS_KEPT_MS;
        return fresh && typeof kept.slowness === 'number' ? kept.slowness : undefined;
      } catch {
        return undefined;
      }
    },
    keep(slowness) {
      try {
        const dir = join(file, '..');
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        // Written whole, then renamed: a process reading at the same time sees the old file or the new one.
        const part = `${file}.${process.pid}`;
        writeFileSync(part, JSON.stringify({ host, slowness, measuredAt: now() } satisfies Kept));
        renameSync(part, file);
      } catch {
        // Not kept: the next run measures again.
      }
    },
  };
}
