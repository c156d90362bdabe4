import type { Language, LanguageLoader } from '../language.js';
import { WasmBot } from './wasm-bot.js';

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

/** Whether bytes start as a WebAssembly module does. */
export const isWasm = (bytes: Uint8Array): boolean => WASM_MAGIC.every((m, i) => bytes[i] === m);

const moduleBytes = (code: string | Uint8Array) => (typeof code === 'string' ? new TextEncoder().encode(code) : code);

/** Raw WASI modules run with the runtime's JSPI, or else its own asyncify preparation where it has one (Node 22: binaryen). */
const load: LanguageLoader = (code, ctx, host) =>
  WasmBot.load(host.wasmSessions, moduleBytes(code), ctx, {
    jspi: host.jspi ?? false,
    ...(host.prepareWasi ? { asyncify: host.prepareWasi } : {}),
  });

export const webassembly: Language = {
  kind: 'wasm',
  title: 'WebAssembly',
  field: 'wasm',
  encoding: 'base64',
  extensions: ['.wasm'],
  contentType: 'application/wasm',
  recognises: isWasm,
  engines: [],
  load: { node: load, workers: load },
  calibration: { id: 'wasm', title: 'WebAssembly (strict metering, as bots)', script: 'scripts/calibrate/wasm.mjs' },
  docs: {
    summary:
      'A module exporting `memory`, `alloc` and `act` (docs/wasm-abi.md), or a WASI program reading stdin, metered per instruction.',
    page: 'docs/bots/webassembly.md',
  },
};
