import { existsSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { UmpireError } from '../core/errors.js';
import { DEFAULT_ROUNDS } from '../games/ants/index.js';
import { resolveAntsWorld } from '../match/ants-worlds.js';
import { runAntsMatch } from '../match/ants-match.js';
import { ENGINE } from '../version.js';
import { parseCommandArgs, usageError } from './args.js';
import { readInput } from './io.js';

export const ANTS_MATCH_USAGE =
  'umpire match --game ants --red A.ant --black B.ant [--world FILE|sample0..sample9|tiny|generated:N] [--seed N] [--rounds N] [--out replay.json.gz]';

/** Plays an ants match between two brain files and prints the result as JSON. */
export function antsMatchCommand(argv: string[], out: (line: string) => void): number {
  const { values, positionals } = parseCommandArgs(argv, {
    game: { type: 'string' },
    red: { type: 'string' },
    black: { type: 'string' },
    world: { type: 'string' },
    seed: { type: 'string' },
    rounds: { type: 'string' },
    out: { type: 'string' },
  });
  if (positionals.length > 0) throw usageError(`unexpected argument '${positionals[0]}'\nusage: ${ANTS_MATCH_USAGE}`);
  if (!values.red || !values.black) throw usageError(`--red and --black are required\nusage: ${ANTS_MATCH_USAGE}`);
  const seed = integer('seed', values.seed, 12345, 0);
  const rounds = integer('rounds', values.rounds, DEFAULT_ROUNDS, 1);
  const worldSpec = (values.world as string | undefined) ?? 'sample0';
  const worldText = existsSync(worldSpec) ? new TextDecoder().decode(readInput(worldSpec, 'WORLD_UNREADABLE')) : undefined;
  const world = resolveAntsWorld(worldText ?? worldSpec);
  if (!world.ok) throw new UmpireError({ code: world.problems[0]!.code, message: `${worldSpec}: ${world.problems.map((p) => p.message).join('; ')}` });
  const brains = {
    red: new TextDecoder().decode(readInput(values.red as string, 'BRAIN_UNREADABLE')),
    black: new TextDecoder().decode(readInput(values.black as string, 'BRAIN_UNREADABLE')),
  };
  const worldName = world.value.name ?? worldSpec.split('/').pop()!;
  const manifest = { engine: ENGINE, game: 'ants', world: { name: worldName }, seed, rounds };
  const { result, replay } = runAntsMatch({ world: world.value.world, worldText: world.value.text, brains, seed, rounds }, manifest);
  if (values.out) writeFileSync(values.out as string, gzipSync(JSON.stringify(replay)));
  out(JSON.stringify({ game: 'ants', world: worldName, seed, ...result }, null, 2));
  return 0;
}

function integer(name: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw usageError(`--${name} takes a non-negative integer, not '${String(value)}'`);
  const n = Number(value);
  if (n < min) throw usageError(`--${name} must be at least ${min}`);
  return n;
}
