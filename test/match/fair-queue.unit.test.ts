import { afterEach, describe, expect, it } from 'vitest';
import { UmpireError } from '../../src/core/errors.js';
import { FairQueue, type Tenant } from '../../src/core/fair-queue.js';
import { WorkerPool, workersPerKeyFromEnv } from '../../src/match/pool/worker-pool.js';

// The fair scheduler of the match pool: one key with many jobs queued first
// does not hold back another key's single job (issue 24's attacks, in small).

const C: Tenant = { key: 'carol' };
const A: Tenant = { key: 'alice' };

/** Takes n items, as a pool with n free workers would. */
function takeN<T>(q: FairQueue<T>, n: number) {
  return Array.from({ length: n }, () => q.take()!);
}

describe('the fair queue', () => {
  it('gives a key alone every start, in the order it sent', () => {
    const q = new FairQueue<string>();
    for (const x of ['c1', 'c2', 'c3']) q.push(C, x);
    expect(takeN(q, 3).map((t) => t.item)).toEqual(['c1', 'c2', 'c3']);
    expect(q.take()).toBeUndefined();
    expect(q.runningOf('carol')).toBe(3);
  });

  it('starts a waiting key next once a worker frees, however much the first key queued', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 6; i++) q.push(C, `c${i}`);
    const running = takeN(q, 2); // two workers, both Carol's
    q.push(A, 'a1');
    q.finished(running[0]!.tenant);
    expect(q.take()).toEqual({ tenant: A, item: 'a1' });
    // Then Carol has her turn again: Alice has nothing waiting.
    q.finished(running[1]!.tenant);
    expect(q.take()!.item).toBe('c3');
  });

  it('takes turns between keys with as many running, and never lets one hold more while another waits', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 4; i++) q.push(C, `c${i}`);
    for (let i = 1; i <= 4; i++) q.push(A, `a${i}`);
    // Four workers: two each, alternating, Carol first (she came first).
    const started = takeN(q, 4);
    expect(started.map((t) => t.item)).toEqual(['c1', 'a1', 'c2', 'a2']);
    // Carol's job ends: the worker is hers again (Alice holds 2, Carol 1).
    q.finished(C);
    expect(q.take()!.item).toBe('c3');
    expect([q.runningOf('carol'), q.runningOf('alice')]).toEqual([2, 2]);
  });

  it('shares a key between its lanes (boards), and counts the key once against other keys', () => {
    const q = new FairQueue<string>();
    const x: Tenant = { key: 'owner', lane: 'lb_x' };
    const y: Tenant = { key: 'owner', lane: 'lb_y' };
    for (let i = 1; i <= 5; i++) q.push(x, `x${i}`);
    const first = q.take()!;
    expect(first).toEqual({ tenant: x, item: 'x1' });
    for (let i = 1; i <= 2; i++) q.push(y, `y${i}`);
    q.push(A, 'a1');
    // The owner holds one: Alice next, then the owner's board with none running.
    expect(takeN(q, 2).map((t) => t.item)).toEqual(['a1', 'y1']);
    // Each board holds one now; the owner's next starts go to the boards in turn.
    q.finished(first.tenant);
    expect(takeN(q, 3).map((t) => t.item)).toEqual(['x2', 'y2', 'x3']);
  });

  it('never starts more than the cap of one key, even with workers free', () => {
    const q = new FairQueue<string>();
    for (const item of ['c1', 'c2', 'c3']) q.push(C, item);
    expect(q.take(1)!.item).toBe('c1');
    expect(q.take(1)).toBeUndefined();
    q.push(A, 'a1');
    expect(q.take(1)!.item).toBe('a1');
    q.finished(C);
    expect(q.take(1)!.item).toBe('c2');
  });

  it('counts waiting items per key, and forgets a key once it has none waiting or running', () => {
    const q = new FairQueue<number>();
    q.push({ key: 'k', lane: 'one' }, 1);
    q.push({ key: 'k', lane: 'two' }, 2);
    q.push(A, 3);
    expect([q.waitingOf('k'), q.waitingOf('alice'), q.length]).toEqual([2, 1, 3]);
    const taken = q.take()!;
    expect(q.waitingOf('k')).toBe(1);
    expect(q.drain().sort()).toEqual([2, 3]);
    expect([q.length, q.waitingOf('k'), q.runningOf('k')]).toEqual([0, 0, 1]);
    q.finished(taken.tenant);
    expect(q.runningOf('k')).toBe(0);
    q.finished(taken.tenant); // a second call changes nothing
    expect(q.take()).toBeUndefined();
  });
});

describe('the worker pool, shared between keys', () => {
  // A stand-in match worker: answers each job with its tag (bytes[0]) after bytes[1] × 10 ms.
  const worker = new URL(
    `data:text/javascript,${encodeURIComponent(
      "import { parentPort } from 'node:worker_threads'; parentPort.on('message', (m) => setTimeout(() => parentPort.postMessage({ ok: true, value: m.bytes[0] }), m.bytes[1] * 10));",
    )}`,
  );
  const job = (tag: number, tensOfMs: number) => ({ kind: 'prepare', bytes: new Uint8Array([tag, tensOfMs]) }) as const;
  const codeOf = (e: unknown) => (e instanceof UmpireError ? e.code : String(e));
  const pools: WorkerPool[] = [];
  const pool = (options: { size: number; maxQueued?: number; maxQueuedPerKey?: number; maxRunningPerKey?: number }) => {
    const p = new WorkerPool({ url: worker, ...options });
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it("runs another key's job as soon as a worker frees, not after the first key's queue", async () => {
    const p = pool({ size: 2 });
    const done: number[] = [];
    const run = (tag: number, tens: number, tenant: Tenant) =>
      p.run<number>(job(tag, tens), 10_000, 'the job', tenant).then((v) => done.push(v));
    const carol = [1, 2, 3, 4, 5, 6].map((tag) => run(tag, 20, C)); // 200 ms each
    const alice = run(100, 1, A);
    await Promise.all([...carol, alice]);
    // First in, first out would finish Alice's last; fairly, right after Carol's first two.
    expect(done.indexOf(100)).toBeGreaterThanOrEqual(0);
    expect(done.indexOf(100)).toBeLessThanOrEqual(2);
  });

  it("with half the workers per key, starts another key's job at once while the first key's jobs all still run", async () => {
    const p = pool({ size: 2, maxRunningPerKey: 1 });
    const done: number[] = [];
    const run = (tag: number, tens: number, tenant: Tenant) =>
      p.run<number>(job(tag, tens), 10_000, 'the job', tenant).then((v) => done.push(v));
    const carol = [1, 2, 3].map((tag) => run(tag, 30, C)); // 300 ms each, one at a time
    await new Promise((resolve) => setTimeout(resolve, 50));
    await run(100, 1, A);
    // Alice did not wait for any of Carol's: with both workers Carol's, she would have waited 300 ms.
    expect(done).toEqual([100]);
    await Promise.all(carol);
    expect(done).toEqual([100, 1, 2, 3]);
  });

  it('refuses a key over its own queue bound with KEY_QUEUE_FULL while another key is still taken', async () => {
    const p = pool({ size: 1, maxQueuedPerKey: 2 });
    const carol = [1, 2, 3].map((tag) => p.run(job(tag, 10), 10_000, 'the job', C));
    const over = await p.run(job(4, 1), 10_000, 'the job', C).catch((e: unknown) => e);
    expect(codeOf(over)).toBe('KEY_QUEUE_FULL');
    expect((over as UmpireError).details).toEqual({ waiting: 2 });
    expect(await p.run(job(5, 1), 10_000, 'the job', A)).toBe(5);
    expect(await Promise.all(carol)).toEqual([1, 2, 3]);
  });

  it('keeps POOL_BUSY for every key together as the last resort', async () => {
    const p = pool({ size: 1, maxQueued: 2, maxQueuedPerKey: 2 });
    const first = [
      p.run(job(1, 10), 10_000, 'the job', C),
      p.run(job(2, 1), 10_000, 'the job', C),
      p.run(job(3, 1), 10_000, 'the job', A),
    ];
    expect(codeOf(await p.run(job(4, 1), 10_000, 'the job', { key: 'dave' }).catch((e: unknown) => e))).toBe(
      'POOL_BUSY',
    );
    expect(await Promise.all(first)).toEqual([1, 2, 3]);
  });
});

describe('workers per key', () => {
  it('is half the pool (rounded up) on a server shared by keys, all of it for one owner, or UMPIRE_WORKERS_PER_KEY', () => {
    expect(workersPerKeyFromEnv({}, 2, true)).toBe(1);
    expect(workersPerKeyFromEnv({}, 5, true)).toBe(3);
    expect(workersPerKeyFromEnv({}, 2, false)).toBe(2);
    expect(workersPerKeyFromEnv({ UMPIRE_WORKERS_PER_KEY: '2' }, 4, true)).toBe(2);
    expect(workersPerKeyFromEnv({ UMPIRE_WORKERS_PER_KEY: '9' }, 4, true)).toBe(4);
    expect(workersPerKeyFromEnv({ UMPIRE_WORKERS_PER_KEY: 'many' }, 4, true)).toBe(2);
  });
});
