// `npm run package:lambda`: the Lambda package in dist/lambda/, ready to zip and upload
// (see infra/cloudformation.json). The entry and its match worker thread, each bundled with its
// dependencies, plus the metered QuickJS and MicroPython at the path the code expects (build/ two
// levels up).
import { cpSync, mkdirSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/lambda', { recursive: true, force: true });
mkdirSync('dist/lambda/build', { recursive: true });
await build({
  // The entry plays matches in a worker thread: its script is the entry's sibling, match-worker.js.
  entryPoints: { lambda: 'functions/lambda.ts', 'match-worker': 'src/match/pool/match-worker.ts' },
  outdir: 'dist/lambda/dist/functions',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Some dependencies are CommonJS that require() Node built-ins.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
// The languages' engines (Language.engines), which the Node loader reads from build/.
for (const file of readdirSync('build').filter((f) => f.endsWith('.wasm')))
  cpSync(`build/${file}`, `dist/lambda/build/${file}`);
writeFileSync('dist/lambda/package.json', JSON.stringify({ type: 'module' }));
console.log('dist/lambda: zip it (cd dist/lambda && zip -r ../lambda.zip .) and upload it as CodeBucket/CodeKey');
