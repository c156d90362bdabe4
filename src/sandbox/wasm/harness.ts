/**
 * Runs one metered WebAssembly bot module: a module of the bot ABI
 * (act-harness.ts) or a WASI command module, a classic stdin/stdout program:
 * raw, suspended with JavaScript Promise Integration (wasi-jspi-harness.ts),
 * or made suspendable by asyncify (wasi-harness.ts). Self-contained on
 * purpose (past this folder it imports only the fuel tank, which imports
 * only the clock): the build bundles it into one source for Cloudflare
 * Worker Loader isolates, where it runs the bot; in Node and Lambda it runs
 * in-process.
 */

import { createActHarness } from './act-harness.js';
import type { AsyncHarness, Harness } from './harness-contract.js';
import { createWasiHarness } from './wasi-harness.js';
import { createWasiJspiHarness } from './wasi-jspi-harness.js';

export { jspi } from './wasi-jspi-harness.js';

const isWasi = (module: WebAssembly.Module) =>
  WebAssembly.Module.imports(module).some((i) => i.module === 'wasi_snapshot_preview1') &&
  WebAssembly.Module.exports(module).some((e) => e.name === '_start');

/** The synchronous harness the module's exports call for: WASI's `_start` with asyncify's exports, or the bot ABI. */
export function createHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
  const names = WebAssembly.Module.exports(module).map((e) => e.name);
  if (names.includes('_start') && names.includes('asyncify_start_unwind'))
    return createWasiHarness(module, seed, logLimit);
  return createActHarness(module, seed, logLimit);
}

/** Any bot module's harness: a raw WASI command module runs with JSPI (the runtime must have it), others as {@link createHarness}. */
export function openHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness | AsyncHarness {
  const names = WebAssembly.Module.exports(module).map((e) => e.name);
  if (isWasi(module) && !names.includes('asyncify_start_unwind')) return createWasiJspiHarness(module, seed, logLimit);
  return createHarness(module, seed, logLimit);
}
