import { existsSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import { InputError, UmpireError } from '../core/errors.js';
import type { CliBundle, CliFiles, CliValues, GameModule } from '../core/game-module.js';
import { seatOptions } from '../core/match-argv.js';
import { DEFAULT_GAME, findGame, gameIdList, GAMES } from '../games/catalog.js';
import { newMatchId } from '../match/digest.js';
import { playMatch } from '../match/play-match.js';
import { decodeSeats, seatOfFile } from '../match/seats.js';
import { parseCommandArgs, usageError, type Options } from './args.js';
import { readInput } from './io.js';
import type { CliContext } from './command.js';
import { conductWarnings, forfeited, madeNoValidMove, summaryWithConduct } from './conduct.js';
import { inProcessRunner } from '../match/in-process-runner.js';
import { nodeBotLoader, nodeHost } from '../sandbox/node-sources.js';
import { wasiKind } from '../sandbox/webassembly/wasm-bot.js';
import type { MatchRunner } from '../match/runner.js';
import type { Bundle, TextBot } from '../core/bots.js';

/** One usage line per registered game, and the options every game's match takes besides. */
export const MATCH_USAGES: readonly string[] = [
  ...GAMES.map((g) => g.cli.usage),
  'umpire match ... [--strict]   any game: exit 1 when a bot forfeits or makes no valid move in the match',
  'umpire match ... [--load-fuel N]   any game with programs: N fuel for loading each bot (its top level)',
];

/** The options every game's match takes; the game adds its own (GameModule.cli.options). */
const COMMON: Options = {
  game: { type: 'string' },
  seed: { type: 'string' },
  fuel: { type: 'string' },
  'load-fuel': { type: 'string' },
  out: { type: 'string' },
  logs: { type: 'string' },
  strict: { type: 'boolean' },
};

/**
 * Plays a match of any registered game (--game, the default game without it)
 * from files, the way the API plays one (in this thread), and prints its summary as JSON.
 * Writes the replay (--out, gzip JSON), the logs (--logs) and the game's own files.
 */
export async function matchCommand(
  argv: string[],
  out: (line: string) => void,
  context?: Pick<CliContext, 'err'> & Partial<Pick<CliContext, 'matchWorker'>>,
): Promise<number> {
  const game = gameOf(argv);
  const { values, positionals } = parseCommandArgs(argv, { ...COMMON, ...(game.cli.options as Options) });
  if (positionals.length > 0) throw usageError(`unexpected argument '${positionals[0]}'\nusage: ${game.cli.usage}`);
  const seed = integerOption('seed', values.seed as string | undefined, game.cli.defaultSeed);
  const budgets = budgetsOption(game, values.fuel as string | undefined, values['load-fuel'] as string | undefined);
  const cliValues = values as CliValues;
  let request: { readonly game: string };
  try {
    request = game.request.schema.parse(game.cli.request(cliValues, cliFiles, seed, budgets)) as {
      readonly game: string;
    };
  } catch (e) {
    throw asUsage(e, game);
  }
  const seats = await decodeSeats(
    game,
    game.request.seats(request),
    () => Promise.reject(usageError('stored bots are for the API')),
    Infinity,
  ).catch((e) => {
    throw asUsage(e, game);
  });
  const setup = await Promise.resolve(game.setup(request)).catch((e) => {
    throw asUsage(e, game);
  });
  const play = (runner: MatchRunner) =>
    playMatch({ game, request, seats, runner, id: newMatchId(), owner: 'local', now: new Date(), setup });
  // In this thread, as on Lambda: every call is bounded by its fuel, and the match deadline is checked
  // between calls. A worker thread would add its start-up (about 100 ms) to a command that should start at once.
  // Without JSPI a raw WASI module must first be made suspendable: in the pool, where a deadline bounds
  // it and a module past it forfeits its seat (the match still ends with a result).
  const played =
    !nodeHost.jspi && context?.matchWorker && seats.some((s) => isRawWasi(s.bot))
      ? await (await import('./pool.js')).withMatchPool(context.matchWorker, play)
      : await play(inProcessRunner(nodeBotLoader));
  if (values.out) writeFileSync(values.out as string, gzipSync(JSON.stringify(played.replay)));
  if (values.logs) writeFileSync(values.logs as string, JSON.stringify(played.logs ?? null));
  for (const [option, text] of Object.entries(game.cli.files?.(cliValues, played.record, played.replay) ?? {})) {
    const path = cliValues[option];
    if (typeof path === 'string') writeFileSync(path, text);
  }
  const summary = game.cli.summary(played.record, played.replay, cliValues);
  const conduct = game.cli.conduct?.(played.record, played.replay);
  out(JSON.stringify(conduct ? summaryWithConduct(summary, conduct) : summary, null, 2));
  if (!conduct) return 0;
  for (const line of conductWarnings(conduct, seatFiles(game, cliValues))) context?.err?.(`umpire match: ${line}`);
  const failed = conduct.some((c) => madeNoValidMove(c) || forfeited(c));
  return values.strict === true && failed ? 1 : 0;
}

/** The bot file of each seat, in seat order, as the command line gave them. */
function seatFiles(game: GameModule, values: CliValues): (string | undefined)[] {
  const taken = new Map<string, number>();
  return seatOptions(game).map((name) => {
    const k = taken.get(name) ?? 0;
    taken.set(name, k + 1);
    const value = values[name];
    return Array.isArray(value) ? value[k] : typeof value === 'string' ? value : undefined;
  });
}

/** The game of --game, read before the game's own options are known. */
function gameOf(argv: string[]): GameModule {
  const at = argv.findIndex((a) => a === '--game' || a.startsWith('--game='));
  if (at < 0) return DEFAULT_GAME;
  const name = argv[at]!.startsWith('--game=') ? argv[at]!.slice('--game='.length) : (argv[at + 1] ?? '');
  const game = findGame(name);
  if (!game) throw usageError(`--game takes ${gameIdList()}, not '${name}'`);
  return game;
}

/** A game's refusal of the command line, as the CLI reports it (exit code 2 for misuse). */
function asUsage(e: unknown, game: GameModule): unknown {
  if (e instanceof InputError && e.code !== 'USAGE') return new UmpireError({ code: e.code, message: e.message });
  if (e instanceof UmpireError) return e;
  if (e && typeof e === 'object' && 'issues' in e) {
    const issue = (e as { issues: { path: PropertyKey[]; message: string }[] }).issues[0];
    return usageError(`${issue?.path.join('.') || 'request'}: ${issue?.message}\nusage: ${game.cli.usage}`);
  }
  return e;
}

/** Files as the game's CLI reads them: bundles (.js, .py, .wasm), texts (maps, text bots); gzip is read through. */
export const cliFiles: CliFiles = {
  seat(path: string): CliBundle {
    const bytes = readInput(path, 'BUNDLE_UNREADABLE');
    const name = basename(path);
    return { name, ...seatOfFile(name, bytes) };
  },
  text: (path: string) => new TextDecoder().decode(readInput(path, 'FILE_UNREADABLE')),
  exists: (path: string) => existsSync(path),
};

export function integerOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,15}$/.test(value)) throw usageError(`--${name} takes a non-negative integer, not '${value}'`);
  return Number(value);
}

/**
 * The request's budget overrides: with `--fuel N`, `{ turnFuel: N }`, which resolves
 * to N per later call and the first at the game's ratio (budgetsForTurnFuel); with
 * `--load-fuel N`, `{ loadFuel: N }` for each bot's loading.
 */
function budgetsOption(
  game: GameModule,
  fuel: string | undefined,
  loadFuel: string | undefined,
): Readonly<Record<string, number>> | undefined {
  if (fuel === undefined && loadFuel === undefined) return undefined;
  const budgets: Record<string, number> = {};
  for (const [option, field, value] of [
    ['fuel', 'turnFuel', fuel],
    ['load-fuel', 'loadFuel', loadFuel],
  ] as const) {
    if (value === undefined) continue;
    if (game.engine.kind !== 'sandbox') throw usageError(`--${option}: ${game.id} bots are texts, not programs`);
    const n = integerOption(option, value, 0);
    if (n < 1) throw usageError(`--${option} must be at least 1`);
    budgets[field] = n;
  }
  return budgets;
}

/** A WASI command module not made suspendable beforehand (what the asyncify fallback must prepare). */
function isRawWasi(bot: Bundle | TextBot): boolean {
  if (bot.kind !== 'wasm' || typeof bot.code === 'string') return false;
  try {
    return wasiKind(bot.code) === 'raw';
  } catch {
    return false;
  }
}
