// `npm run package:lambda`: the Lambda package in dist/lambda/, ready to zip and upload
// (see infra/cloudformation.json). One bundled file with its dependencies, plus the
// metered QuickJS next to it at the path the code expects (build/ two levels up).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/lambda', { recursive: true, force: true });
mkdirSync('dist/lambda/build', { recursive: true });
await build({
  entryPoints: ['functions/lambda.ts'],
  outfile: 'dist/lambda/dist/functions/lambda.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Some dependencies are CommonJS that require() Node built-ins.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
cpSync('build/quickjs-metered.wasm', 'dist/lambda/build/quickjs-metered.wasm');
writeFileSync('dist/lambda/package.json', JSON.stringify({ type: 'module' }));
console.log('dist/lambda: zip it (cd dist/lambda && zip -r ../lambda.zip .) and upload it as CodeBucket/CodeKey');
