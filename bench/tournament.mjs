// `umpire tournament` as a whole process, one worker against one per core, alternated: a board's
// matches play side by side and are still rated in the order of their jobs (RatingTurns).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './median.mjs';

const RUNS = 3;
const BOTS = ['gatherer.js', 'first.js', 'do-nothing.js'].map((name) => `src/games/capture/bots/${name}`);

/** Seconds one tournament takes with `workers` threads, on a data folder of its own; throws when it fails. */
function timed(workers) {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-bench-tournament-'));
  try {
    const args = ['bin/umpire.mjs', 'tournament', '--game', 'capture', ...BOTS, '--workers', String(workers), '--json'];
    const started = performance.now();
    const r = spawnSync(process.execPath, args, {
      encoding: 'utf8',
      env: { ...process.env, UMPIRE_DATA_DIR: dir },
      maxBuffer: 16 << 20,
    });
    const seconds = (performance.now() - started) / 1000;
    if (r.status !== 0) throw new Error(`umpire tournament --workers ${workers} exited ${r.status}: ${r.stderr}`);
    const table = JSON.parse(r.stdout);
    if (table.matches.played !== 6) throw new Error(`the tournament played ${table.matches.played} matches, not 6`);
    return seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function run(report) {
  const cores = availableParallelism();
  if (cores < 2) {
    console.log('  umpire tournament, one worker against several: skipped (one core)');
    return;
  }
  const one = [];
  const many = [];
  for (let i = 0; i < RUNS; i++) {
    one.push(timed(1));
    many.push(timed(cores));
  }
  const label = 'umpire tournament, Capture, 3 example bots (6 matches), whole process, median of 3';
  report(`${label}, --workers 1`, median(one), 's');
  report(`${label}, --workers ${cores}`, median(many), 's');
  report(`the same with ${cores} workers, faster than with 1 (same run, alternated)`, median(one) / median(many), 'x');
}
