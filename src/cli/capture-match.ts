import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { playCapture } from '../match/capture-match.js';
import { ENGINE } from '../version.js';
import { parseCommandArgs, usageError } from './args.js';
import { budgetsFor, integerOption, readBundle } from './match.js';
import { withMatchPool } from './pool.js';

export const CAPTURE_MATCH_USAGE = 'umpire match --game capture --red A.js --blue B.js [--seed N] [--fuel N] [--out replay.json.gz]';

/** Plays a Capture match (ICPC Challenge 2009) and prints the result as JSON. */
export async function captureMatchCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    game: { type: 'string' },
    red: { type: 'string' },
    blue: { type: 'string' },
    seed: { type: 'string' },
    fuel: { type: 'string' },
    out: { type: 'string' },
  });
  if (positionals.length > 0) throw usageError(`unexpected argument '${positionals[0]}'\nusage: ${CAPTURE_MATCH_USAGE}`);
  if (!values.red || !values.blue) throw usageError(`--red and --blue are required\nusage: ${CAPTURE_MATCH_USAGE}`);
  const seed = integerOption('seed', values.seed as string | undefined, 1);
  const budgets = budgetsFor('capture', values.fuel as string | undefined);
  const bots = [readBundle(values.red as string), readBundle(values.blue as string)] as const;
  const manifest = { engine: ENGINE, game: 'capture', seed, budgets };
  const { replay, seats } = await withMatchPool((runner) => playCapture({ bots, seed, budgets, runner, manifest }));
  if (values.out) writeFileSync(values.out as string, gzipSync(JSON.stringify(replay)));
  const { winner, decidedBy, scores, ownership, forfeit } = replay.result;
  const botReports = Object.fromEntries(
    seats.map((s) => [s.name, { fuel: s.fuel, timeouts: s.overBudget, errors: s.errors, crashes: s.crashes, nullMoves: nullMoves(replay, s.name === 'red' ? 0 : 1), ...(s.forfeit ? { forfeit: s.forfeit } : {}) }]),
  );
  out(JSON.stringify({ game: 'capture', seed, winner, decidedBy, forfeit, scores, ownership, turns: replay.turns.length, bots: botReports }, null, 2));
  return 0;
}

function nullMoves(replay: { turns: readonly { r?: readonly (string | null)[] }[] }, seat: number): number {
  return replay.turns.filter((t) => t.r?.[seat]).length;
}
