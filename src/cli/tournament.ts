import { basename } from 'node:path';
import maps from '../../build/maps.js';
import { storeBot, validateBot } from '../api/bots.js';
import { ApiProblem } from '../api/problems.js';
import { LocalJobQueue } from '../leaderboard/local-job-queue.js';
import { newEntry, newLeaderboard, runMatchJob, scheduleRound, standings } from '../leaderboard/service.js';
import type { Bundle } from '../sandbox/types.js';
import { createStores, ensureStorage, storageConfigFromEnv, type StorageConfig } from '../store/aws.js';
import { runningEmbeddedStorage, startEmbeddedStorage } from '../store/embedded.js';
import { UmpireError } from '../core/errors.js';
import { parseCommandArgs, usageError } from './args.js';
import { readInput } from './io.js';
import { withMatchPool } from './pool.js';

export const TOURNAMENT_USAGE = 'umpire tournament BOT... [--maps default,map1] [--rating openskill|elo] [--name NAME]';

/**
 * A round robin between bot files (both colors, every map), played here with
 * a progress bar on stderr, stored like the API's (a leaderboard with its
 * matches and replays), then the ranked table on stdout.
 */
export async function tournamentCommand(argv: string[], out: (line: string) => void, progress: (done: number, total: number) => void = drawBar): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { maps: { type: 'string' }, rating: { type: 'string' }, name: { type: 'string' } });
  if (positionals.length < 2) throw usageError(`a tournament needs two bots or more\nusage: ${TOURNAMENT_USAGE}`);
  const mapNames = String(values.maps ?? 'default').split(',').filter(Boolean);
  const unknown = mapNames.find((m) => !Object.hasOwn(maps, m));
  if (unknown) throw usageError(`no map named '${unknown}'`);
  const rating = String(values.rating ?? 'openskill');
  if (rating !== 'openskill' && rating !== 'elo') throw usageError(`--rating is openskill or elo, not '${rating}'`);

  const dir = process.env.UMPIRE_DATA_DIR ?? '.data';
  let config: StorageConfig | null = storageConfigFromEnv(process.env) ?? runningEmbeddedStorage(dir);
  const started = config ? null : await startEmbeddedStorage(dir);
  config ??= started!.config;
  try {
    const stores = createStores(config);
    if (started) await ensureStorage(stores);
    return await withMatchPool(async (runner) => {
      const deps = { ...stores, runner, maps };
      const board = newLeaderboard({ name: String(values.name ?? 'tournament'), game: 'icy', rules: 'queue2011', maps: mapNames, budgets: {}, rating, owner: 'local' }, new Date());
      await stores.leaderboards.createBoard(board);
      for (const file of positionals) {
        const bytes = readInput(file, 'BUNDLE_UNREADABLE');
        const wasm = bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
        const bundle: Bundle = wasm ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
        try {
          await validateBot(runner, bundle);
        } catch (e) {
          if (e instanceof ApiProblem) throw new UmpireError({ code: e.code, message: `${file}: ${e.message}` });
          throw e;
        }
        const bot = await storeBot(stores, { name: basename(file), bundle, bytes }, 'local', new Date());
        await stores.leaderboards.addEntry(board.id, newEntry(board, bot));
      }
      // Jobs are claimed in the table like the server's: a server started later on this
      // data folder finishes a round this process did not (killed meanwhile).
      const queue = new LocalJobQueue((job) => runMatchJob(deps, job));
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
      for (const row of standings(await stores.leaderboards.entries(board.id), false)) {
        out(`${String(row.rank).padStart(4)}  ${row.rating.toFixed(1).padStart(7)}  ${row.uncertainty.toFixed(2).padStart(5)}  ${String(row.wins).padStart(2)}  ${String(row.losses).padStart(2)}  ${String(row.draws).padStart(2)}  ${row.name} (${row.botId})`);
      }
      return 0;
    });
  } finally {
    await started?.close();
  }
}

/** A progress bar on stderr: redrawn in place on a terminal, a line per step of 10% otherwise. */
function drawBar(done: number, total: number): void {
  const width = 30;
  const filled = total === 0 ? width : Math.round((width * done) / total);
  const text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} matches`;
  if (process.stderr.isTTY) process.stderr.write(`\r${text}${done === total ? '\n' : ''}`);
  else if (total === 0 || done === total || Math.floor((10 * done) / total) !== Math.floor((10 * (done - 1)) / total)) process.stderr.write(`${text}\n`);
}

