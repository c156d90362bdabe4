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
 * metered module, not optimised. The optimiser may move, merge or drop the
 * meter's fuel charges (they are plain global writes to it), which would
 * make the fuel differ from the same module run with JSPI.
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
