import { readFile } from 'node:fs/promises';
import type { BotLoader } from './types.js';
import { JsBot, type QuickJSModuleSource } from './quickjs/js-bot.js';
import { PyBot, type MicroPythonModuleSource } from './python/py-bot.js';
import { sourceText } from './source-text.js';
import { asyncifyWasi } from './wasi-prepare.js';
import { createHarness } from './wasm/harness.js';
import { WasmBot, type WasmSessionFactory } from './wasm/wasm-bot.js';

/** Where `npm run build` writes the metered QuickJS (the same depth below the root from src/ and dist/). */
const QUICKJS_WASM = new URL('../../build/quickjs-metered.wasm', import.meta.url);

/** The metered MicroPython, beside it. */
const MICROPYTHON_WASM = new URL('../../build/micropython-metered.wasm', import.meta.url);

let compiled: Promise<WebAssembly.Module> | undefined;
let compiledPython: Promise<WebAssembly.Module> | undefined;

/** Compiles a build output once per process; a missing file says to build. */
function compileOnce(url: URL, cached: () => Promise<WebAssembly.Module> | undefined, keep: (p: Promise<WebAssembly.Module> | undefined) => void): Promise<WebAssembly.Module> {
  const existing = cached();
  if (existing) return existing;
  const made = readFile(url).then(
    (bytes) => WebAssembly.compile(bytes),
    (e: NodeJS.ErrnoException) => {
      keep(undefined);
      throw e.code === 'ENOENT' ? new Error(`${url.pathname} is missing: run \`npm run build\``) : e;
    },
  );
  keep(made);
  return made;
}

/** Node and Lambda: the metered QuickJS compiled once per process from the build output. */
export const nodeQuickJSModule: QuickJSModuleSource = () =>
  compileOnce(QUICKJS_WASM, () => compiled, (p) => {
    compiled = p;
  });

/** Node and Lambda: the metered MicroPython, compiled once per process. */
export const nodeMicroPythonModule: MicroPythonModuleSource = () =>
  compileOnce(MICROPYTHON_WASM, () => compiledPython, (p) => {
    compiledPython = p;
  });

/** A worker thread uses the module its process compiled (workerData) instead of compiling its own. */
export function shareQuickJSModule(module: WebAssembly.Module): void {
  compiled = Promise.resolve(module);
}

/** The same for MicroPython. */
export function shareMicroPythonModule(module: WebAssembly.Module): void {
  compiledPython = Promise.resolve(module);
}

/** Node and Lambda compile the bot's module and run it in-process. */
export const nodeWasmSessions: WasmSessionFactory = async (metered, seed, logLimit) => {
  const harness = createHarness(await WebAssembly.compile(metered as Uint8Array<ArrayBuffer>), seed, logLimit);
  return {
    start: async (fuel) => harness.start(fuel),
    call: async (input, fuel, limit) => harness.call(input, fuel, limit),
    takeLog: async () => harness.takeLog(),
  };
};

/** The sandbox as it runs in Node and Lambda: JS in metered QuickJS, WebAssembly metered and compiled here. */
export const nodeBotLoader: BotLoader = (bundle, ctx) => {
  if (bundle.kind === 'js') return JsBot.load(nodeQuickJSModule, sourceText(bundle.code), ctx);
  if (bundle.kind === 'py') return PyBot.load(nodeMicroPythonModule, sourceText(bundle.code), ctx);
  const bytes = typeof bundle.code === 'string' ? new TextEncoder().encode(bundle.code) : bundle.code;
  return WasmBot.load(nodeWasmSessions, bytes, ctx, asyncifyWasi);
};
