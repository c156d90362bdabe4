// Build step: bundles the Node and Lambda entries (functions/*.ts) into dist/functions/.
// Packages stay external; the Workers entry is bundled by wrangler.
import { build } from 'esbuild';

await build({
  entryPoints: ['functions/node.ts', 'functions/lambda.ts'],
  outdir: 'dist/functions',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('dist/functions/node.js, dist/functions/lambda.js');
