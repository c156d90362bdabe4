/** Where scheduled matches wait to be played: Cloudflare Queues, SQS, or in-process locally. */
export interface JobQueue<J> {
  send(job: J): Promise<void>;
}
