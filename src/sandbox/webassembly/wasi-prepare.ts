import type { WasiPreparer } from './wasm-bot.js';

const FD_READ = 'wasi_snapshot_preview1.fd_read';

/**
 * Node and Lambda: makes a WASI command module suspendable where it reads
 * standard input, with binaryen's asyncify pass (binaryen is loaded on first
 * use), then optimises it: what `umpire prepare-wasi` does, before metering.
 */
export const asyncifyWasi: WasiPreparer = (bytes) => asyncify(bytes, true);

/**
 * The fallback where the runtime has no JSPI (Node 22): asyncify on the
 * metered module, not optimised. Optimised, the two C and C++ players of
 * test/fixtures/wasi-src/ gave the same fuel on every turn, but nothing in
 * binaryen promises to keep each write of the fuel global where the meter
 * put it (merging two charges moves the point where the fuel runs out), and
 * the fuel must be the same as with JSPI on every module.
 */
export const asyncifyMetered: WasiPreparer = (bytes) => asyncify(bytes, false);

async function asyncify(bytes: Uint8Array, optimize: boolean): Promise<Uint8Array> {
  const { default: binaryen } = await import('binaryen');
  const module = binaryen.readBinary(bytes);
  try {
    binaryen.setPassArgument('asyncify-imports', FD_READ);
    module.runPasses(['asyncify']);
    if (optimize) {
      binaryen.setOptimizeLevel(2);
      binaryen.setShrinkLevel(1);
      module.optimize();
    }
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}
