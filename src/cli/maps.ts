import { MAX_TREES, parseMap } from '../games/icy/map.js';
import { parseCommandArgs, usageError } from './args.js';
import { describeError, readText } from './io.js';

export const MAPS_USAGE = 'umpire maps check FILE...';

/** Validates map files; one line per problem. Returns 0 when all are valid. */
export function mapsCommand(argv: string[], out: (line: string) => void): number {
  const [sub, ...rest] = argv;
  if (sub !== 'check') throw usageError(`usage: ${MAPS_USAGE}`);
  const { positionals } = parseCommandArgs(rest, {});
  if (positionals.length === 0) throw usageError(`no map given\nusage: ${MAPS_USAGE}`);
  let failed = 0;
  for (const file of positionals) {
    let text: string;
    try {
      text = readText(file);
    } catch (e) {
      failed++;
      out(`${file}: cannot read: ${describeError(e)}`);
      continue;
    }
    const map = parseMap(text);
    if (map.ok) {
      const trees = map.value.trees.filter(Boolean).length;
      out(`${file}: ok (${trees} trees of at most ${MAX_TREES})`);
    } else {
      failed++;
      for (const p of map.problems) out(`${file}: ${p.code}: ${p.message}`);
    }
  }
  return failed === 0 ? 0 : 1;
}
