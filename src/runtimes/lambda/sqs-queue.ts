import { SQSClient, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { DEFAULT_JOBS_PER_MESSAGE, messageBodies } from '../../leaderboard/job-bundles.js';
import { StoreError } from '../../store/contract/errors.js';
import type { JobQueue } from '../../store/contract/job-queue.js';
import type { RoundJob } from '../../store/contract/round-job.js';

/** Most messages in one SendMessageBatch request (SQS's limit). */
const MESSAGES_PER_REQUEST = 10;
/** Most bytes of bodies in one SendMessageBatch request: below SQS's 256 KB for the whole request. */
const BYTES_PER_REQUEST = 200_000;
/** SendMessageBatch requests in flight at once. */
const PARALLEL_REQUESTS = 8;

/**
 * Rounds' matches as SQS messages, `perMessage` jobs to a message (a lone
 * job is its own message, as before bundles); the Lambda consumes them (an
 * event source mapping). Messages go out 10 to a request.
 */
export class SqsQueue implements JobQueue<RoundJob> {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
    readonly perMessage: number = DEFAULT_JOBS_PER_MESSAGE,
  ) {}

  send(job: RoundJob): Promise<void> {
    return this.sendAll([job]);
  }

  async sendAll(jobs: readonly RoundJob[]): Promise<void> {
    const requests = requestsOf(messageBodies(jobs, this.perMessage).map((body) => JSON.stringify(body)));
    for (let start = 0; start < requests.length; start += PARALLEL_REQUESTS)
      await Promise.all(requests.slice(start, start + PARALLEL_REQUESTS).map((bodies) => this.sendBatch(bodies)));
  }

  private async sendBatch(bodies: readonly string[]): Promise<void> {
    let failed: string | undefined;
    try {
      const sent = await this.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: bodies.map((body, k) => ({ Id: String(k), MessageBody: body })),
        }),
      );
      failed = sent.Failed?.[0]?.Message ?? sent.Failed?.[0]?.Code;
    } catch (e) {
      failed = (e as Error).message ?? String(e);
    }
    // A round's jobs are stored before they are queued: a failed send fails the request that scheduled them.
    if (failed !== undefined) throw new StoreError('STORAGE_UNAVAILABLE', `queueing matches failed: ${failed}`);
  }
}

const encoder = new TextEncoder();

/** Message bodies grouped into SendMessageBatch requests, by count and by size. */
function requestsOf(bodies: readonly string[]): string[][] {
  const requests: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = encoder.encode(body).length;
    if (current.length === MESSAGES_PER_REQUEST || (current.length > 0 && bytes + size > BYTES_PER_REQUEST)) {
      requests.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

/** SQS_QUEUE_URL (and SQS_ENDPOINT for a local server) from the environment, or none; `perMessage` jobs to a message. */
export function sqsQueueFromEnv(env: Record<string, string | undefined>, perMessage?: number): SqsQueue | undefined {
  if (!env.SQS_QUEUE_URL) return undefined;
  const sqs = new SQSClient({
    region: env.AWS_REGION ?? 'us-east-1',
    ...(env.SQS_ENDPOINT ? { endpoint: env.SQS_ENDPOINT } : {}),
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } }
      : {}),
  });
  return new SqsQueue(sqs, env.SQS_QUEUE_URL, perMessage);
}
