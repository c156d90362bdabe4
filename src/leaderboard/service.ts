import { InputError, UmpireError } from '../core/errors.js';
import type { GameModule, MatchRecord } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import { runnerErrorCode } from '../match/job.js';
import { decodeSeats } from '../match/seats.js';
import { storedSeat } from '../match/stored-bots.js';
import { boardTenant, forTenant } from '../match/tenant.js';
import { playAndStore, type MatchDeps } from '../match/store-match.js';
import { initialRating, rankRatings, shown, type Rating, type ShownRating } from '../ratings/index.js';
import { base64UrlEncode } from '../core/base64url.js';
import type { BotStore } from '../store/contract/bots.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import { JobError } from '../store/contract/job-errors.js';
import { jobId, jobMatch } from '../store/contract/job-ids.js';
import { jobHolder, jobLeaseMs } from './job-lease.js';
import { jobSeats, type MatchJob } from '../store/contract/match-job.js';
import type { RatingLedger } from '../store/contract/rating-ledger.js';
import type { JobOutcome, RoundJobStore, RoundProgress } from '../store/contract/round-jobs.js';
import type { Delivery, WebhookEvent } from './webhooks.js';
import type { WebhookSettings } from './webhook-settings.js';
import type { Entry, Leaderboard, LeaderboardStore, ResultLine, Round } from '../store/contract/leaderboards.js';

export type { MatchJob } from '../store/contract/match-job.js';

export interface LeaderboardDeps extends MatchDeps {
  readonly leaderboards: LeaderboardStore;
  readonly bots: BotStore;
  /** Rounds' jobs: claimed, played and counted once each. */
  readonly roundJobs: RoundJobStore;
  readonly ratings: RatingLedger;
  /** When this process stops anyway (a Lambda invocation's end, ms since the epoch): no claim needs to outlive it. */
  readonly claimsEnd?: () => number;
  /**
   * Hands deliveries to whatever sends them (lanes, or the runtime's waitUntil);
   * awaited, so a delivery is stored before its match counts as done.
   */
  readonly notify?: (deliveries: Delivery[]) => void | Promise<void>;
  /** Who may receive webhooks and how many a board may have (default: public addresses, 10). */
  readonly webhookSettings?: WebhookSettings;
  /** Drops what is still pending for a deleted hook. */
  readonly forgetHook?: (hookId: string) => Promise<void>;
}

const HISTORY = 500;
const newId = (prefix: string) => `${prefix}_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(12)))}`;

export function newLeaderboard(input: Omit<Leaderboard, 'id' | 'createdAt'>, now: Date): Leaderboard {
  return { ...input, id: newId('lb'), createdAt: now.toISOString() } as Leaderboard;
}

/** A board's game settings: everything but the service's own fields. */
export function boardSettings(board: Leaderboard): Readonly<Record<string, unknown>> {
  const { id: _id, name: _name, game: _game, rating: _rating, owner: _owner, createdAt: _createdAt, ...settings } = board;
  return settings;
}

/**
 * The seatings of a round, in order: for two-seat games every ordered pair of
 * entries (so both colors) on every venue; for more seats every group of that
 * many entries once from each rotation (turn order matters), on every venue.
 */
export function roundSeatings(game: GameModule, board: Leaderboard, botIds: readonly string[]): { seats: string[]; map: string }[] {
  const venues = game.leaderboard.venues(boardSettings(board));
  const seatings: { seats: string[]; map: string }[] = [];
  for (const map of venues.length > 0 ? venues : ['']) {
    if (game.seats.length === 2) {
      for (const red of botIds) for (const blue of botIds) if (red !== blue) seatings.push({ seats: [red, blue], map });
    } else {
      const n = game.seats.length;
      for (const group of groupsOf(botIds, n)) for (let shift = 0; shift < n; shift++) seatings.push({ seats: group.map((_, k) => group[(k + shift) % n]!), map });
    }
  }
  return seatings;
}

/** How many matches roundSeatings gives for `entries` entries, without listing them. */
export function roundSize(game: GameModule, board: Leaderboard, entries: number): number {
  const venues = Math.max(1, game.leaderboard.venues(boardSettings(board)).length);
  const n = game.seats.length;
  if (n === 2) return entries * (entries - 1) * venues;
  let groups = 1;
  for (let k = 0; k < n; k++) groups = (groups * (entries - k)) / (k + 1);
  return Math.max(0, Math.round(groups)) * n * venues;
}

export function newEntry(board: Leaderboard, bot: { id: string; name: string | null; sha256: string }): Entry {
  return { botId: bot.id, name: bot.name, sha256: bot.sha256, rating: initialRating(board.rating), wins: 0, losses: 0, draws: 0, played: 0, history: [], version: 1 };
}

/** A round robin (roundSeatings): its jobs in the table, then on the queue. */
export async function scheduleRound(deps: LeaderboardDeps, queue: JobQueue<MatchJob>, board: Leaderboard, now: Date): Promise<Round> {
  const entries = await deps.leaderboards.entries(board.id);
  const id = newId('round');
  const seatings = roundSeatings(gameById(board.game), board, entries.map((e) => e.botId));
  const jobs = seatings.map((s, index): MatchJob => ({ id: jobId(id, index), board: board.id, round: id, ...s }));
  const round: Round = { id, total: jobs.length, done: 0, failed: 0, createdAt: now.toISOString() };
  // The jobs are in the table before any is queued, and the round is listed open before it
  // is stored: whatever a crash interrupts, a restarted server resumes the round or drops it unstarted.
  if (jobs.length > 0) {
    await deps.roundJobs.addJobs(jobs);
    await deps.roundJobs.openRound(board.id, id);
  }
  await deps.leaderboards.putRound(board.id, round);
  for (const job of jobs) await queue.send(job);
  return round;
}

/** Every set of `n` ids, each in the given order. */
export function groupsOf(ids: readonly string[], n: number): string[][] {
  if (n === 0) return [[]];
  const groups: string[][] = [];
  for (let i = 0; i + n <= ids.length; i++) for (const rest of groupsOf(ids.slice(i + 1), n - 1)) groups.push([ids[i]!, ...rest]);
  return groups;
}

/** Waits before asking a full match pool (POOL_BUSY), or the owner's full part of it (KEY_QUEUE_FULL), again; after the last, the match is recorded as failed. */
const BUSY_BACKOFF_MS = [1000, 2000, 4000, 8000, 16000];

/**
 * Claims of a job that may play it. On the last, an error that may pass
 * (storage) counts the job failed instead of handing it back; a claim past
 * it (every attempt died with its process) rates a match already stored but
 * plays none. SQS delivers a message 3 times (infra/), Cloudflare Queues 4.
 */
export const MAX_JOB_ATTEMPTS = 3;

/** How a delivery of a job ended: played (or failed) now, or finished by an earlier delivery. */
export type JobResult = JobOutcome | 'finished-before';

/**
 * Plays one scheduled job, once however often it is delivered. The job is
 * claimed in the table first: a redelivery of a finished job does nothing,
 * one that a live process holds is JOB_BUSY (retry after its lease). The
 * match is played under the job's own match id and seed, so an attempt that
 * finds it stored takes it as is; it is rated through the rating ledger and
 * counted in its round once. A match the runner could not finish (past its
 * deadline, its worker died, the pool stayed full) or that cannot be played
 * (a 4xx problem, such as a bot gone) is counted as failed and not thrown: it
 * would fail the same way. Other errors (storage) hand the job back and are
 * thrown, for the queue to retry.
 */
export async function runMatchJob(deps: LeaderboardDeps, message: MatchJob): Promise<JobResult> {
  const board = await deps.leaderboards.getBoard(message.board);
  if (!board) throw new JobError('LEADERBOARD_GONE', `leaderboard ${message.board} is gone`);
  const leaseMs = jobLeaseMs(board);
  const leaseEnd = () => Math.max(Date.now() + 1000, Math.min(Date.now() + leaseMs, deps.claimsEnd?.() ?? Infinity));
  const now = Date.now();
  const claim = await deps.roundJobs.claim(message, jobHolder(), now, leaseEnd() - now);
  if (claim.state === 'finished') return 'finished-before';
  if (claim.state === 'busy') throw new JobError('JOB_BUSY', `job ${message.id} is held by another process until ${new Date(claim.until).toISOString()}`, claim.until);
  if (claim.state === 'missing') throw new JobError('JOB_UNKNOWN', `leaderboard ${message.board} has no job ${message.id}`);
  const { job, attempt } = claim;
  const lease = keepLease(deps.roundJobs, job, leaseEnd, leaseMs / 4);
  let outcome: JobOutcome;
  try {
    outcome = await playAndRate(deps, board, job, attempt <= MAX_JOB_ATTEMPTS, lease.renew);
  } catch (e) {
    const code = runnerErrorCode(e) ?? (e instanceof InputError ? e.code : null);
    // A closing pool is this process shutting down: the job stays pending for the next start.
    if (code === 'POOL_CLOSED' || (!code && attempt < MAX_JOB_ATTEMPTS)) {
      lease.stop();
      await deps.roundJobs.release(job, jobHolder()).catch(() => undefined);
      throw e;
    }
    console.error(`leaderboard ${job.board} round ${job.round}: ${describeJob(job)}: ${code ?? 'GAVE_UP'}: ${(e as Error).message}`);
    outcome = 'failed';
  } finally {
    lease.stop();
  }
  let progress: RoundProgress | null;
  try {
    progress = await deps.roundJobs.finish(job, outcome);
  } catch (e) {
    await deps.roundJobs.release(job, jobHolder()).catch(() => undefined);
    throw e;
  }
  if (progress && progress.done + progress.failed >= progress.total) await deps.roundJobs.closeRound(job.board, job.round);
  return outcome;
}

const describeJob = (job: MatchJob) => `${job.id} (${jobSeats(job).join(' vs ')})`;

/** Renews a claim while its job runs: the match may wait for a free worker before its own deadline starts. */
function keepLease(store: RoundJobStore, job: MatchJob, leaseEnd: () => number, everyMs: number) {
  const renew = async () => {
    await store.renew(job, jobHolder(), leaseEnd());
  };
  const timer = setInterval(() => void renew().catch(() => undefined), Math.max(1000, Math.floor(everyMs)));
  return { renew, stop: () => clearInterval(timer) };
}

/** Plays (when `mayPlay`, or finds) and rates a job's match. */
async function playAndRate(deps: LeaderboardDeps, board: Leaderboard, job: MatchJob, mayPlay: boolean, renew: () => Promise<void>): Promise<JobOutcome> {
  const { matchId, seed } = await jobMatch(job.id);
  const stored = await deps.matches.get<MatchRecord>(matchId);
  if (!stored && !mayPlay) {
    console.error(`leaderboard ${job.board} round ${job.round}: ${describeJob(job)}: given up after ${MAX_JOB_ATTEMPTS} attempts`);
    return 'failed';
  }
  const record = stored ?? (await play(deps, board, job, { id: matchId, seed }, renew));
  await rateOnce(deps, board, job, outcomeOf(job, record));
  await deps.ratings.complete(board.id, matchId);
  return 'done';
}

/** Plays the job's match under its own id and seed, waiting out a full pool. */
async function play(deps: LeaderboardDeps, board: Leaderboard, job: MatchJob, match: { id: string; seed: number }, renew: () => Promise<void>): Promise<MatchRecord> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await playScheduled(deps, board, job, match);
    } catch (e) {
      if (e instanceof UmpireError && e.code === 'ID_COLLISION') {
        // Another attempt (whose lease lapsed) stored it meanwhile: the same match, the same bytes.
        const now = await deps.matches.get<MatchRecord>(match.id);
        if (now) return now;
      }
      const code = runnerErrorCode(e);
      if ((code !== 'POOL_BUSY' && code !== 'KEY_QUEUE_FULL') || attempt >= BUSY_BACKOFF_MS.length) throw e;
      await new Promise((resolve) => setTimeout(resolve, BUSY_BACKOFF_MS[attempt]));
      await renew();
    }
  }
}

/** Plays a job's match: its game's request for the board's settings, the job's seats and venue, with the job's seed. */
async function playScheduled(deps: LeaderboardDeps, board: Leaderboard, job: MatchJob, match: { id: string; seed: number }): Promise<MatchRecord> {
  const game = gameById(board.game);
  const bots = jobSeats(job);
  const parsed = game.request.schema.safeParse(game.leaderboard.request(boardSettings(board), bots, job.map, match.seed));
  // A job that cannot make a valid request would fail the same way on every delivery.
  if (!parsed.success) throw new InputError(400, { code: 'INVALID_REQUEST', message: `job ${job.id}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}` });
  const request = parsed.data as { game: string };
  // The entries were checked when they joined the board: any stored bot of the right kind plays.
  const seats = await decodeSeats(game, game.request.seats(request), (id) => storedSeat(deps, id), Infinity);
  // In the match pool, the board's owner shares the workers with other keys, and the board with the owner's other boards.
  return playAndStore({ ...deps, runner: forTenant(deps.runner, boardTenant(board)) }, game, request, seats, new Date(), board.owner, match.id);
}

function outcomeOf(job: MatchJob, record: MatchRecord): Outcome {
  const game = gameById(record.game);
  const seats = jobSeats(job);
  return { id: record.id, seats, ranks: game.leaderboard.ranks(record), line: game.leaderboard.line(record, seats) };
}

/** What rating needs of a finished match, whatever the game. */
interface Outcome {
  readonly id: string;
  /** Bot ids by seat. */
  readonly seats: readonly string[];
  /** Each seat's place, 1 best; equal places tie. */
  readonly ranks: readonly number[];
  /** The export line's game-specific part: seats, scores, winner. */
  readonly line: Readonly<Record<string, unknown>>;
}

/** An entry's unconfirmed matches are checked against their ledgers once there are this many. */
const PRUNE_UNCONFIRMED_AT = 4;

/**
 * Rates a match into its entries, stores its result line and tells the
 * webhooks, once however often it is retried. The match's rating ledger fixes
 * when it was rated and the ratings it is rated against, and records each
 * entry once updated; the update itself lists the match in the entry's
 * `unconfirmed`, so a crash between the two writes cannot rate it twice.
 */
async function rateOnce(deps: LeaderboardDeps, board: Leaderboard, job: MatchJob, record: Outcome): Promise<void> {
  const start = await deps.leaderboards.entries(board.id);
  const ledger = await deps.ratings.open(board.id, record.id, {
    at: new Date().toISOString(),
    before: Object.fromEntries(start.filter((e) => record.seats.includes(e.botId)).map((e) => [e.botId, e.rating])),
  });
  if (ledger.complete) return;
  const at = ledger.at;
  const changes: Record<string, { rating: number; uncertainty: number }> = { ...ledger.seats };
  const before = record.seats.map((id) => ledger.before[id]);
  if (before.some((r) => !r)) return;
  // Each entry moves once, rated against the others as they stood when the match was first rated.
  for (let seat = 0; seat < record.seats.length; seat++) {
    const botId = record.seats[seat]!;
    if (changes[botId]) continue;
    const view = await rateSeat(deps, board, record, seat, { at, before: before as Rating[] }, start.find((e) => e.botId === botId));
    if (!view) continue;
    changes[botId] = view;
    await deps.ratings.confirmSeat(board.id, record.id, botId, view);
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
    const deliveries = hooks.flatMap((hook) => events.map(([event, data]) => ({ hook, id: newId('dlv'), event, body: JSON.stringify({ event, data }) })));
    // The match is rated already: a delivery that cannot be handed over is logged, never a reason to fail the match.
    try {
      if (deliveries.length > 0) await deps.notify(deliveries);
    } catch (e) {
      console.error(`leaderboard ${board.id}: webhook deliveries of ${record.id} not queued: ${(e as Error).message}`);
    }
  }
}

/**
 * Updates one seat's entry with a match, or finds it updated by an earlier
 * attempt; the rating shown after, or null if the entry is gone or stayed
 * contended. An entry that changed meanwhile (optimistic versions) is re-read
 * and rated again.
 */
async function rateSeat(
  deps: LeaderboardDeps,
  board: Leaderboard,
  record: Outcome,
  seat: number,
  rated: { at: string; before: readonly Rating[] },
  first: Entry | undefined,
): Promise<ShownRating | null> {
  const botId = record.seats[seat]!;
  const best = Math.min(...record.ranks);
  const tiedBest = record.ranks.filter((r) => r === best).length;
  for (let attempt = 0; attempt < 10; attempt++) {
    const fresh = attempt === 0 ? first : (await deps.leaderboards.entries(board.id)).find((e) => e.botId === botId);
    if (!fresh) return null;
    if (fresh.unconfirmed?.includes(record.id)) {
      const change = [...fresh.history].reverse().find((h) => h.match === record.id);
      return change ? { rating: change.rating, uncertainty: change.uncertainty } : shown(fresh.rating);
    }
    const ratings = rated.before.map((r, k) => (k === seat ? fresh.rating : r));
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
      history: [...fresh.history, { match: record.id, at: rated.at, ...view }].slice(-HISTORY),
      unconfirmed: [...(await stillUnconfirmed(deps, board.id, fresh)), record.id],
      version: fresh.version + 1,
    };
    if (await deps.leaderboards.putEntry(board.id, next)) return view;
  }
  return null;
}

/** An entry's unconfirmed matches, less those whose ledger records the entry (checked once the list is long). */
async function stillUnconfirmed(deps: LeaderboardDeps, boardId: string, entry: Entry): Promise<string[]> {
  const list = entry.unconfirmed ?? [];
  if (list.length < PRUNE_UNCONFIRMED_AT) return [...list];
  const kept: string[] = [];
  for (const match of list) if (!(await deps.ratings.seatConfirmed(boardId, match, entry.botId))) kept.push(match);
  return kept;
}

/** 2 points a win, 1 a draw (section 3.2 of the 2004 task). */
export const points = (e: Entry) => 2 * e.wins + e.draws;

/** The ranked table of a board: by rating, or by points first where the game ranks so. */
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
