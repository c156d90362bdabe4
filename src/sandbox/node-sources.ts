import { readFile } from 'node:fs/promises';
import type { QuickJSModuleSource } from './quickjs/js-bot.js';

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
