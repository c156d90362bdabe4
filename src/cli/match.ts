import { existsSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { DEFAULT_MAP, formatMap, historyFromActions, parseMap, type IcyMap, type ReplayManifest } from '../games/icy/index.js';
import { icyReplayFromMatch } from '../match/icy-replay.js';
import { ENGINE } from '../version.js';
import type { MatchResult } from '../match/run-match.js';
import { budgetsForTurnFuel, defaultBudgets } from '../match/budgets.js';
import type { GameId } from '../match/games.js';
import type { Budgets } from '../sandbox/policy.js';
import type { Bundle } from '../sandbox/types.js';
import { UmpireError } from '../core/errors.js';
import { parseCommandArgs, usageError } from './args.js';
import { readInput } from './io.js';
import { rulesOption } from './rules-option.js';
import { antsMatchCommand } from './ants-match.js';
import { blockDropMatchCommand } from './blockdrop-match.js';
import { captureMatchCommand } from './capture-match.js';
import { withMatchPool } from './pool.js';

export const MATCH_USAGE =
  'umpire match --red FILE --blue FILE [--map FILE] [--rules queue2011|icpc2010] [--seed N] [--fuel N] [--out replay.json.gz] [--turns FILE] [--logs FILE]';

/** Plays an Icy match between two bundles (.js or .wasm) and prints the result as JSON. */
export async function matchCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const game = gameOf(argv);
  if (game === 'ants') return antsMatchCommand(argv, out);
  if (game === 'blockdrop') return blockDropMatchCommand(argv, out);
  if (game === 'capture') return captureMatchCommand(argv, out);
  if (game !== 'icy') throw usageError(`--game takes icy, ants, blockdrop or capture, not '${game}'`);
  const { values, positionals } = parseCommandArgs(argv, {
    red: { type: 'string' },
    blue: { type: 'string' },
    map: { type: 'string' },
    rules: { type: 'string' },
    seed: { type: 'string' },
    fuel: { type: 'string' },
    out: { type: 'string' },
    turns: { type: 'string' },
    logs: { type: 'string' },
    game: { type: 'string' },
  });
  if (positionals.length > 0) throw usageError(`unexpected argument '${positionals[0]}'\nusage: ${MATCH_USAGE}`);
  if (!values.red || !values.blue) throw usageError(`--red and --blue are required\nusage: ${MATCH_USAGE}`);
  const rules = rulesOption(values.rules as string | undefined);
  const seed = integerOption('seed', values.seed as string | undefined, 1);
  const budgets = budgetsFor('icy', values.fuel as string | undefined);
  const map = values.map ? readMap(values.map as string) : DEFAULT_MAP;
  const bots = [readBundle(values.red as string), readBundle(values.blue as string)];

  const options = { rules, map };
  const { result, replay } = await withMatchPool((runner) => runner.play({ game: 'icy', options, seed, budgets, bots }));
  if (values.out) {
    const bot = (b: Bundle) => ({ name: b.name ?? null, sha256: createHash('sha256').update(b.code).digest('hex'), kind: b.kind });
    const mapText = formatMap(map);
    const manifest: ReplayManifest = {
      engine: ENGINE,
      game: 'icy',
      rules: rules.name,
      map: { name: values.map ? String(values.map) : 'default', sha256: createHash('sha256').update(mapText).digest('hex') },
      seed,
      budgets: { ...budgets },
      bots: { red: bot(bots[0]), blue: bot(bots[1]) },
    };
    writeFileSync(values.out as string, gzipSync(JSON.stringify(icyReplayFromMatch({ result, replay }, options, manifest))));
  }
  if (values.logs) writeFileSync(values.logs as string, JSON.stringify({ red: result.seats[0].log, blue: result.seats[1].log }));
  if (values.turns) writeFileSync(values.turns as string, historyFromActions(map, rules, replay.turns.map((t) => t.step.actions)));
  out(JSON.stringify(summary(result, seed, rules.name), null, 2));
  return 0;
}

function gameOf(argv: string[]): string {
  const at = argv.findIndex((a) => a === '--game' || a.startsWith('--game='));
  if (at < 0) return 'icy';
  return argv[at]!.startsWith('--game=') ? argv[at]!.slice('--game='.length) : (argv[at + 1] ?? '');
}

export function integerOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,15}$/.test(value)) throw usageError(`--${name} takes a non-negative integer, not '${value}'`);
  return Number(value);
}

/**
 * The game's default budgets, or with `--fuel N` N per turn and the first
 * turn at the game's ratio (icy 2N, capture 10N, block drop N); loading gets
 * at least the first turn's.
 */
export function budgetsFor(game: GameId, fuel: string | undefined): Budgets {
  if (fuel === undefined) return defaultBudgets(game);
  const n = integerOption('fuel', fuel, 0);
  if (n < 1) throw usageError('--fuel must be at least 1');
  return budgetsForTurnFuel(game, n);
}

function readMap(path: string): IcyMap {
  const file = existsSync(path) || !existsSync(`maps/${path}.txt`) ? path : `maps/${path}.txt`;
  const map = parseMap(new TextDecoder().decode(readInput(file, 'MAP_UNREADABLE')));
  if (!map.ok) throw new UmpireError({ code: map.problems[0].code, message: `${file}: ${map.problems.map((p) => p.message).join('; ')}` });
  return map.value;
}

export function readBundle(path: string): Bundle {
  const bytes = Buffer.from(readInput(path, 'BUNDLE_UNREADABLE'));
  const name = path.split('/').pop() ?? path;
  const wasm = bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
  return wasm ? { kind: 'wasm', code: new Uint8Array(bytes), name } : { kind: 'js', code: bytes.toString('utf8'), name };
}

const SIDES = ['red', 'blue'] as const;

function summary(result: MatchResult, seed: number, rules: string) {
  const pair = (v: readonly number[] | undefined) => ({ red: v?.[0] ?? 0, blue: v?.[1] ?? 0 });
  const details = result.details as { decidedBy?: string; hitScore?: number[]; domainSum?: number[] };
  const forfeit = result.forfeits.length === 2 ? 'both' : result.forfeits.length === 1 ? SIDES[result.forfeits[0]] : null;
  return {
    winner: result.winner === null ? 'draw' : SIDES[result.winner],
    forfeit,
    decidedBy: forfeit ? 'forfeit' : details.decidedBy,
    scores: pair(result.scores),
    hitScores: pair(details.hitScore),
    domainSums: pair(details.domainSum),
    turns: result.turns,
    seed,
    rules,
    bots: Object.fromEntries(
      result.seats.map((s) => [
        s.name,
        {
          fuel: s.fuel,
          timeouts: s.overBudget,
          errors: s.errors,
          crashes: s.crashes,
          ...(s.forfeit ? { forfeit: s.forfeit } : {}),
        },
      ]),
    ),
  };
}
