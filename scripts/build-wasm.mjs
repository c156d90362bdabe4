// Build step (after tsc): produces the fuel-metered QuickJS engine the JS sandbox runs.
// Input: the QuickJS release build shipped by @jitl/quickjs-wasmfile-release-sync.
// Recipe: src/sandbox/wasm/meter.ts adds a fuel counter and checks (see its comments).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { meterWasm } from '../dist/sandbox/wasm/meter.js';

const require = createRequire(import.meta.url);
const source = require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
const out = 'build/quickjs-metered.wasm';
const report = meterWasm(readFileSync(source));
new WebAssembly.Module(report.bytes); // must validate
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, report.bytes);
console.log(`${out}: ${report.functions} functions, ${report.checkpoints} fuel checks, ${report.bytes.length} bytes`);

// The example WebAssembly bot, compiled from AssemblyScript (bots/assemblyscript/).
const asc = await import('assemblyscript/asc');
const { error, stderr } = await asc.main(
  ['bots/assemblyscript/hunter.ts', '--outFile', 'build/bots/hunter.wasm', '--optimize', '--runtime', 'stub'],
  {},
);
if (error) {
  console.error(stderr.toString());
  process.exit(1);
}
console.log('build/bots/hunter.wasm: compiled from bots/assemblyscript/hunter.ts');
