// Build step (after tsc): produces the fuel-metered QuickJS engine the JS sandbox runs.
// Input: the QuickJS release build shipped by @jitl/quickjs-wasmfile-release-sync.
// Recipe: src/sandbox/wasm/meter.ts adds a fuel counter and checks (see its comments).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { meterWasm } from '../dist/sandbox/wasm/meter.js';
import { MAX_STACK_SLOTS, frameSlots, limitCallDepth } from '../dist/sandbox/wasm/call-depth.js';
import { INVOKE_FUEL } from '../dist/sandbox/python/micropython-host.js';
import { addRefuelHook } from '../dist/sandbox/wasm/refuel-hook.js';
import { newEngine, INITIAL_PAGES } from '../dist/sandbox/javascript/engine.js';
import { computeTemplate, templatePages } from '../dist/sandbox/javascript/engine-template.js';
import { withTemplateSnapshot } from '../dist/sandbox/javascript/engine-snapshot.js';
import { PRELUDE } from '../dist/sandbox/javascript/prelude.js';
import { withPageRuns } from '../dist/sandbox/javascript/engine-pages.js';
import { startNativeBuilds } from './native-bots.mjs';

// Child processes: they compile while this process meters the engines below.
const nativeBuilds = startNativeBuilds();

const require = createRequire(import.meta.url);
const source = require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
const out = 'build/quickjs-metered.wasm';
const report = meterWasm(readFileSync(source));
// Its frames weighed in stack slots: recursion QuickJS's own stack limit misses ends at the same call everywhere.
// Its fuel checks call the host when the counter runs out: fuel in slices, and the safety cap between them.
const meteredQuickjs = addRefuelHook(limitCallDepth(report.bytes, MAX_STACK_SLOTS, frameSlots));
// The pages an engine's start and the template's steps write (src/sandbox/javascript/engine-pages.ts),
// found in a memory touched all over first, and listed in a custom section: code and fuel are unchanged.
const runs = templatePages(newEngine(new WebAssembly.Module(meteredQuickjs), INITIAL_PAGES, true));
const withRuns = withPageRuns(meteredQuickjs, runs);
// The template itself, its steps taken once here (src/sandbox/javascript/engine-snapshot.ts).
const { template } = computeTemplate(new WebAssembly.Module(withRuns), INITIAL_PAGES);
const quickjsBytes = withTemplateSnapshot(withRuns, template, PRELUDE);
new WebAssembly.Module(quickjsBytes); // must validate
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, quickjsBytes);
const pageCount = runs.reduce((n, [first, end]) => n + end - first, 0);
console.log(
  `${out}: ${report.functions} functions, ${report.checkpoints} fuel checks, stack limited, ${quickjsBytes.length} bytes, ` +
    `${pageCount} pages of 4 KiB written by an engine's start, kept as its template`,
);

// The fuel-metered MicroPython the Python sandbox runs (src/sandbox/python/), from the port's release build.
{
  const source = require.resolve('@micropython/micropython-webassembly-pyscript/micropython.wasm');
  const out = 'build/micropython-metered.wasm';
  const original = readFileSync(source);
  // Each call through emscripten's invoke_* (setjmp) wrappers crosses into JavaScript and back: priced at the call.
  const importFuel = Object.fromEntries(
    WebAssembly.Module.imports(new WebAssembly.Module(original))
      .filter((i) => i.kind === 'function' && i.name.startsWith('invoke_'))
      .map((i) => [`${i.module}.${i.name}`, INVOKE_FUEL]),
  );
  const report = meterWasm(original, { importFuel });
  // Deep C recursion must end at the same call on every thread, before V8's native stack does.
  // And, as QuickJS, a refuel hook for the safety cap.
  const bytes = addRefuelHook(limitCallDepth(report.bytes));
  const module = new WebAssembly.Module(bytes);
  writeFileSync(out, bytes);
  // Its setjmp/longjmp bridge, made for its invoke_* imports: Workers cannot compile one at run time.
  const { bridgeBytes, invokeShapesOf, DEPTH_ACCESS } = await import('../dist/sandbox/python/longjmp-bridge.js');
  writeFileSync('build/micropython-bridge.wasm', bridgeBytes(invokeShapesOf(module)));
  writeFileSync('build/wasm-depth-access.wasm', DEPTH_ACCESS);
  console.log('build/micropython-bridge.wasm, build/wasm-depth-access.wasm: its setjmp/longjmp bridge');
  console.log(
    `${out}: ${report.functions} functions, ${report.checkpoints} fuel checks, call depth limited, ${bytes.length} bytes`,
  );
}

// The example WebAssembly bots, compiled from AssemblyScript (src/games/<game>/bots/*.as.ts).
const asc = await import('assemblyscript/asc');
for (const [source, out] of [
  ['src/games/icy/bots/hunter.as.ts', 'build/bots/hunter.wasm'],
  ['src/games/blockdrop/bots/hunter.as.ts', 'build/bots/blockdrop.wasm'],
]) {
  const { error, stderr } = await asc.main([source, '--outFile', out, '--optimize', '--runtime', 'stub'], {});
  if (error) {
    console.error(stderr.toString());
    process.exit(1);
  }
  console.log(`${out}: compiled from ${source}`);
}

// The WebAssembly bot harness as source text, for Cloudflare Worker Loader isolates: one module,
// bundled with the fuel tank and clock it imports.
const { build } = await import('esbuild');
const bundled = await build({
  entryPoints: ['dist/sandbox/wasm/harness.js'],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'warning',
});
const harness = bundled.outputFiles[0].text;
writeFileSync(
  'build/wasm-harness-source.js',
  `// Generated by scripts/build-wasm.mjs from src/sandbox/wasm/harness.ts\nexport default ${JSON.stringify(harness)};\n`,
);
writeFileSync('build/wasm-harness-source.d.ts', 'declare const source: string;\nexport default source;\n');
console.log('build/wasm-harness-source.js: the harness for Worker Loader isolates');

// The C, C++ and Rust players and test programs, compiled meanwhile (scripts/native-bots.mjs).
for (const line of await nativeBuilds) console.log(line);
