import { describe, expect, it } from 'vitest';
import { settleMessage, type QueueMessage } from '../../../src/runtimes/workers/cloudflare-queue.js';

/** A queue message that records how it was settled. */
function message(): QueueMessage & { settled: unknown[] } {
  const settled: unknown[] = [];
  return {
    body: null,
    settled,
    ack: () => void settled.push('ack'),
    retry: (options) => void settled.push(options ?? 'retry'),
  };
}

describe('settling a Cloudflare Queue message by its verdict', () => {
  it('acknowledges a done job, retries a failed one as the queue retries, a busy one when its lease ends', () => {
    const [done, failed, busy, soon, far] = [message(), message(), message(), message(), message()];
    const now = 1_000_000;
    settleMessage(done, { kind: 'done' }, now);
    settleMessage(failed, { kind: 'failed', code: null }, now);
    settleMessage(busy, { kind: 'busy', retryAt: now + 90_500 }, now);
    settleMessage(soon, { kind: 'busy', retryAt: now - 5 }, now);
    settleMessage(far, { kind: 'busy', retryAt: now + 100 * 3600_000 }, now);
    expect([done, failed, busy, soon, far].map((m) => m.settled)).toEqual([
      ['ack'],
      ['retry'],
      [{ delaySeconds: 91 }],
      [{ delaySeconds: 1 }],
      [{ delaySeconds: 43_200 }],
    ]);
  });
});
