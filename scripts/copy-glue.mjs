// Build step (before tsc): the emscripten glue that drives the metered QuickJS.
// Fuel counts what the glue asks the engine to do, so every runtime must use the
// same glue: the one quickjs-emscripten made for workerd, which runs in Node too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const glue = join(dirname(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')), 'emscripten-module.cloudflare.cjs');
mkdirSync('build', { recursive: true });
writeFileSync('build/quickjs-glue.cjs', readFileSync(glue));
writeFileSync('build/quickjs-glue.d.cts', 'declare const QuickJSRaw: unknown;\nexport = QuickJSRaw;\n');
console.log(`build/quickjs-glue.cjs: ${glue.slice(glue.indexOf('node_modules'))}`);
