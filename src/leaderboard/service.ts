import { storedBot } from '../api/bots.js';
import { playAndStore, type ServiceDeps } from '../api/match-service.js';
import { playAndStoreAnts } from '../api/ants-matches.js';
import { initialRating, shown, updateRatings, type Score } from '../ratings/index.js';
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
  /** Map (icy) or world (ants). */
  readonly map: string;
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

/** A round robin: every ordered pair of entries (so both colors) on every map of the board. */
export async function scheduleRound(deps: LeaderboardDeps, queue: JobQueue<MatchJob>, board: Leaderboard, now: Date): Promise<Round> {
  const entries = await deps.leaderboards.entries(board.id);
  const id = newId('round');
  const jobs: MatchJob[] = [];
  for (const map of board.game === 'ants' ? board.worlds : board.maps) {
    for (const red of entries) for (const blue of entries) if (red.botId !== blue.botId) jobs.push({ board: board.id, round: id, red: red.botId, blue: blue.botId, map });
  }
  const round: Round = { id, total: jobs.length, done: 0, failed: 0, createdAt: now.toISOString() };
  await deps.leaderboards.putRound(board.id, round);
  for (const job of jobs) await queue.send(job);
  return round;
}

/** Plays one scheduled match, stores it like any other, and rates it exactly once. */
export async function runMatchJob(deps: LeaderboardDeps, job: MatchJob): Promise<void> {
  try {
    const board = await deps.leaderboards.getBoard(job.board);
    if (!board) throw new Error(`leaderboard ${job.board} is gone`);
    let outcome: Outcome;
    if (board.game === 'ants') {
      const request = { game: 'ants' as const, world: job.map, rounds: board.rounds, red: { bot: job.red }, black: { bot: job.blue } };
      const record = await playAndStoreAnts(deps, request, new Date(), board.owner);
      outcome = { id: record.id, winner: record.winner, scores: [record.scores.red.food, record.scores.black.food], second: 'black' };
    } else {
      const red = await storedBot(deps, job.red);
      const blue = await storedBot(deps, job.blue);
      const request = { game: 'icy' as const, rules: board.rules, map: job.map, budgets: board.budgets, red: { bot: job.red }, blue: { bot: job.blue } };
      const record = await playAndStore(deps, request, [red, blue], new Date(), board.owner);
      outcome = { id: record.id, winner: record.winner, scores: [record.scores.red.total, record.scores.blue.total], second: 'blue' };
    }
    await rateOnce(deps, board, job, outcome);
    await deps.leaderboards.countRound(board.id, job.round, 'done');
  } catch (e) {
    await deps.leaderboards.countRound(job.board, job.round, 'failed');
    throw e;
  }
}

/** What rating needs of a finished match, whatever the game. */
interface Outcome {
  readonly id: string;
  readonly winner: string;
  readonly scores: readonly [number, number];
  /** The name of the second seat: blue (icy) or black (ants). */
  readonly second: 'blue' | 'black';
}

async function rateOnce(deps: LeaderboardDeps, board: Leaderboard, job: MatchJob, record: Outcome): Promise<void> {
  if (!(await deps.leaderboards.markRated(board.id, record.id))) return;
  const score: Score = record.winner === 'red' ? 1 : record.winner === record.second ? 0 : 0.5;
  const at = new Date().toISOString();
  const changes: Record<string, { rating: number; uncertainty: number }> = {};
  // Optimistic updates: re-read and retry an entry that changed meanwhile.
  for (let attempt = 0; attempt < 10; attempt++) {
    const entries = await deps.leaderboards.entries(board.id);
    const redEntry = entries.find((e) => e.botId === job.red);
    const blueEntry = entries.find((e) => e.botId === job.blue);
    if (!redEntry || !blueEntry) return;
    const [redRating, blueRating] = updateRatings(board.rating, redEntry.rating, blueEntry.rating, score);
    const next = (e: Entry, rating: typeof redRating, s: Score): Entry => {
      const view = shown(rating);
      changes[e.botId] = view;
      return {
        ...e,
        rating,
        wins: e.wins + (s === 1 ? 1 : 0),
        losses: e.losses + (s === 0 ? 1 : 0),
        draws: e.draws + (s === 0.5 ? 1 : 0),
        played: e.played + 1,
        history: [...e.history, { match: record.id, at, ...view }].slice(-HISTORY),
        version: e.version + 1,
      };
    };
    const redNext = next(redEntry, redRating, score);
    const blueNext = next(blueEntry, blueRating, score === 0.5 ? 0.5 : ((1 - score) as Score));
    if (!(await deps.leaderboards.putEntry(board.id, redNext))) continue;
    while (!(await deps.leaderboards.putEntry(board.id, blueNext))) {
      // Only the blue entry moved on: recompute it from its new state against red's old rating.
      const fresh = (await deps.leaderboards.entries(board.id)).find((e) => e.botId === job.blue)!;
      const [, again] = updateRatings(board.rating, redEntry.rating, fresh.rating, score);
      Object.assign(blueNext, next(fresh, again, score === 0.5 ? 0.5 : ((1 - score) as Score)));
    }
    break;
  }
  const line: ResultLine = {
    match: record.id,
    round: job.round,
    finishedAt: at,
    map: job.map,
    red: { botId: job.red, score: record.scores[0] },
    [record.second]: { botId: job.blue, score: record.scores[1] },
    winner: record.winner as ResultLine['winner'],
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
