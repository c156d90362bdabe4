/**
 * Runs one metered WebAssembly bot module: a module of the bot ABI
 * (act-harness.ts) or, for a WASI command module made suspendable by
 * asyncify, a classic stdin/stdout program (wasi-harness.ts). Self-contained
 * on purpose (past this folder it imports only the fuel tank, which imports
 * only the clock): the build bundles it into one source for Cloudflare
 * Worker Loader isolates, where it runs the bot; in Node and Lambda it runs
 * in-process.
 */

import { createActHarness } from './act-harness.js';
import type { Harness } from './harness-contract.js';
import { createWasiHarness } from './wasi-harness.js';

/** The harness the module's exports call for: WASI's `_start` with asyncify's exports, or the bot ABI. */
export function createHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
  const names = WebAssembly.Module.exports(module).map((e) => e.name);
  if (names.includes('_start') && names.includes('asyncify_start_unwind'))
    return createWasiHarness(module, seed, logLimit);
  return createActHarness(module, seed, logLimit);
}
