import type { WasiPreparer } from './wasm-bot.js';

/**
 * Node and Lambda: makes a WASI command module suspendable where it reads
 * standard input, with binaryen's asyncify pass (binaryen is loaded on first use).
 */
export const asyncifyWasi: WasiPreparer = async (bytes) => {
  const { default: binaryen } = await import('binaryen');
  const module = binaryen.readBinary(bytes);
  try {
    binaryen.setPassArgument('asyncify-imports', 'wasi_snapshot_preview1.fd_read');
    module.runPasses(['asyncify']);
    binaryen.setOptimizeLevel(2);
    binaryen.setShrinkLevel(1);
    module.optimize();
    return module.emitBinary();
  } finally {
    module.dispose();
  }
};
