import { ANONYMOUS, FairQueue, type Tenant } from '../../core/fair-queue.js';
import type { JobQueue } from '../../store/contract/job-queue.js';

/**
 * The local queue: jobs run in this process, `concurrency` at a time. Each
 * job has a tenant (`tenantOf`, e.g. its board), and the next job to run is
 * the oldest of the tenant with the fewest running, taking turns on a tie
 * (FairQueue): one tenant's long backlog does not hold another's few jobs.
 * A failing job is reported to `onError` and dropped.
 */
export class InProcessQueue<J> implements JobQueue<J> {
  private readonly waiting = new FairQueue<J>();
  private running = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly handler: (job: J) => Promise<void>,
    private readonly concurrency = 1,
    private readonly onError: (e: unknown, job: J) => void = (e) => console.error(e),
    private readonly tenantOf: (job: J) => Tenant = () => ANONYMOUS,
    /** Jobs of one tenant running at once, at most. */
    private readonly maxRunningPerTenant = Infinity,
  ) {}

  async send(job: J): Promise<void> {
    this.waiting.push(this.tenantOf(job), job);
    this.pump();
  }

  /** Resolves when every job sent so far has run. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.take(this.maxRunningPerTenant);
      if (!next) return;
      const { tenant, item: job } = next;
      this.running++;
      this.handler(job)
        .catch((e) => this.onError(e, job))
        .finally(() => {
          this.running--;
          this.waiting.finished(tenant);
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) for (const w of this.waiters.splice(0)) w();
        });
    }
  }
}
