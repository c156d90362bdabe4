import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { newBotFromFile, storeBot, validateBot, type NewBotInput } from '../api/bots.js';
import { ApiProblem } from '../api/problems.js';
import { LocalJobQueue } from '../runtimes/node/local-job-queue.js';
import { newEntry, newLeaderboard } from '../leaderboard/boards.js';
import { RatingTurns } from '../leaderboard/rating-turns.js';
import { runRoundJob } from '../leaderboard/run-round-job.js';
import { scheduleRound } from '../leaderboard/schedule-round.js';
import { standings } from '../leaderboard/standings.js';
import { DEFAULT_GAME, findGame, gameIdList } from '../games/catalog.js';
import { InputError } from '../core/errors.js';
import { openStores } from '../store/factory.js';
import { NODE_BACKENDS } from '../store/registry-node.js';
import { UmpireError } from '../core/errors.js';
import { parseCommandArgs, usageError } from './args.js';
import { readInput } from './io.js';
import { withMatchPool } from './pool.js';
import type { CliContext } from './command.js';
import { COMPILED_MATCH_WORKER } from '../match/pool/worker-url.js';
import type { MatchRunner } from '../match/runner.js';
import type { GameModule } from '../core/game-module.js';
import { describeStorage } from './storage-line.js';
import { formatTable, type ForfeitedBot, type TableFormat, type TournamentTable } from './tournament-table.js';

export const TOURNAMENT_USAGE =
  'umpire tournament BOT... [--game GAME] [--maps default,map1] [--rating openskill|elo] [--name NAME] [--workers N] [--json | --csv]';

/** Worker threads a tournament may ask for. */
const MAX_WORKERS = 64;

/**
 * A round robin between bot files (every seating, on every map or world), played here with
 * a progress bar on stderr, stored like the API's (a leaderboard with its
 * matches and replays), then the ranked table on stdout (text, --json or --csv).
 * A file whose bot cannot be read, does not load or does not answer a turn is
 * not entered: it is listed as forfeited (with a warning on stderr), and the
 * others play on without it. The board is made only once enough bots are in.
 */
export async function tournamentCommand(
  argv: string[],
  out: (line: string) => void,
  context: CliContext = { matchWorker: COMPILED_MATCH_WORKER },
  progress: (done: number, total: number) => void = drawBar,
): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    game: { type: 'string' },
    maps: { type: 'string' },
    rating: { type: 'string' },
    name: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
    csv: { type: 'boolean' },
  });
  if (values.json && values.csv) throw usageError('--json and --csv: choose one');
  const format: TableFormat = values.json ? 'json' : values.csv ? 'csv' : 'text';
  const game = values.game === undefined ? DEFAULT_GAME : findGame(String(values.game));
  if (!game) throw usageError(`--game takes ${gameIdList()}, not '${String(values.game)}'`);
  if (positionals.length < game.seats.length)
    throw usageError(`a ${game.id} tournament needs ${game.seats.length} bots or more\nusage: ${TOURNAMENT_USAGE}`);
  const workers = workersOption(values.workers as string | undefined);
  const rating = String(values.rating ?? 'openskill');
  if (rating !== 'openskill' && rating !== 'elo') throw usageError(`--rating is openskill or elo, not '${rating}'`);
  // --maps sets the game's venues (maps, or worlds); the game's defaults otherwise.
  const venue = game.leaderboard.venueSetting ?? 'maps';
  const given = values.maps === undefined ? {} : { [venue]: String(values.maps).split(',').filter(Boolean) };
  let settings: Readonly<Record<string, unknown>>;
  try {
    settings = game.leaderboard.prepare(game.leaderboard.settings.parse(given) as Record<string, unknown>);
  } catch (e) {
    if (e instanceof InputError) throw usageError(e.message);
    throw usageError(`--maps: ${(e as Error).message}`);
  }

  // A guest of the storage: that of a local server running on the data folder, if one is.
  const opened = await openStores(NODE_BACKENDS, { env: process.env, fallback: 'embedded', guest: true });
  try {
    const { stores } = opened;
    await opened.prepare();
    context.err?.(`umpire tournament: ${describeStorage(opened)}`);
    return await withMatchPool(
      context.matchWorker,
      async (runner) => {
        // As many matches at once as there are workers, rated in the order their jobs started.
        const deps = { ...stores, runner, ratingTurns: new RatingTurns() };
        const checked = await checkBots(runner, game, positionals);
        for (const f of checked.forfeited)
          context.err?.(`umpire tournament: ${f.file}: forfeited, ${f.code}: ${f.message}`);
        if (checked.accepted.length < game.seats.length)
          throw new UmpireError({
            code: 'BOT_INVALID',
            message: `only ${checked.accepted.length} of the ${positionals.length} bots can play; ${game.id} needs ${game.seats.length}`,
          });
        const board = newLeaderboard(
          { name: String(values.name ?? 'tournament'), game: game.id, ...settings, rating, owner: 'local' },
          new Date(),
        );
        await stores.leaderboards.createBoard(board);
        const files = new Map<string, string>();
        for (const { file, input } of checked.accepted) {
          const bot = await storeBot(stores, input, 'local', new Date());
          files.set(bot.id, file);
          await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
        }
        // Jobs are claimed in the table like the server's: a server started later on this
        // data folder finishes a round this process did not (killed meanwhile).
        const queue = new LocalJobQueue((job) => runRoundJob(deps, job), { total: workers, perBoard: workers });
        const round = await scheduleRound(deps, queue, board, new Date());
        progress(0, round.total);
        const timer = setInterval(async () => {
          const now = await stores.leaderboards.getRound(board.id, round.id).catch(() => null);
          if (now) progress(now.done + now.failed, round.total);
        }, 200);
        await queue.idle();
        clearInterval(timer);
        const final = await stores.leaderboards.getRound(board.id, round.id);
        progress(round.total, round.total);
        const ranked = standings(
          await stores.leaderboards.entries(board.id, { history: false }),
          false,
          game.leaderboard.rankBy === 'points',
        ).map(({ rank, name, botId, rating, uncertainty, points, wins, losses, draws, played }) => ({
          rank,
          name,
          botId,
          file: files.get(botId) ?? '',
          rating,
          uncertainty,
          points,
          wins,
          losses,
          draws,
          played,
        }));
        const table: TournamentTable = {
          leaderboard: board.id,
          game: game.id,
          matches: { played: final?.done ?? 0, failed: final?.failed ?? 0 },
          standings: ranked,
          forfeited: checked.forfeited,
        };
        for (const line of formatTable(table, format)) out(line);
        return 0;
      },
      workers,
    );
  } finally {
    await opened.close();
  }
}

/** `--workers N`: worker threads, one per core without it. */
function workersOption(value: string | undefined): number {
  if (value === undefined) return Math.min(MAX_WORKERS, availableParallelism());
  const n = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= MAX_WORKERS)) throw usageError(`--workers takes 1 to ${MAX_WORKERS}, not '${value}'`);
  return n;
}

/**
 * Reads and checks each bot file as an upload is checked (it loads and
 * answers its first turns); a file that fails is forfeited with the reason.
 */
async function checkBots(
  runner: MatchRunner,
  game: GameModule,
  paths: readonly string[],
): Promise<{ accepted: { file: string; input: NewBotInput }[]; forfeited: ForfeitedBot[] }> {
  const accepted: { file: string; input: NewBotInput }[] = [];
  const forfeited: ForfeitedBot[] = [];
  for (const file of paths) {
    try {
      const input = newBotFromFile(basename(file), game, readInput(file, 'BUNDLE_UNREADABLE'));
      await validateBot(runner, input);
      accepted.push({ file, input });
    } catch (e) {
      if (!(e instanceof ApiProblem || e instanceof UmpireError || e instanceof InputError)) throw e;
      // An unreadable file's message starts with its path, which the table shows already.
      const message = e.message.startsWith(`${file}: `) ? e.message.slice(file.length + 2) : e.message;
      forfeited.push({ file, code: e.code, message });
    }
  }
  return { accepted, forfeited };
}

/** A progress bar on stderr: redrawn in place on a terminal, a line per step of 10% otherwise. */
function drawBar(done: number, total: number): void {
  const width = 30;
  const filled = total === 0 ? width : Math.round((width * done) / total);
  const text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} matches`;
  if (process.stderr.isTTY) process.stderr.write(`\r${text}${done === total ? '\n' : ''}`);
  else if (total === 0 || done === total || Math.floor((10 * done) / total) !== Math.floor((10 * (done - 1)) / total))
    process.stderr.write(`${text}\n`);
}
