import type { JobQueue } from '../../store/contract/job-queue.js';
import type { RoundJob } from '../../store/contract/round-job.js';
import type { JobVerdict } from '../job-loop.js';

/** A Cloudflare Queue's producer binding (MATCHES in wrangler.toml). */
export interface QueueBinding {
  send(job: RoundJob): Promise<void>;
}

/** One message of a queue consumer's batch. */
export interface QueueMessage {
  readonly body: unknown;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** The longest delay a retry may ask for (12 hours). */
const MAX_DELAY_SECONDS = 43_200;

/** Rounds' matches as messages of a Cloudflare Queue, which this Worker also consumes. */
export function cloudflareQueue(binding: QueueBinding): JobQueue<RoundJob> {
  return { send: (job) => binding.send(job) };
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
