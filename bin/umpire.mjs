#!/usr/bin/env node
// Entry of the `umpire` command: the compiled CLI lives in dist/ (built by `npm install`).
let cli;
try {
  cli = await import('../dist/cli/run.js');
} catch (e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND') {
    console.error('umpire: the CLI is not built yet; run `npm install` (or `npm run build`) in the project folder');
    process.exit(2);
  }
  throw e;
}
process.exitCode = await cli.main(process.argv.slice(2));
