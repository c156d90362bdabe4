// Build step: the example players and test programs written in C, C++ and Rust, compiled to
// wasm32-wasi when the toolchains are here (.ci/run installs them). Each compile is a child
// process, most of whose time is binaryen's wasm-opt (clang runs it at -O2 when it is on the
// PATH): they run side by side, and beside the rest of scripts/build-wasm.mjs.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, resolve } from 'node:path';

/**
 * clang picks up wasm-opt from the PATH: the project's own (the binaryen package) comes first, so
 * the same sources give the same modules whether the build runs through npm or by hand.
 */
const ENV = { ...process.env, PATH: [resolve('node_modules/.bin'), process.env.PATH].join(delimiter) };

/** What every clang compile here targets. */
const WASI_FLAGS = ['--target=wasm32-wasi', '--sysroot=/usr', '-O2'];
const CPP_FLAGS = [
  ...WASI_FLAGS,
  '-fno-exceptions',
  '-Wno-c++11-narrowing',
  '-Wl,-z,stack-size=1048576',
  '-Wl,--strip-debug',
];

/** Runs a compiler; rejects with its first line of error output. */
function run(command, args) {
  return new Promise((done, fail) =>
    execFile(command, args, { env: ENV, maxBuffer: 16 << 20 }, (error, _stdout, stderr) => {
      if (!error) return done();
      fail(new Error(String(stderr || error.message).split('\n')[0]));
    }),
  );
}

/** A compile of `source` into `out` by one command; `missing` says what its failure means. */
const compile = (out, source, missing, command, args) => ({
  out,
  missing,
  make: async () => {
    await run(command, args);
    return `compiled from ${source}`;
  },
});

/** The example players written in a language: `src/games/<game>/bots/*<extension>`, with their outputs' stem. */
function gamePlayers(extension) {
  return readdirSync('src/games').flatMap((game) => {
    let files = [];
    try {
      files = readdirSync(`src/games/${game}/bots`).filter((f) => f.endsWith(extension));
    } catch {
      // A game folder without bots.
    }
    return files.map((file) => ({
      source: `src/games/${game}/bots/${file}`,
      stem: `build/bots/${game}-${file.slice(0, -extension.length)}`,
    }));
  });
}

/** Every compile to do: its output, and a function that makes it and says how (or throws why not). */
function compiles() {
  const list = [];
  // C++ players (src/games/<game>/bots/*.cpp), built as docs/bots/c-cpp.md tells a player to.
  for (const { source, stem } of gamePlayers('.cpp')) {
    const out = `${stem}-cpp.wasm`;
    list.push(compile(out, source, 'no wasm32-wasi C++ toolchain', 'clang++', [...CPP_FLAGS, '-o', out, source]));
  }
  // Rust players (src/games/<game>/bots/*.rs), with the first rustc that has a WASI standard library
  // (Debian: rustc libstd-rust-dev-wasm32, target wasm32-wasi; rustup's newer releases call it wasm32-wasip1).
  for (const { source, stem } of gamePlayers('.rs')) {
    const out = `${stem}-rs.wasm`;
    list.push({
      out,
      missing: 'no rustc with a wasm32-wasi standard library',
      make: async () => {
        let error = new Error('no rustc');
        for (const rustc of ['rustc', '/usr/bin/rustc'])
          for (const target of ['wasm32-wasi', 'wasm32-wasip1']) {
            try {
              await run(rustc, [
                '--edition',
                '2021',
                '--target',
                target,
                '-O',
                '-C',
                'strip=debuginfo',
                '-o',
                out,
                source,
              ]);
              return `compiled from ${source} (${rustc} --target ${target})`;
            } catch (e) {
              error = e;
            }
          }
        throw error;
      },
    });
  }
  // The classic stdin/stdout players in C, with the script docs/bots/webassembly.md gives players.
  for (const [source, out] of [
    ['src/games/icy/bots/hunter.c', 'build/bots/hunter-wasi.wasm'],
    ['src/games/capture/bots/gatherer.c', 'build/bots/capture-gatherer-wasi.wasm'],
    ['src/games/blockdrop/bots/hunter.c', 'build/bots/blockdrop-hunter-wasi.wasm'],
  ])
    list.push(compile(out, source, 'no wasm32-wasi C toolchain', 'sh', ['scripts/build-wasi-bot.sh', out, source]));
  // The C and C++ programs tests and benchmarks run as WASI modules (test/fixtures/wasi-src/).
  for (const file of readdirSync('test/fixtures/wasi-src').filter((f) => /\.(c|cpp)$/.test(f))) {
    const source = `test/fixtures/wasi-src/${file}`;
    const out = `build/test-wasi/${file.replace(/\.(c|cpp)$/, '')}.wasm`;
    const cpp = file.endsWith('.cpp');
    const flags = cpp ? ['-fno-exceptions'] : ['-lm'];
    list.push(
      compile(out, source, 'no wasm32-wasi toolchain', cpp ? 'clang++' : 'clang', [
        ...WASI_FLAGS,
        ...flags,
        '-o',
        out,
        source,
      ]),
    );
  }
  return list;
}

/**
 * Starts every compile, as many at once as there are cores; resolves with one line per output,
 * in a fixed order: built, or not built and why (a missing toolchain is not an error).
 */
export function startNativeBuilds() {
  const list = compiles();
  const lines = new Array(list.length);
  let next = 0;
  const worker = async () => {
    for (let k = next++; k < list.length; k = next++) {
      const { out, missing, make } = list[k];
      mkdirSync(dirname(out), { recursive: true });
      try {
        lines[k] = `${out}: ${await make()}`;
      } catch (e) {
        lines[k] = `${out}: not built (${missing}): ${e.message}`;
      }
    }
  };
  const workers = Array.from({ length: Math.min(list.length, availableParallelism()) }, worker);
  return Promise.all(workers).then(() => lines);
}
