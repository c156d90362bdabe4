import { messageBodies, type JobBundle } from '../../leaderboard/job-bundles.js';
import type { JobQueue } from '../../store/contract/job-queue.js';
import type { RoundJob } from '../../store/contract/round-job.js';
import type { JobVerdict } from '../job-loop.js';

/** A Cloudflare Queue's producer binding (MATCHES in wrangler.toml). */
export interface QueueBinding {
  send(body: RoundJob | JobBundle): Promise<void>;
  sendBatch(messages: readonly { body: RoundJob | JobBundle }[]): Promise<void>;
}

/** One message of a queue consumer's batch. */
export interface QueueMessage {
  readonly body: unknown;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** The longest delay a retry may ask for (12 hours). */
const MAX_DELAY_SECONDS = 43_200;
/** Most messages in one sendBatch (Cloudflare's limit is 100 messages and 256 KB in all). */
const MESSAGES_PER_BATCH = 100;
const BYTES_PER_BATCH = 200_000;

const encoder = new TextEncoder();

/**
 * Rounds' matches as messages of a Cloudflare Queue, which this Worker also
 * consumes: `perMessage` jobs to a message (a lone job is its own message),
 * sent in batches of messages.
 */
export function cloudflareQueue(binding: QueueBinding, perMessage: number): JobQueue<RoundJob> {
  const sendAll = async (jobs: readonly RoundJob[]) => {
    let batch: { body: RoundJob | JobBundle }[] = [];
    let bytes = 0;
    for (const body of messageBodies(jobs, perMessage) as (RoundJob | JobBundle)[]) {
      const size = encoder.encode(JSON.stringify(body)).length;
      if (batch.length === MESSAGES_PER_BATCH || (batch.length > 0 && bytes + size > BYTES_PER_BATCH)) {
        await binding.sendBatch(batch);
        batch = [];
        bytes = 0;
      }
      batch.push({ body });
      bytes += size;
    }
    if (batch.length > 0) await binding.sendBatch(batch);
  };
  return { send: (job) => binding.send(job), sendAll };
}

/** Acknowledges a played message; retries a busy one once its holder's lease ends, a failed one as the queue retries. */
export function settleMessage(message: QueueMessage, verdict: JobVerdict, now: number = Date.now()): void {
  if (verdict.kind === 'done') message.ack();
  else if (verdict.kind === 'busy')
    message.retry({
      delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil((verdict.retryAt - now) / 1000))),
    });
  else message.retry();
}
