import type { HarnessCall, HarnessStarted } from './harness-contract.js';

/** Where a metered module's instance lives: in-process, or in a Worker Loader isolate. */
export interface WasmSession {
  /** Loads a fresh instance under `fuel` and a safety cap of `capMs` ms of CPU time. */
  start(fuel: number, capMs: number): Promise<HarnessStarted>;
  call(input: string, fuel: number, outputLimit: number, capMs: number): Promise<HarnessCall>;
  takeLog(): Promise<string>;
}

/** Opens a session on a metered module; throws if the runtime rejects the module. */
export type WasmSessionFactory = (metered: Uint8Array, seed: number, logLimit: number) => Promise<WasmSession>;

/** Makes a WASI command module suspendable at `fd_read` (asyncify); not every runtime can. */
export type WasiPreparer = (bytes: Uint8Array) => Promise<Uint8Array>;
