// Build step (after tsc): produces the fuel-metered QuickJS engine the JS sandbox runs.
// Input: the QuickJS release build shipped by @jitl/quickjs-wasmfile-release-sync.
// Recipe: src/sandbox/wasm/meter.ts adds a fuel counter and checks (see its comments).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { meterWasm } from '../dist/sandbox/wasm/meter.js';
import { MAX_STACK_SLOTS, frameSlots, limitCallDepth } from '../dist/sandbox/wasm/call-depth.js';
import { INVOKE_FUEL } from '../dist/sandbox/python/micropython-host.js';
import { addRefuelHook } from '../dist/sandbox/wasm/refuel-hook.js';
import { concat, encodeName, encodeU32 } from '../dist/sandbox/wasm/leb.js';
import { newEngine, INITIAL_PAGES } from '../dist/sandbox/javascript/engine.js';
import { templatePages } from '../dist/sandbox/javascript/engine-template.js';
import { ENGINE_PAGES_SECTION, encodePageRuns } from '../dist/sandbox/javascript/engine-pages.js';

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
const payload = [...encodeName(ENGINE_PAGES_SECTION), ...encodePageRuns(runs)];
const quickjsBytes = concat([meteredQuickjs, new Uint8Array([0, ...encodeU32(payload.length), ...payload])]);
new WebAssembly.Module(quickjsBytes); // must validate
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, quickjsBytes);
const pageCount = runs.reduce((n, [first, end]) => n + end - first, 0);
console.log(
  `${out}: ${report.functions} functions, ${report.checkpoints} fuel checks, stack limited, ${quickjsBytes.length} bytes, ` +
    `${pageCount} pages of 4 KiB written by an engine's start`,
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

// The C++ stdin/stdout players (src/games/<game>/bots/*.cpp), built as docs/bots/c-cpp.md tells a
// player to (Debian: also libc++-14-dev-wasm32 libc++abi-14-dev-wasm32): build/bots/<game>-<name>-cpp.wasm.
{
  const { readdirSync } = await import('node:fs');
  const flags = [
    '--target=wasm32-wasi',
    '--sysroot=/usr',
    '-O2',
    '-fno-exceptions',
    '-Wno-c++11-narrowing',
    '-Wl,-z,stack-size=1048576',
    '-Wl,--strip-debug',
  ];
  for (const game of readdirSync('src/games')) {
    const bots = `src/games/${game}/bots`;
    let names = [];
    try {
      names = readdirSync(bots).filter((f) => f.endsWith('.cpp'));
    } catch {
      continue;
    }
    for (const file of names) {
      const out = `build/bots/${game}-${file.slice(0, -'.cpp'.length)}-cpp.wasm`;
      try {
        mkdirSync(dirname(out), { recursive: true });
        execFileSync('clang++', [...flags, '-o', out, `${bots}/${file}`], { stdio: 'pipe' });
        console.log(`${out}: compiled from ${bots}/${file}`);
      } catch (e) {
        console.log(
          `${out}: not built (no wasm32-wasi C++ toolchain): ${String(e.stderr ?? e.message).split('\n')[0]}`,
        );
      }
    }
  }
}

// The Rust stdin/stdout players (src/games/<game>/bots/*.rs): build/bots/<game>-<name>-rs.wasm, with the
// first rustc that has a WASI standard library (Debian: rustc libstd-rust-dev-wasm32, target wasm32-wasi;
// rustup's newer releases call it wasm32-wasip1).
{
  const { readdirSync } = await import('node:fs');
  const compilers = [...new Set(['rustc', '/usr/bin/rustc'])];
  for (const game of readdirSync('src/games')) {
    let names = [];
    try {
      names = readdirSync(`src/games/${game}/bots`).filter((f) => f.endsWith('.rs'));
    } catch {
      continue;
    }
    for (const file of names) {
      const source = `src/games/${game}/bots/${file}`;
      const out = `build/bots/${game}-${file.slice(0, -'.rs'.length)}-rs.wasm`;
      let error = 'no rustc';
      built: for (const rustc of compilers)
        for (const target of ['wasm32-wasi', 'wasm32-wasip1']) {
          try {
            const flags = ['--edition', '2021', '--target', target, '-O', '-C', 'strip=debuginfo'];
            execFileSync(rustc, [...flags, '-o', out, source], { stdio: 'pipe' });
            console.log(`${out}: compiled from ${source} (${rustc} --target ${target})`);
            error = null;
            break built;
          } catch (e) {
            error = String(e.stderr ?? e.message).split('\n')[0];
          }
        }
      if (error) console.log(`${out}: not built (no rustc with a wasm32-wasi standard library): ${error}`);
    }
  }
}

// The classic stdin/stdout players in C, compiled for wasm32-wasi when the toolchain is here
// (apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32; .ci/run installs it).
for (const [source, out] of [
  ['src/games/icy/bots/hunter.c', 'build/bots/hunter-wasi.wasm'],
  ['src/games/capture/bots/gatherer.c', 'build/bots/capture-gatherer-wasi.wasm'],
  ['src/games/blockdrop/bots/hunter.c', 'build/bots/blockdrop-hunter-wasi.wasm'],
]) {
  try {
    execFileSync('sh', ['scripts/build-wasi-bot.sh', out, source], { stdio: 'pipe' });
    console.log(`${out}: compiled from ${source}`);
  } catch (e) {
    console.log(`${out}: not built (no wasm32-wasi C toolchain): ${String(e.stderr ?? e.message).split('\n')[0]}`);
  }
}

// The C and C++ programs tests and benchmarks run as WASI modules (test/fixtures/wasi-src/), into build/test-wasi/.
mkdirSync('build/test-wasi', { recursive: true });
for (const file of readdirSync('test/fixtures/wasi-src').filter((f) => /\.(c|cpp)$/.test(f))) {
  const source = `test/fixtures/wasi-src/${file}`;
  const out = `build/test-wasi/${file.replace(/\.(c|cpp)$/, '')}.wasm`;
  const cpp = file.endsWith('.cpp');
  const compiler = cpp ? 'clang++' : 'clang';
  const flags = cpp ? ['-fno-exceptions'] : ['-lm'];
  try {
    execFileSync(compiler, ['--target=wasm32-wasi', '--sysroot=/usr', '-O2', ...flags, '-o', out, source], {
      stdio: 'pipe',
    });
    console.log(`${out}: compiled from ${source}`);
  } catch (e) {
    console.log(`${out}: not built (no wasm32-wasi toolchain): ${String(e.stderr ?? e.message).split('\n')[0]}`);
  }
}
