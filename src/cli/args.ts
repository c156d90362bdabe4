import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UmpireError } from '../core/errors.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, with its errors turned into a usage problem. */
export function parseCommandArgs(argv: string[], options: Options) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UmpireError({ code: 'USAGE', message: (e as Error).message });
  }
}

export function usageError(message: string): UmpireError {
  return new UmpireError({ code: 'USAGE', message });
}
