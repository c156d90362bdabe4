import { readFile } from 'node:fs/promises';
import type { BotLoader } from './types.js';
import { JsBot, type QuickJSModuleSource } from './quickjs/js-bot.js';
import { asyncifyWasi } from './wasi-prepare.js';
import { createHarness } from './wasm/harness.js';
import { WasmBot, type WasmSessionFactory } from './wasm/wasm-bot.js';

/** Where `npm run build` writes the metered QuickJS (the same depth below the root from src/ and dist/). */
const QUICKJS_WASM = new URL('../../build/quickjs-metered.wasm', import.meta.url);

let compiled: Promise<WebAssembly.Module> | undefined;

/** Node and Lambda: the metered QuickJS compiled once per process from the build output. */
export const nodeQuickJSModule: QuickJSModuleSource = () => {
  compiled ??= readFile(QUICKJS_WASM).then(
    (bytes) => WebAssembly.compile(bytes),
    (e: NodeJS.ErrnoException) => {
      compiled = undefined;
      throw e.code === 'ENOENT' ? new Error(`${QUICKJS_WASM.pathname} is missing: run \`npm run build\``) : e;
    },
  );
  return compiled;
};

/** A worker thread uses the module its process compiled (workerData) instead of compiling its own. */
export function shareQuickJSModule(module: WebAssembly.Module): void {
  compiled = Promise.resolve(module);
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
  if (bundle.kind === 'js') {
    const code = typeof bundle.code === 'string' ? bundle.code : new TextDecoder().decode(bundle.code);
    return JsBot.load(nodeQuickJSModule, code, ctx);
  }
  const bytes = typeof bundle.code === 'string' ? new TextEncoder().encode(bundle.code) : bundle.code;
  return WasmBot.load(nodeWasmSessions, bytes, ctx, asyncifyWasi);
};
