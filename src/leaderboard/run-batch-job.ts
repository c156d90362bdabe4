import { InputError, UmpireError } from '../core/errors.js';
import type { MatchRecord } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import { runnerErrorCode } from '../match/runner.js';
import { decodeSeats } from '../match/seats.js';
import { storedSeat } from '../match/stored-bots.js';
import { forTenant, keyTenant } from '../match/tenant.js';
import { playAndStore } from '../match/store-match.js';
import type { BatchJob } from '../store/contract/batch-job.js';
import type { BatchState, BatchStore } from '../store/contract/batches.js';
import { JobError } from '../store/contract/job-errors.js';
import { jobIndex } from '../store/contract/job-ids.js';
import type { JobOutcome } from '../store/contract/round-jobs.js';
import { putFailure, readAsyncRequest, type JobFailure } from './batch-documents.js';
import { batchJobMatch } from './batch-ids.js';
import { batchLeaseMs } from './batch-lease.js';
import { notifyBatchFinished, notifyPairing } from './batch-webhooks.js';
import type { LeaderboardDeps } from './deps.js';
import { jobHolder } from './job-lease.js';
import { MAX_JOB_ATTEMPTS, type JobResult } from './run-round-job.js';

/** What a batch's job is handed: the leaderboard's deps and the batches. */
export type BatchDeps = LeaderboardDeps & { readonly batches: BatchStore };

/** Waits before asking a full match pool again; after the last, the pairing is recorded as failed. */
const BUSY_BACKOFF_MS = [1000, 2000, 4000, 8000, 16000];

/**
 * Plays one pairing of a batch (or an asynchronous match), once however
 * often it is delivered: claimed in the round job store under a lease (the
 * batch id as its namespace), played under the match id its job id gives
 * (a redelivery finds it stored), counted in the batch once. A pairing that
 * cannot be played (a 4xx problem, a bot gone; past its deadline) is
 * counted failed with its reason; other errors (storage) hand it back for
 * the queue to retry. The pairing's webhook goes out as it finishes; the
 * batch's once, when the last one has.
 */
export async function runBatchJob(deps: BatchDeps, message: BatchJob): Promise<JobResult> {
  const batch = await deps.batches.getBatch(message.board);
  if (!batch) throw new JobError('JOB_UNKNOWN', `no batch ${message.board}`);
  const leaseMs = batchLeaseMs(batch);
  const leaseEnd = () => Math.max(Date.now() + 1000, Math.min(Date.now() + leaseMs, deps.claimsEnd?.() ?? Infinity));
  const now = Date.now();
  const claim = await deps.roundJobs.claim(message, jobHolder(), now, leaseEnd() - now);
  if (claim.state === 'finished') {
    // An earlier delivery may have stopped between counting its pairing and telling the batch's webhook.
    await finishBatch(deps, batch.id);
    return 'finished-before';
  }
  if (claim.state === 'busy')
    throw new JobError(
      'JOB_BUSY',
      `job ${message.id} is held by another process until ${new Date(claim.until).toISOString()}`,
      claim.until,
    );
  if (claim.state === 'missing') throw new JobError('JOB_UNKNOWN', `batch ${batch.id} has no job ${message.id}`);
  const job = claim.job as BatchJob;
  const index = jobIndex(job.id, job.round)!;
  const renew = async () => {
    await deps.roundJobs.renew(job, jobHolder(), leaseEnd());
  };
  const timer = setInterval(() => void renew().catch(() => undefined), Math.max(1000, Math.floor(leaseMs / 4)));
  let result: { outcome: JobOutcome; record?: MatchRecord; failure?: JobFailure };
  try {
    result = await playOnce(deps, batch, job, claim.attempt <= MAX_JOB_ATTEMPTS, renew);
  } catch (e) {
    const code = runnerErrorCode(e) ?? (e instanceof InputError ? e.code : null);
    if (code === 'POOL_CLOSED' || (!code && claim.attempt < MAX_JOB_ATTEMPTS)) {
      clearInterval(timer);
      await deps.roundJobs.release(job, jobHolder()).catch(() => undefined);
      throw e;
    }
    result = { outcome: 'failed', failure: { code: code ?? 'GAVE_UP', message: (e as Error).message ?? String(e) } };
  } finally {
    clearInterval(timer);
  }
  try {
    if (result.failure) await putFailure(deps.blobs, batch.id, index, result.failure);
    // Before the job counts as finished: a crash between the two tells it again (the same delivery id), never not at all.
    await notifyPairing(deps, batch, job, index, result);
    const progress = await deps.roundJobs.finish(job, result.outcome);
    if (progress && progress.done + progress.failed >= progress.total) await finishBatch(deps, batch.id);
  } catch (e) {
    await deps.roundJobs.release(job, jobHolder()).catch(() => undefined);
    throw e;
  }
  return result.outcome;
}

/** Marks a batch whose pairings are all counted finished, and tells its webhook: once, whoever gets there first. */
async function finishBatch(deps: BatchDeps, id: string): Promise<void> {
  const batch = await deps.batches.getBatch(id);
  if (!batch || batch.finishedAt !== undefined || batch.done + batch.failed < batch.total) return;
  const at = new Date().toISOString();
  if (await deps.batches.markFinished(id, at)) await notifyBatchFinished(deps, { ...batch, finishedAt: at });
  await deps.roundJobs.closeRound(id, id);
}

/** The pairing's match: found stored (an earlier delivery played it), or played now when `mayPlay`. */
async function playOnce(
  deps: BatchDeps,
  batch: BatchState,
  job: BatchJob,
  mayPlay: boolean,
  renew: () => Promise<void>,
): Promise<{ outcome: JobOutcome; record?: MatchRecord; failure?: JobFailure }> {
  const { matchId, seed } = await batchJobMatch(batch, job);
  const stored = await deps.matches.get<MatchRecord>(matchId);
  if (stored) return { outcome: 'done', record: stored };
  if (!mayPlay)
    return {
      outcome: 'failed',
      failure: { code: 'GAVE_UP', message: `given up after ${MAX_JOB_ATTEMPTS} attempts` },
    };
  for (let attempt = 0; ; attempt++) {
    try {
      return { outcome: 'done', record: await play(deps, batch, job, matchId, seed) };
    } catch (e) {
      if (e instanceof UmpireError && e.code === 'ID_COLLISION') {
        // Another attempt (whose lease lapsed) stored it meanwhile.
        const now = await deps.matches.get<MatchRecord>(matchId);
        if (now) return { outcome: 'done', record: now };
      }
      const code = runnerErrorCode(e);
      if ((code !== 'POOL_BUSY' && code !== 'KEY_QUEUE_FULL') || attempt >= BUSY_BACKOFF_MS.length) throw e;
      await new Promise((resolve) => setTimeout(resolve, BUSY_BACKOFF_MS[attempt]));
      await renew();
    }
  }
}

/**
 * Plays a pairing as its owner's match: a batch's from its game's settings,
 * seats, map and seed; an asynchronous match's from its stored request. The
 * bots are checked again as the owner's to use (one made private since is
 * not found), and the match waits its turn among the owner's jobs.
 */
async function play(
  deps: BatchDeps,
  batch: BatchState,
  job: BatchJob,
  matchId: string,
  seed: number | undefined,
): Promise<MatchRecord> {
  const game = gameById(batch.game);
  const input =
    batch.kind === 'match'
      ? await readAsyncRequest(deps.blobs, batch.id)
      : game.leaderboard.request(batch.settings ?? {}, job.seats, job.map, seed!);
  const parsed = game.request.schema.safeParse(input);
  if (!parsed.success)
    throw new InputError(400, {
      code: 'INVALID_REQUEST',
      message: `job ${job.id}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
    });
  const request = parsed.data as { game: string };
  const seats = await decodeSeats(
    game,
    game.request.seats(request),
    (id, field) => storedSeat(deps, id, { owner: batch.owner, field }),
    Infinity,
  );
  const runner = forTenant(deps.runner, keyTenant(batch.owner));
  return playAndStore({ ...deps, runner }, game, request, seats, new Date(), batch.owner, matchId, undefined, {
    listed: batch.public,
  });
}
