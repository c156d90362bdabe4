// Cold start of the `umpire` command as a whole process: node, the CLI bundle, the command, exit.
// One run first fills V8's compile cache (as any earlier use of the command would), then the median of 5.
import { spawnSync } from 'node:child_process';

const RUNS = 5;

function medianMs(args) {
  const run = () => {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['bin/umpire.mjs', ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`umpire ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return performance.now() - started;
  };
  run();
  const times = Array.from({ length: RUNS }, run).sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)];
}

export function run(report) {
  report(
    '`umpire match` with two idle bots (icy, 180 turns), whole process, median of 5',
    medianMs(['match', '--red', 'src/games/icy/bots/idle.js', '--blue', 'src/games/icy/bots/idle.js']),
    'ms',
    '< 120 ms on Node 24',
  );
  report(
    '`umpire verify-turns` on one recorded 2011 game, whole process, median of 5',
    medianMs(['verify-turns', 'test/fixtures/icy-queue2011/c00_default_ch.turns.gz']),
    'ms',
  );
}
