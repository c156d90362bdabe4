import { InputError, UmpireError } from '../core/errors.js';
import type { MatchRecord } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import { runnerErrorCode } from '../match/runner.js';
import { decodeSeats } from '../match/seats.js';
import { storedSeat } from '../match/stored-bots.js';
import { boardTenant, forTenant } from '../match/tenant.js';
import { playAndStore } from '../match/store-match.js';
import { JobError } from '../store/contract/job-errors.js';
import { jobMatch } from '../store/contract/job-ids.js';
import type { Leaderboard } from '../store/contract/leaderboards.js';
import { jobSeats, type RoundJob } from '../store/contract/round-job.js';
import {
  type JobOutcome,
  progressComplete,
  type RoundJobStore,
  type RoundProgress,
} from '../store/contract/round-jobs.js';
import { boardSettings } from './boards.js';
import type { LeaderboardDeps } from './deps.js';
import { jobHolder, jobLeaseMs } from './job-lease.js';
import { rateOnce, type Outcome } from './rate-match.js';
import type { RatingTurn } from './rating-turns.js';
import { roundCaughtUp } from './round-batches.js';

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
export async function runRoundJob(deps: LeaderboardDeps, message: RoundJob): Promise<JobResult> {
  // Taken before anything is awaited, so turns follow the order the queue started the jobs in.
  const turn = deps.ratingTurns?.take(message.board);
  try {
    return await claimAndRun(deps, message, turn);
  } finally {
    turn?.done();
  }
}

async function claimAndRun(deps: LeaderboardDeps, message: RoundJob, turn: RatingTurn | undefined): Promise<JobResult> {
  const board = await deps.leaderboards.getBoard(message.board);
  if (!board) throw new JobError('LEADERBOARD_GONE', `leaderboard ${message.board} is gone`);
  const leaseMs = jobLeaseMs(board);
  const leaseEnd = () => Math.max(Date.now() + 1000, Math.min(Date.now() + leaseMs, deps.claimsEnd?.() ?? Infinity));
  const now = Date.now();
  const claim = await deps.roundJobs.claim(message, jobHolder(), now, leaseEnd() - now);
  if (claim.state === 'finished') return 'finished-before';
  if (claim.state === 'busy')
    throw new JobError(
      'JOB_BUSY',
      `job ${message.id} is held by another process until ${new Date(claim.until).toISOString()}`,
      claim.until,
    );
  if (claim.state === 'missing')
    throw new JobError('JOB_UNKNOWN', `leaderboard ${message.board} has no job ${message.id}`);
  const { job, attempt, roundCancelled } = claim;
  const lease = keepLease(deps.roundJobs, job, leaseEnd, leaseMs / 4);
  let outcome: JobOutcome;
  try {
    // A job of a cancelled round is not played, unless an earlier attempt stored its match (then it is rated).
    const cancelled = roundCancelled === true;
    outcome = await playAndRate(
      deps,
      board,
      job,
      attempt <= MAX_JOB_ATTEMPTS && !cancelled,
      lease.renew,
      cancelled,
      turn,
    );
  } catch (e) {
    const code = runnerErrorCode(e) ?? (e instanceof InputError ? e.code : null);
    // A closing pool is this process shutting down: the job stays pending for the next start.
    if (code === 'POOL_CLOSED' || (!code && attempt < MAX_JOB_ATTEMPTS)) {
      lease.stop();
      await deps.roundJobs.release(job, jobHolder()).catch(() => undefined);
      throw e;
    }
    console.error(
      `leaderboard ${job.board} round ${job.round}: ${describeJob(job)}: ${code ?? 'GAVE_UP'}: ${(e as Error).message}`,
    );
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
  // The last job of a round, or of a continuing round's batch: the round closes, or its next batch is scheduled.
  if (progress && progressComplete(progress)) {
    if (progress.continuing) await roundCaughtUp(deps, deps.roundQueue?.(), board, job.round);
    else await deps.roundJobs.closeRound(job.board, job.round);
  }
  return outcome;
}

const describeJob = (job: RoundJob) => `${job.id} (${jobSeats(job).join(' vs ')})`;

/** Renews a claim while its job runs: the match may wait for a free worker before its own deadline starts. */
function keepLease(store: RoundJobStore, job: RoundJob, leaseEnd: () => number, everyMs: number) {
  const renew = async () => {
    await store.renew(job, jobHolder(), leaseEnd());
  };
  const timer = setInterval(() => void renew().catch(() => undefined), Math.max(1000, Math.floor(everyMs)));
  return { renew, stop: () => clearInterval(timer) };
}

/** Plays (when `mayPlay`, or finds) and rates a job's match; one not played of a cancelled round is `cancelled`. */
async function playAndRate(
  deps: LeaderboardDeps,
  board: Leaderboard,
  job: RoundJob,
  mayPlay: boolean,
  renew: () => Promise<void>,
  cancelled: boolean,
  turn: RatingTurn | undefined,
): Promise<JobOutcome> {
  const { matchId, seed } = await jobMatch(job.id);
  const stored = await deps.matches.get<MatchRecord>(matchId);
  if (!stored && cancelled) return 'cancelled';
  if (!stored && !mayPlay) {
    console.error(
      `leaderboard ${job.board} round ${job.round}: ${describeJob(job)}: given up after ${MAX_JOB_ATTEMPTS} attempts`,
    );
    return 'failed';
  }
  const record = stored ?? (await play(deps, board, job, { id: matchId, seed }, renew));
  await turn?.ready();
  await rateOnce(deps, board, job, outcomeOf(job, record));
  // The next job may rate while this one is counted.
  turn?.done();
  return 'done';
}

/** Plays the job's match under its own id and seed, waiting out a full pool. */
async function play(
  deps: LeaderboardDeps,
  board: Leaderboard,
  job: RoundJob,
  match: { id: string; seed: number },
  renew: () => Promise<void>,
): Promise<MatchRecord> {
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
async function playScheduled(
  deps: LeaderboardDeps,
  board: Leaderboard,
  job: RoundJob,
  match: { id: string; seed: number },
): Promise<MatchRecord> {
  const game = gameById(board.game);
  // A pinned seat asks for its version as `bot_xxx@N`; the others play their latest valid one.
  const bots = jobSeats(job).map((id, k) => {
    const pin = job.pins?.[k];
    return pin === undefined || pin === null ? id : `${id}@${pin}`;
  });
  const parsed = game.request.schema.safeParse(
    game.leaderboard.request(boardSettings(board), bots, job.map, match.seed),
  );
  // A job that cannot make a valid request would fail the same way on every delivery.
  if (!parsed.success)
    throw new InputError(400, {
      code: 'INVALID_REQUEST',
      message: `job ${job.id}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
    });
  const request = parsed.data as { game: string };
  // The entries were checked when they joined the board: any stored bot of the right kind plays,
  // at a version uploaded by the board's deadline. A deleted bot, or one without such a version, fails the job.
  const choice = job.before === undefined ? {} : { before: job.before };
  const seats = await decodeSeats(
    game,
    game.request.seats(request),
    (id, field) => storedSeat(deps, id, undefined, choice, field),
    Infinity,
  );
  // In the match pool, the board's owner shares the workers with other keys, and the board with the owner's other boards.
  return playAndStore(
    { ...deps, runner: forTenant(deps.runner, boardTenant(board)) },
    game,
    request,
    seats,
    new Date(),
    board.owner,
    match.id,
    undefined,
    { board: board.id },
  );
}

function outcomeOf(job: RoundJob, record: MatchRecord): Outcome {
  const game = gameById(record.game);
  const seats = jobSeats(job);
  return { id: record.id, seats, ranks: game.leaderboard.ranks(record), line: game.leaderboard.line(record, seats) };
}
