import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { StoreError } from '../../store/contract/errors.js';
import type { JobQueue } from '../../store/contract/job-queue.js';
import type { RoundJob } from '../../store/contract/round-job.js';

/** Rounds' matches as SQS messages; the Lambda consumes them (an event source mapping). */
export class SqsQueue implements JobQueue<RoundJob> {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(job: RoundJob): Promise<void> {
    try {
      await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(job) }));
    } catch (e) {
      throw new StoreError('STORAGE_UNAVAILABLE', `queueing a match failed: ${(e as Error).message ?? String(e)}`);
    }
  }
}

/** SQS_QUEUE_URL (and SQS_ENDPOINT for a local server) from the environment, or none. */
export function sqsQueueFromEnv(env: Record<string, string | undefined>): SqsQueue | undefined {
  if (!env.SQS_QUEUE_URL) return undefined;
  const sqs = new SQSClient({
    region: env.AWS_REGION ?? 'us-east-1',
    ...(env.SQS_ENDPOINT ? { endpoint: env.SQS_ENDPOINT } : {}),
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } }
      : {}),
  });
  return new SqsQueue(sqs, env.SQS_QUEUE_URL);
}
