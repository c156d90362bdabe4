import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DYNALITE_WORKER_SOURCE } from './dynalite-worker-source.js';

/** A DynamoDB request as the worker gets it, and its answer. */
export interface DynamoCall {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}
export interface DynamoAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

type State = 'starting' | 'ready' | 'down' | 'closed';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;
/** A worker that served this long before it failed starts the retries over. */
const HEALTHY_MS = 60_000;
const CALL_TIMEOUT_MS = 60_000;
const CLOSE_WAIT_MS = 5000;

/**
 * dynalite on its data folder, in a worker thread of this process. Whatever dynalite does
 * with corrupt data (throw from a callback, leave a stream's 'error' unheard), it ends the
 * worker, not the process: the calls it was serving, and those made until a new worker is
 * ready, get 503. A new worker is started after 1 s, then after up to 60 s between tries;
 * a folder that cannot be opened at all is logged once, naming it and why.
 */
export class DynaliteHost {
  private state: State = 'down';
  private worker: Worker | null = null;
  private starting: Promise<void> | null = null;
  private readonly pending = new Map<number, (answer: DynamoAnswer) => void>();
  private nextId = 1;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readySince = 0;
  private problem = '';
  private readonly dynalitePath = createRequire(import.meta.url).resolve('dynalite');

  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts the worker; resolves once it serves, or once it is known it cannot (then logged). */
  start(): Promise<void> {
    if (this.state === 'closed') return Promise.resolve();
    if (this.starting) return this.starting;
    this.state = 'starting';
    this.starting = new Promise<void>((resolve) => {
      let reason = '';
      const worker = new Worker(DYNALITE_WORKER_SOURCE, {
        eval: true,
        workerData: { dynalite: this.dynalitePath, path: this.path },
      });
      this.worker = worker;
      worker.on('message', (m: { type: string; id?: number; message?: string } & Partial<DynamoAnswer>) => {
        if (m.type === 'response') {
          const answer = this.pending.get(m.id!);
          this.pending.delete(m.id!);
          answer?.({ status: m.status!, headers: m.headers!, body: m.body! });
        } else if (m.type === 'ready') {
          if (this.state === 'closed') return resolve();
          if (this.problem) this.log(`umpire: embedded DynamoDB, data in ${this.path}: restarted`);
          this.problem = '';
          this.state = 'ready';
          this.readySince = Date.now();
          this.starting = null;
          resolve();
        } else if (m.type === 'open-failed') {
          reason = `cannot open the database: ${m.message}`;
          void worker.terminate();
        } else if (m.type === 'broken') {
          reason = `the database failed: ${m.message}`;
          void worker.terminate();
        }
      });
      worker.on('error', (e) => {
        reason = `stopped on an error: ${e.message}`;
      });
      worker.on('exit', (code) => {
        resolve();
        if (this.worker !== worker) return;
        this.worker = null;
        this.starting = null;
        for (const answer of this.pending.values()) answer(unavailable('stopped while serving this request'));
        this.pending.clear();
        if (this.state !== 'closed') this.down(reason || `stopped (exit code ${code})`);
      });
    });
    return this.starting;
  }

  /** Serves one call, or answers 503 while there is no working database. */
  async call(call: DynamoCall): Promise<DynamoAnswer> {
    if (this.state === 'starting') await this.starting;
    const worker = this.worker;
    // The log names the folder; API clients see why without it.
    if (this.state !== 'ready' || !worker)
      return unavailable(this.problem.split(this.path).join('<data folder>') || 'not running');
    const id = this.nextId++;
    return new Promise<DynamoAnswer>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(unavailable(`no answer within ${CALL_TIMEOUT_MS / 1000} s`));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      worker.postMessage({ type: 'request', id, ...call });
    });
  }

  /** Waits (a little) for the calls being served, then ends the worker, which closes the database. */
  async close(): Promise<void> {
    this.state = 'closed';
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (this.pending.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const worker = this.worker;
    this.worker = null;
    for (const answer of this.pending.values()) answer(unavailable('the server is stopping'));
    this.pending.clear();
    if (worker) await worker.terminate();
  }

  private down(reason: string): void {
    this.state = 'down';
    if (this.readySince > 0 && Date.now() - this.readySince >= HEALTHY_MS) this.retryMs = FIRST_RETRY_MS;
    this.readySince = 0;
    if (reason !== this.problem) {
      this.log(
        `umpire: embedded DynamoDB, data in ${this.path}: ${reason}; storage requests get 503 until it works again (retrying; if its files are corrupt, move the folder away to start empty)`,
      );
    }
    this.problem = reason;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.start();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }
}

function unavailable(why: string): DynamoAnswer {
  return {
    status: 503,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#ServiceUnavailableException',
      message: `the embedded DynamoDB is not available: ${why}`,
    }),
  };
}
