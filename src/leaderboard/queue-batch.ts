import { base64UrlEncode } from '../core/base64url.js';
import type { BatchJob } from '../store/contract/batch-job.js';
import type { Batch, BatchStore } from '../store/contract/batches.js';
import type { BlobStore } from '../store/contract/blobs.js';
import { jobId } from '../store/contract/job-ids.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { RoundJob } from '../store/contract/round-job.js';
import type { RoundJobStore } from '../store/contract/round-jobs.js';
import type { Webhook } from '../store/contract/webhooks.js';
import { putAsyncRequest, putPairings, type Pairing } from './batch-documents.js';

/** What queueing a batch writes to. */
export interface BatchQueueDeps {
  readonly batches: BatchStore;
  readonly roundJobs: RoundJobStore;
  readonly blobs: BlobStore;
}

/** Messages sent to the queue at once. */
const PARALLEL_SENDS = 16;

/** A batch's or an asynchronous match's webhook: the URL (checked already) and a fresh secret, shown once. */
export function newBatchHook(url: string, now: Date): Webhook {
  return {
    id: `hook_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(9)))}`,
    url,
    secret: `whsec_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(24)))}`,
    createdAt: now.toISOString(),
  };
}

/**
 * Stores a batch and queues its pairings: the pairings (for the results), the
 * batch (the counter of its jobs), each pairing as a pending job, the batch
 * listed open (the local server resumes it after a restart, as a round), and
 * then one message per pairing. Everything is stored before anything is
 * queued, so a delivery always finds its job.
 */
export async function queueBatch(
  deps: BatchQueueDeps,
  queue: JobQueue<RoundJob>,
  batch: Batch,
  pairings: readonly (Pairing & { map: string })[],
): Promise<void> {
  await putPairings(deps.blobs, batch.id, pairings);
  const jobs = pairings.map(
    (p, k): BatchJob => ({
      kind: 'batch',
      id: jobId(batch.id, k),
      board: batch.id,
      round: batch.id,
      seats: p.seats,
      map: p.map,
      ...(p.seed === undefined ? {} : { seed: p.seed }),
    }),
  );
  await store(deps, batch, jobs);
  await send(queue, jobs);
}

/**
 * Stores an asynchronous match as a batch of one and queues it: its request
 * (seats may be code) in a blob, its one job naming the game's seats.
 */
export async function queueAsyncMatch(
  deps: BatchQueueDeps,
  queue: JobQueue<RoundJob>,
  batch: Batch,
  request: unknown,
  seatNames: readonly string[],
): Promise<void> {
  await putAsyncRequest(deps.blobs, batch.id, request);
  const job: BatchJob = {
    kind: 'batch',
    id: jobId(batch.id, 0),
    board: batch.id,
    round: batch.id,
    seats: seatNames,
    map: '',
  };
  await store(deps, batch, [job]);
  await send(queue, [job]);
}

async function store(deps: BatchQueueDeps, batch: Batch, jobs: readonly BatchJob[]): Promise<void> {
  await deps.batches.createBatch(batch);
  await deps.roundJobs.addJobs(jobs);
  await deps.roundJobs.openRound(batch.id, batch.id);
}

async function send(queue: JobQueue<RoundJob>, jobs: readonly BatchJob[]): Promise<void> {
  if (queue.sendAll) return queue.sendAll(jobs);
  for (let start = 0; start < jobs.length; start += PARALLEL_SENDS)
    await Promise.all(jobs.slice(start, start + PARALLEL_SENDS).map((job) => queue.send(job)));
}
