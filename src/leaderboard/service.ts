import { storedBot } from '../api/bots.js';
import { playAndStore, type ServiceDeps } from '../api/match-service.js';
import { playAndStoreAnts } from '../api/ants-matches.js';
import { playAndStoreBlockDrop } from '../api/blockdrop-matches.js';
import { playAndStoreCapture } from '../api/capture-matches.js';
import { runnerErrorCode } from '../match/job.js';
import { initialRating, rankRatings, shown } from '../ratings/index.js';
import { base64UrlEncode } from '../store/dynamo-matches.js';
import type { BotStore } from '../store/types.js';
import type { JobQueue } from './queue.js';
import type { Delivery, WebhookEvent } from './webhooks.js';
import type { Entry, Leaderboard, LeaderboardStore, ResultLine, Round } from './types.js';

/** One scheduled leaderboard match. */
export interface MatchJob {
  readonly board: string;
  readonly round: string;
  /** Bot ids of the first and second seats (black, in ants). */
  readonly red: string;
  readonly blue: string;
  /** Map (icy) or world (ants); empty for block drop and capture. */
  readonly map: string;
  /** Block drop: the four bot ids, players 0 to 3. */
  readonly seats?: readonly string[];
}

export interface LeaderboardDeps extends ServiceDeps {
  readonly leaderboards: LeaderboardStore;
  readonly bots: BotStore;
  /** Hands deliveries to whatever sends them (a queue, or the runtime's waitUntil). */
  readonly notify?: (deliveries: Delivery[]) => void;
}

const HISTORY = 500;
const newId = (prefix: string) => `${prefix}_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(12)))}`;

type NewBoard<B> = B extends Leaderboard ? Omit<B, 'id' | 'createdAt'> : never;

export function newLeaderboard(input: NewBoard<Leaderboard>, now: Date): Leaderboard {
  return { ...input, id: newId('lb'), createdAt: now.toISOString() } as Leaderboard;
}

export function newEntry(board: Leaderboard, bot: { id: string; name: string | null; sha256: string }): Entry {
  return { botId: bot.id, name: bot.name, sha256: bot.sha256, rating: initialRating(board.rating), wins: 0, losses: 0, draws: 0, played: 0, history: [], version: 1 };
}

/** A round robin: every ordered pair of entries (so both colors) on every map or world; for block drop, every four entries from every seat. */
export async function scheduleRound(deps: LeaderboardDeps, queue: JobQueue<MatchJob>, board: Leaderboard, now: Date): Promise<Round> {
  const entries = await deps.leaderboards.entries(board.id);
  const id = newId('round');
  const jobs: MatchJob[] = [];
  if (board.game === 'blockdrop') {
    for (const group of groupsOfFour(entries.map((e) => e.botId))) {
      // Each bot of the group plays once from every seat: turn order matters.
      for (let shift = 0; shift < 4; shift++) {
        const seats = group.map((_, k) => group[(k + shift) % 4]!);
        jobs.push({ board: board.id, round: id, red: seats[0]!, blue: seats[1]!, map: '', seats });
      }
    }
  } else {
    for (const map of board.game === 'ants' ? board.worlds : board.game === 'capture' ? [''] : board.maps) {
      for (const red of entries) for (const blue of entries) if (red.botId !== blue.botId) jobs.push({ board: board.id, round: id, red: red.botId, blue: blue.botId, map });
    }
  }
  const round: Round = { id, total: jobs.length, done: 0, failed: 0, createdAt: now.toISOString() };
  await deps.leaderboards.putRound(board.id, round);
  for (const job of jobs) await queue.send(job);
  return round;
}

/** Every set of four bots, each in id order. */
export function groupsOfFour(ids: readonly string[]): string[][] {
  const groups: string[][] = [];
  const n = ids.length;
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) for (let c = b + 1; c < n; c++) for (let d = c + 1; d < n; d++) groups.push([ids[a]!, ids[b]!, ids[c]!, ids[d]!]);
  return groups;
}

/** Waits before asking a full match pool again (POOL_BUSY); after the last, the match is recorded as failed. */
const BUSY_BACKOFF_MS = [1000, 2000, 4000, 8000, 16000];

/**
 * Plays one scheduled match, stores it like any other, and rates it exactly
 * once. A match the runner could not finish (past its deadline, its worker
 * died, the pool stayed full) is counted as failed and not thrown, so no
 * queue retries it: it would fail the same way. Other errors (storage) are
 * counted and thrown, for the queue to retry.
 */
export async function runMatchJob(deps: LeaderboardDeps, job: MatchJob): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await playScheduled(deps, job);
    } catch (e) {
      const code = runnerErrorCode(e);
      if (code === 'POOL_BUSY' && attempt < BUSY_BACKOFF_MS.length) {
        await new Promise((resolve) => setTimeout(resolve, BUSY_BACKOFF_MS[attempt]));
        continue;
      }
      await deps.leaderboards.countRound(job.board, job.round, 'failed');
      if (!code) throw e;
      console.error(`leaderboard ${job.board} round ${job.round}: ${job.seats?.join(' ') ?? `${job.red} vs ${job.blue}`}: ${code}: ${(e as Error).message}`);
      return;
    }
  }
}

async function playScheduled(deps: LeaderboardDeps, job: MatchJob): Promise<void> {
  const board = await deps.leaderboards.getBoard(job.board);
  if (!board) throw new Error(`leaderboard ${job.board} is gone`);
  let outcome: Outcome;
  if (board.game === 'blockdrop') {
    const seats = job.seats ?? [];
    const bots = await Promise.all(seats.map((id) => storedBot(deps, id)));
    const request = { game: 'blockdrop' as const, budgets: board.budgets, bots: seats.map((bot) => ({ bot })) };
    const record = await playAndStoreBlockDrop(deps, request, bots, new Date(), board.owner);
    outcome = {
      id: record.id,
      seats,
      ranks: placesByFall(record.players.map((p) => p.fellAt)),
      line: { players: record.players.map((p, k) => ({ botId: seats[k]!, fellAt: p.fellAt })), winner: record.winner },
    };
  } else if (board.game === 'capture') {
    const bots = [await storedBot(deps, job.red), await storedBot(deps, job.blue)] as const;
    const request = { game: 'capture' as const, budgets: board.budgets, red: { bot: job.red }, blue: { bot: job.blue } };
    const record = await playAndStoreCapture(deps, request, bots, new Date(), board.owner);
    outcome = twoSeatOutcome(record.id, job, record.winner, 'blue', [record.scores.red.pucks, record.scores.blue.pucks]);
  } else if (board.game === 'ants') {
    const request = { game: 'ants' as const, world: job.map, rounds: board.rounds, red: { bot: job.red }, black: { bot: job.blue } };
    const record = await playAndStoreAnts(deps, request, new Date(), board.owner);
    const scores = [record.scores.red.food, record.scores.black.food];
    outcome = twoSeatOutcome(record.id, job, record.winner, 'black', scores);
  } else {
    const red = await storedBot(deps, job.red);
    const blue = await storedBot(deps, job.blue);
    const request = { game: 'icy' as const, rules: board.rules, map: job.map, budgets: board.budgets, red: { bot: job.red }, blue: { bot: job.blue } };
    const record = await playAndStore(deps, request, [red, blue], new Date(), board.owner);
    outcome = twoSeatOutcome(record.id, job, record.winner, 'blue', [record.scores.red.total, record.scores.blue.total]);
  }
  await rateOnce(deps, board, job, outcome);
  await deps.leaderboards.countRound(board.id, job.round, 'done');
}

function twoSeatOutcome(id: string, job: MatchJob, winner: string, second: 'blue' | 'black', scores: readonly number[]): Outcome {
  return {
    id,
    seats: [job.red, job.blue],
    ranks: winner === 'red' ? [1, 2] : winner === second ? [2, 1] : [1, 1],
    line: { red: { botId: job.red, score: scores[0]! }, [second]: { botId: job.blue, score: scores[1]! }, winner: winner as ResultLine['winner'] },
  };
}

/** Places in a block-drop match: players still standing share first place, the others rank by how late they fell. */
export function placesByFall(fellAt: readonly (number | null)[]): number[] {
  const key = (f: number | null) => (f === null ? Infinity : f);
  return fellAt.map((f) => 1 + fellAt.filter((g) => key(g) > key(f)).length);
}

/** What rating needs of a finished match, whatever the game. */
interface Outcome {
  readonly id: string;
  /** Bot ids by seat. */
  readonly seats: readonly string[];
  /** Each seat's place, 1 best; equal places tie. */
  readonly ranks: readonly number[];
  /** The export line's game-specific part: seats, scores, winner. */
  readonly line: Omit<ResultLine, 'match' | 'round' | 'finishedAt' | 'map' | 'ratings'>;
}

async function rateOnce(deps: LeaderboardDeps, board: Leaderboard, job: MatchJob, record: Outcome): Promise<void> {
  if (!(await deps.leaderboards.markRated(board.id, record.id))) return;
  const at = new Date().toISOString();
  const changes: Record<string, { rating: number; uncertainty: number }> = {};
  const best = Math.min(...record.ranks);
  const tiedBest = record.ranks.filter((r) => r === best).length;
  const start = await deps.leaderboards.entries(board.id);
  const before = record.seats.map((id) => start.find((e) => e.botId === id));
  if (before.some((e) => !e)) return;
  // Each entry moves once, rated against the others as they stood when the match was rated;
  // an entry that changed meanwhile (optimistic versions) is re-read and rated again.
  for (let seat = 0; seat < record.seats.length; seat++) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const fresh = attempt === 0 ? before[seat]! : (await deps.leaderboards.entries(board.id)).find((e) => e.botId === record.seats[seat]);
      if (!fresh) break;
      const ratings = before.map((e, k) => (k === seat ? fresh.rating : e!.rating));
      const rating = rankRatings(board.rating, ratings, record.ranks)[seat]!;
      const view = shown(rating);
      const won = record.ranks[seat] === best && tiedBest === 1;
      const drew = record.ranks[seat] === best && tiedBest > 1;
      const next: Entry = {
        ...fresh,
        rating,
        wins: fresh.wins + (won ? 1 : 0),
        losses: fresh.losses + (won || drew ? 0 : 1),
        draws: fresh.draws + (drew ? 1 : 0),
        played: fresh.played + 1,
        history: [...fresh.history, { match: record.id, at, ...view }].slice(-HISTORY),
        version: fresh.version + 1,
      };
      if (await deps.leaderboards.putEntry(board.id, next)) {
        changes[fresh.botId] = view;
        break;
      }
    }
  }
  const line: ResultLine = {
    match: record.id,
    round: job.round,
    finishedAt: at,
    map: job.map,
    ...record.line,
    ratings: changes,
  };
  await deps.leaderboards.appendResult(board.id, line);
  if (deps.notify) {
    const hooks = await deps.leaderboards.webhooks(board.id);
    const events: [WebhookEvent, unknown][] = [
      ['match.finished', { leaderboard: board.id, ...line }],
      ...Object.entries(changes).map(([botId, view]): [WebhookEvent, unknown] => ['rating.changed', { leaderboard: board.id, botId, match: record.id, ...view }]),
    ];
    deps.notify(hooks.flatMap((hook) => events.map(([event, data]) => ({ hook, id: newId('dlv'), event, body: JSON.stringify({ event, data }) }))));
  }
}

/** 2 points a win, 1 a draw (section 3.2 of the 2004 task). */
export const points = (e: Entry) => 2 * e.wins + e.draws;

/** The ranked table of a board: by rating, or by points on ants boards. */
export function standings(entries: readonly Entry[], withHistory: boolean, byPoints = false) {
  return [...entries]
    .map((e) => ({ e, view: shown(e.rating) }))
    .sort((a, b) => (byPoints ? points(b.e) - points(a.e) : 0) || b.view.rating - a.view.rating || a.e.botId.localeCompare(b.e.botId))
    .map(({ e, view }, k) => ({
      rank: k + 1,
      botId: e.botId,
      name: e.name,
      rating: view.rating,
      uncertainty: view.uncertainty,
      points: points(e),
      wins: e.wins,
      losses: e.losses,
      draws: e.draws,
      played: e.played,
      ...(withHistory ? { history: e.history } : {}),
    }));
}
