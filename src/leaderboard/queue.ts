/** Where scheduled matches wait to be played: Cloudflare Queues, SQS, or in-process locally. */
export interface JobQueue<J> {
  send(job: J): Promise<void>;
}

/**
 * The local queue: jobs run in this process, `concurrency` at a time, in the
 * order they were sent. A failing job is reported to `onError` and dropped.
 */
export class InProcessQueue<J> implements JobQueue<J> {
  private readonly waiting: J[] = [];
  private running = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly handler: (job: J) => Promise<void>,
    private readonly concurrency = 1,
    private readonly onError: (e: unknown, job: J) => void = (e) => console.error(e),
  ) {}

  async send(job: J): Promise<void> {
    this.waiting.push(job);
    this.pump();
  }

  /** Resolves when every job sent so far has run. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      this.handler(job)
        .catch((e) => this.onError(e, job))
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) for (const w of this.waiters.splice(0)) w();
        });
    }
  }
}
