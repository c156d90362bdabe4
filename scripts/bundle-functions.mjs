// Build step: bundles the Node and Lambda entries (functions/*.ts) and the Node server's
// match worker thread (src/match/pool/match-worker.ts) into dist/functions/.
// Packages stay external; the Workers entry is bundled by wrangler.
import { build } from 'esbuild';

await build({
  entryPoints: {
    node: 'functions/node.ts',
    // What functions/node.ts imports once V8's compile cache is on (so the cache covers it).
    'node-server': 'src/runtimes/node/server.ts',
    lambda: 'functions/lambda.ts',
    'match-worker': 'src/match/pool/match-worker.ts',
  },
  outdir: 'dist/functions',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('dist/functions/node.js (node-server.js), dist/functions/lambda.js, dist/functions/match-worker.js');
