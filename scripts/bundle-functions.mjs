// Build step: bundles the Node and Lambda entries (functions/*.ts) and the Node server's
// match worker thread (src/match/pool/match-worker.ts) into dist/functions/.
// Packages stay external; the Workers entry is bundled by wrangler.
import { build } from 'esbuild';

await build({
  entryPoints: { node: 'functions/node.ts', lambda: 'functions/lambda.ts', 'match-worker': 'src/match/pool/match-worker.ts' },
  outdir: 'dist/functions',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('dist/functions/node.js, dist/functions/lambda.js, dist/functions/match-worker.js');

// docs/replay.schema.json, generated from the replay's zod schema.
import { writeFileSync } from 'node:fs';
const { replayJsonSchema } = await import('../dist/games/icy/replay-schema.js');
writeFileSync('docs/replay.schema.json', JSON.stringify(replayJsonSchema(), null, 2) + '\n');
console.log('docs/replay.schema.json');

// The tables of docs/security.md, made from the code (dist/) they describe.
await import('./security-doc.mjs');
