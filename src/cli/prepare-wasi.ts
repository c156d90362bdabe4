import { writeFileSync } from 'node:fs';
import { asyncifyWasi } from '../sandbox/webassembly/wasi-prepare.js';
import { wasiKind } from '../sandbox/webassembly/wasm-bot.js';
import { UmpireError } from '../core/errors.js';
import { inputAndOutput, parseCommandArgs } from './args.js';
import { readInput } from './io.js';

export const PREPARE_WASI_USAGE = 'umpire prepare-wasi IN.wasm OUT.wasm';

/**
 * Makes a WASI command module (a stdin/stdout player) suspendable where it
 * reads standard input. Node does this by itself when a match starts; the
 * prepared module also runs where nothing can transform it (Workers).
 */
export async function prepareWasiCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { positionals } = parseCommandArgs(argv, {});
  const [input, output] = inputAndOutput(positionals, PREPARE_WASI_USAGE);
  const bytes = readInput(input, 'BUNDLE_UNREADABLE');
  let kind: ReturnType<typeof wasiKind>;
  try {
    kind = wasiKind(bytes);
  } catch (e) {
    throw new UmpireError({ code: 'BUNDLE_INVALID', message: `${input}: ${(e as Error).message}` });
  }
  if (kind === 'none')
    throw new UmpireError({
      code: 'BUNDLE_INVALID',
      message: `${input}: not a WASI command module (no _start, or no WASI imports)`,
    });
  const prepared = kind === 'prepared' ? bytes : await asyncifyWasi(bytes);
  writeFileSync(output, prepared);
  out(`${output}: ${kind === 'prepared' ? 'already prepared, copied' : 'prepared'} (${prepared.length} bytes)`);
  return 0;
}
