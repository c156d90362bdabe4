#!/usr/bin/env node
// Entry of the `umpire` command: the bundled CLI in dist/bin/ (built by `npm install`).
import module from 'node:module';

// V8 keeps compiled code of the bundle between runs (Node 22.1+; a no-op before); the match
// worker threads of `umpire tournament` inherit the cache through the environment.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

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
});
