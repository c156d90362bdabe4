// Cold start of the `umpire` command as a whole process: node, the CLI bundle, the command, exit.
// One run first fills V8's compile cache (as any earlier use of the command would), then the median of 5.
// `umpire match` is timed side by side with the original engine (icypc.jar) playing the same idle match.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './median.mjs';

const RUNS = 5;
const JAR = '../shared/reference/icypc-2011/icypc.jar';
const IDLE_JS = 'src/games/icy/bots/idle.js';

/** Milliseconds one run of the command takes, as a whole process; throws when it fails. */
function timed(command, args) {
  const started = performance.now();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function medianMs(args) {
  timed(process.execPath, ['bin/umpire.mjs', ...args]);
  return median(Array.from({ length: RUNS }, () => timed(process.execPath, ['bin/umpire.mjs', ...args])));
}

/**
 * The original engine's idle player, as the fastest thing it can run: the C
 * program built here when a C compiler is present, else the same in Python.
 * Either way a process per seat, started by the engine, as the original did.
 */
function idlePlayer() {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-bench-'));
  const exe = join(dir, 'icy-idle');
  for (const cc of ['cc', 'gcc', 'clang']) {
    const built = spawnSync(cc, ['-O2', '-o', exe, 'bench/players/icy-idle.c'], { encoding: 'utf8' });
    if (built.status === 0) return { words: [exe], kind: `a C program (bench/players/icy-idle.c, ${cc} -O2)` };
  }
  return { words: ['python3', 'bench/players/icy-idle.py'], kind: 'a Python program (bench/players/icy-idle.py)' };
}

/** Why the original engine cannot run here, or null when it can. */
function originalMissing() {
  if (!existsSync(JAR)) return `${JAR} is absent`;
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return java.status === 0 ? null : 'java is not on the PATH';
}

/** `umpire match` and the original engine, the same idle match, alternated A B A B; the medians and their ratio. */
function sideBySide(report) {
  const umpire = ['bin/umpire.mjs', 'match', '--red', IDLE_JS, '--blue', IDLE_JS];
  const label = '`umpire match` with two idle bots (icy, 180 turns), whole process, median of 5';
  const missing = originalMissing();
  if (missing) {
    report(label, medianMs(umpire.slice(1)), 'ms', '< 120 ms on Node 24');
    console.log(`  original engine (icypc.jar) comparison skipped: ${missing}`);
    return;
  }
  const player = idlePlayer();
  const seat = ['-player', 'syncpipe', String(player.words.length), ...player.words];
  // A view is required (the default one is a window); the turns view to the null device writes nothing.
  const original = ['-Djava.awt.headless=true', '-cp', JAR, 'icpc.challenge.main.Game', ...seat, ...seat];
  const originalArgs = [...original, '-view', 'turns', devNull];
  timed(process.execPath, umpire);
  timed('java', originalArgs);
  const ours = [];
  const theirs = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(timed(process.execPath, umpire));
    theirs.push(timed('java', originalArgs));
  }
  const a = median(ours);
  const b = median(theirs);
  report(label, a, 'ms', '< 120 ms on Node 24');
  report(`original engine (icypc.jar, Java) playing the same idle match, its players ${player.kind}`, b, 'ms');
  report('`umpire match` faster than the original engine, same run, alternated', b / a, 'x', '>= 10x');
}

export function run(report) {
  sideBySide(report);
  report(
    '`umpire verify-turns` on one recorded 2011 game, whole process, median of 5',
    medianMs(['verify-turns', 'test/fixtures/icy-queue2011/c00_default_ch.turns.gz']),
    'ms',
  );
}
