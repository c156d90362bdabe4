/** Where scheduled matches wait to be played: Cloudflare Queues, SQS, or in-process locally. */
export interface JobQueue<J> {
  send(job: J): Promise<void>;
  /** Queues many jobs at once: a queue that bundles several jobs per message does so here. */
  sendAll?(jobs: readonly J[]): Promise<void>;
}

/** Queues `jobs`: all at once where the queue can, else one by one, in order. */
export async function sendJobs<J>(queue: JobQueue<J>, jobs: readonly J[]): Promise<void> {
  if (jobs.length === 0) return;
  if (queue.sendAll) return queue.sendAll(jobs);
  for (const job of jobs) await queue.send(job);
}
