import type { GameCommandIo } from '../../../core/game-commands.js';
import { MAX_TREES, parseMap } from '../map.js';
import { latin1 } from './latin1.js';
import { MAPS_USAGE, usageError } from './usage.js';

/** `umpire maps check`: validates map files, one line per problem. Returns 0 when all are valid. */
export function mapsCommand(argv: readonly string[], io: GameCommandIo): number {
  const [sub, ...rest] = argv;
  if (sub !== 'check') throw usageError(`usage: ${MAPS_USAGE}`);
  const { positionals } = io.parseArgs(rest, {});
  if (positionals.length === 0) throw usageError(`no map given\nusage: ${MAPS_USAGE}`);
  let failed = 0;
  for (const file of positionals) {
    const read = io.tryRead(file);
    if (!read.ok) {
      failed++;
      io.out(`${file}: cannot read: ${read.reason}`);
      continue;
    }
    const map = parseMap(latin1(read.bytes));
    if (map.ok) {
      const trees = map.value.trees.filter(Boolean).length;
      io.out(`${file}: ok (${trees} trees of at most ${MAX_TREES})`);
    } else {
      failed++;
      for (const p of map.problems) io.out(`${file}: ${p.code}: ${p.message}`);
    }
  }
  return failed === 0 ? 0 : 1;
}
