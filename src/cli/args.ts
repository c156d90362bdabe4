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

/** The two positional arguments of a command that reads one file and writes another, else a usage error. */
export function inputAndOutput(positionals: readonly string[], usage: string): [input: string, output: string] {
  const [input, output] = positionals;
  if (positionals.length !== 2 || input === undefined || output === undefined) throw usageError(`usage: ${usage}`);
  return [input, output];
}

export function usageError(message: string): UmpireError {
  return new UmpireError({ code: 'USAGE', message });
}
