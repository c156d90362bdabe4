#!/usr/bin/env node
// Entry of the `umpire` command: the bundled CLI in dist/bin/ (built by `npm install`).
import module from 'node:module';
import { Worker } from 'node:worker_threads';

// V8 keeps compiled code of the bundle between runs (Node 22.1+; a no-op before); the match
// worker threads of `umpire tournament` inherit the cache through the environment.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

// `umpire match` plays in this thread, and its safety cap needs the host's pace
// (src/sandbox/host-pace.ts): a thread of its own measures it while the CLI loads, not after.
const hostSlowness = process.argv[2] === 'match' && !process.env.UMPIRE_SAFETY_CAP_FACTOR ? paceOnAThread() : undefined;

function paceOnAThread() {
  const worker = new Worker(new URL('../dist/bin/host-pace-worker.js', import.meta.url));
  worker.unref();
  const slowness = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the pace thread ended without a measure')));
  });
  // The command may end before it asks (a usage error); its own handler takes any failure.
  slowness.catch(() => undefined);
  return slowness;
}

let cli;
try {
  cli = await import('../dist/bin/umpire.js');
} catch (e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes('dist/bin/umpire.js')) {
    console.error('umpire: the CLI is not built yet; run `npm install` (or `npm run build`) in the project folder');
    process.exit(2);
  }
  throw e;
}
process.exitCode = await cli.main(process.argv.slice(2), {
  matchWorker: new URL('../dist/bin/match-worker.js', import.meta.url),
  hostSlowness,
});
