import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { playBlockDrop } from '../match/blockdrop-match.js';
import { ENGINE } from '../version.js';
import { parseCommandArgs, usageError } from './args.js';
import { budgetsFor, integerOption, readBundle } from './match.js';
import { withMatchPool } from './pool.js';

export const BLOCKDROP_MATCH_USAGE = 'umpire match --game blockdrop --bot A.js --bot B.js --bot C.js --bot D.js [--seed N] [--fuel N] [--out replay.json.gz]';

/** Plays a four-bot block-drop match (JavaChallenge 2015) and prints the result as JSON. */
export async function blockDropMatchCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    game: { type: 'string' },
    bot: { type: 'string', multiple: true },
    seed: { type: 'string' },
    fuel: { type: 'string' },
    out: { type: 'string' },
  });
  if (positionals.length > 0) throw usageError(`unexpected argument '${positionals[0]}'\nusage: ${BLOCKDROP_MATCH_USAGE}`);
  const paths = (values.bot as string[] | undefined) ?? [];
  if (paths.length !== 4) throw usageError(`--bot must be given 4 times (players 0 to 3), got ${paths.length}\nusage: ${BLOCKDROP_MATCH_USAGE}`);
  const seed = integerOption('seed', values.seed as string | undefined, 1);
  const budgets = budgetsFor('blockdrop', values.fuel as string | undefined);
  const bots = paths.map(readBundle);
  const manifest = { engine: ENGINE, game: 'blockdrop', seed, budgets };
  const { summary, replay } = await withMatchPool((runner) => playBlockDrop({ bots, seed, budgets, runner, manifest }));
  if (values.out) writeFileSync(values.out as string, gzipSync(JSON.stringify(replay)));
  out(JSON.stringify({ game: 'blockdrop', seed, ...summary }, null, 2));
  return 0;
}
