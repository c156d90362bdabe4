import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { GameCommandIo } from '../core/game-commands.js';
import { parseCommandArgs } from './args.js';
import { describeError, readInput, readMaybeGzip } from './io.js';

/** What a game's subcommand may do with the machine: the CLI's output, arguments and files. */
export function gameCommandIo(out: (line: string) => void): GameCommandIo {
  return {
    out,
    parseArgs: (argv, options) => {
      const { values, positionals } = parseCommandArgs([...argv], options);
      return { values: values as Readonly<Record<string, string | boolean | undefined>>, positionals };
    },
    tryRead: (path) => {
      try {
        return { ok: true, bytes: readMaybeGzip(path) };
      } catch (e) {
        return { ok: false, reason: describeError(e) };
      }
    },
    read: readInput,
    write: (path, contents) => writeFileSync(path, contents),
    gzip: (text) => gzipSync(text),
  };
}
