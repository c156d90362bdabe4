import { readFile } from 'node:fs/promises';
import type { BotLoader } from '../match/run-match.js';
import { JsBot, type QuickJSModuleSource } from './quickjs/js-bot.js';
import { WasmBot, type WasmCompiler } from './wasm/wasm-bot.js';

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

/** Node and Lambda compile WebAssembly from bytes. */
export const nodeWasmCompiler: WasmCompiler = (bytes) => WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);

/** The sandbox as it runs in Node and Lambda: JS in metered QuickJS, WebAssembly metered and compiled here. */
export const nodeBotLoader: BotLoader = (bundle, ctx) => {
  if (bundle.kind === 'js') {
    const code = typeof bundle.code === 'string' ? bundle.code : new TextDecoder().decode(bundle.code);
    return JsBot.load(nodeQuickJSModule, code, ctx);
  }
  const bytes = typeof bundle.code === 'string' ? new TextEncoder().encode(bundle.code) : bundle.code;
  return WasmBot.load(nodeWasmCompiler, bytes, ctx);
};
