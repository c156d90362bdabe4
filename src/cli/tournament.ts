import { basename } from 'node:path';
import { newBotFromFile, storeBot, validateBot } from '../api/bots.js';
import { ApiProblem } from '../api/problems.js';
import { LocalJobQueue } from '../runtimes/node/local-job-queue.js';
import { newEntry, newLeaderboard } from '../leaderboard/boards.js';
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

export const TOURNAMENT_USAGE =
  'umpire tournament BOT... [--game GAME] [--maps default,map1] [--rating openskill|elo] [--name NAME]';

/**
 * A round robin between bot files (every seating, on every map or world), played here with
 * a progress bar on stderr, stored like the API's (a leaderboard with its
 * matches and replays), then the ranked table on stdout.
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
  });
  const game = values.game === undefined ? DEFAULT_GAME : findGame(String(values.game));
  if (!game) throw usageError(`--game takes ${gameIdList()}, not '${String(values.game)}'`);
  if (positionals.length < game.seats.length)
    throw usageError(`a ${game.id} tournament needs ${game.seats.length} bots or more\nusage: ${TOURNAMENT_USAGE}`);
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
    return await withMatchPool(context.matchWorker, async (runner) => {
      const deps = { ...stores, runner };
      const board = newLeaderboard(
        { name: String(values.name ?? 'tournament'), game: game.id, ...settings, rating, owner: 'local' },
        new Date(),
      );
      await stores.leaderboards.createBoard(board);
      for (const file of positionals) {
        const bytes = readInput(file, 'BUNDLE_UNREADABLE');
        const input = newBotFromFile(basename(file), game, bytes);
        try {
          await validateBot(runner, input);
        } catch (e) {
          if (e instanceof ApiProblem) throw new UmpireError({ code: e.code, message: `${file}: ${e.message}` });
          throw e;
        }
        const bot = await storeBot(stores, input, 'local', new Date());
        await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
      }
      // Jobs are claimed in the table like the server's: a server started later on this
      // data folder finishes a round this process did not (killed meanwhile).
      const queue = new LocalJobQueue((job) => runRoundJob(deps, job));
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
      out(`leaderboard ${board.id}: ${final?.done ?? 0} matches played, ${final?.failed ?? 0} failed`);
      out('rank  rating   ±      W   L   D  bot');
      for (const row of standings(
        await stores.leaderboards.entries(board.id),
        false,
        game.leaderboard.rankBy === 'points',
      )) {
        out(
          `${String(row.rank).padStart(4)}  ${row.rating.toFixed(1).padStart(7)}  ${row.uncertainty.toFixed(2).padStart(5)}  ${String(row.wins).padStart(2)}  ${String(row.losses).padStart(2)}  ${String(row.draws).padStart(2)}  ${row.name} (${row.botId})`,
        );
      }
      return 0;
    });
  } finally {
    await opened.close();
  }
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
