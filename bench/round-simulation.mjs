// A round of many matches on Lambda fed by SQS, simulated: the event source mapping's ramp, batches
// of K matches per message (one message per invocation), per-match times drawn from a measured
// sample, cold starts of new execution environments, failed invocations coming back after the
// visibility timeout. Pure and seeded: the same options give the same answer.
//
//   node bench/round-simulation.mjs [--kind idle|example|full] [--matches N] [--concurrency C]
//        [--batch K] [--memory MB] [--arch x86|arm] [--failure-rate P] [--seed S]
// reads bench/cost-inputs.json and prints the round's wall time, its concurrency and its cost.
import { ASSUMPTIONS, PRICES, costPerMillion, lambdaMatchMs } from './cost-model.mjs';

/** The event source mapping's scaling (docs.aws.amazon.com/lambda/latest/dg/services-sqs-scaling.html). */
export const SQS_RAMP = { initial: 5, perMinute: 300, ceiling: 1000 };

/** infra/cloudformation.json: the queue's visibility timeout and its dead-letter queue's maxReceiveCount. */
export const QUEUE = { visibilityTimeoutS: 360, maxReceives: 3 };

/** mulberry32: a small seeded generator of uniform numbers in [0, 1). */
export function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/** A binary min-heap, ordered by `key` (the times messages come back). */
class MinHeap {
  items = [];
  constructor(key) {
    this.key = key;
  }
  get size() {
    return this.items.length;
  }
  peek() {
    return this.items[0];
  }
  push(x) {
    const a = this.items;
    a.push(x);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.key(a[parent]) <= this.key(a[i])) break;
      [a[parent], a[i]] = [a[i], a[parent]];
      i = parent;
    }
  }
  pop() {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.key(a[l]) < this.key(a[m])) m = l;
        if (r < a.length && this.key(a[r]) < this.key(a[m])) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

/** The end times of the running invocations: a min-heap of numbers in a typed array of fixed room. */
class EndTimes {
  constructor(room) {
    this.a = new Float64Array(Math.max(1, room));
    this.size = 0;
  }
  peek() {
    return this.a[0];
  }
  push(x) {
    const a = this.a;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent] <= x) break;
      a[i] = a[parent];
      i = parent;
    }
    a[i] = x;
  }
  pop() {
    const a = this.a;
    const top = a[0];
    const last = a[--this.size];
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const c = l + 1 < this.size && a[l + 1] < a[l] ? l + 1 : l;
      if (a[c] >= last) break;
      a[i] = a[c];
      i = c;
    }
    a[i] = last;
    return top;
  }
}

/**
 * Simulates a round. `matchMs` is the sample of per-match times on the function (ms), drawn from
 * uniformly with replacement. Concurrency is the least of `concurrency`, the ramp's ceiling and
 * the ramp so far: `initial` at the start, `perMinute` more at each whole minute. Every invocation
 * plays one message of `batch` matches; an environment's first invocation also pays `coldStartMs`.
 * With `failureRate` P, an invocation fails (after its whole time) and its message comes back a
 * visibility timeout after it was received, up to `maxReceives` deliveries, then it is dropped.
 * Matches are independent (no board's sequence of ratings orders them).
 */
export function simulateRound(options) {
  const o = {
    matches: 1_000_000,
    concurrency: 1000,
    batch: ASSUMPTIONS.matchesPerBatch,
    coldStartMs: ASSUMPTIONS.coldStartMs,
    invocationOverheadMs: ASSUMPTIONS.invocationOverheadMs,
    failureRate: 0,
    seed: 1,
    ...SQS_RAMP,
    ...QUEUE,
    ...options,
  };
  if (!(o.matchMs?.length > 0)) throw new RangeError('simulateRound needs a sample of match times (matchMs)');
  const rand = random(o.seed);
  const cap = Math.min(o.concurrency, o.ceiling);
  const allowedAt = (t) => Math.min(cap, o.initial + Math.floor(t / 60_000) * o.perMinute);
  const visibilityMs = o.visibilityTimeoutS * 1000;

  // Messages waiting: fresh ones by count (all alike), returned ones by the time they are visible.
  let fresh = Math.ceil(o.matches / o.batch);
  const lastBatch = o.matches - (fresh - 1) * o.batch;
  const returned = new MinHeap((m) => m.at);
  const running = new EndTimes(cap);
  let idleEnvironments = 0;
  let environments = 0;
  let t = 0;
  let invocations = 0;
  let billedMs = 0;
  let busyMs = 0;
  let dropped = 0;
  let reachedCapAtMs = null;
  let peak = 0;
  const perMinute = [];

  const matchTime = () => o.matchMs[Math.floor(rand() * o.matchMs.length)];
  const start = (receives, size) => {
    let ms = o.invocationOverheadMs;
    for (let i = 0; i < size; i++) ms += matchTime();
    if (idleEnvironments > 0) idleEnvironments--;
    else {
      environments++;
      ms += o.coldStartMs;
    }
    invocations++;
    billedMs += ms;
    running.push(t + ms);
    if (rand() < o.failureRate) {
      if (receives < o.maxReceives) {
        returned.push({ at: t + Math.max(visibilityMs, ms), receives: receives + 1, size });
      } else dropped += size;
    }
  };

  for (;;) {
    while (running.size > 0 && running.peek() <= t) {
      running.pop();
      idleEnvironments++;
    }
    const allowed = allowedAt(t);
    while (running.size < allowed) {
      if (returned.size > 0 && returned.peek().at <= t) {
        const m = returned.pop();
        start(m.receives, m.size);
      } else if (fresh > 0) {
        fresh--;
        start(1, fresh === 0 ? lastBatch : o.batch);
      } else break;
    }
    peak = Math.max(peak, running.size);
    if (reachedCapAtMs === null && running.size >= cap) reachedCapAtMs = t;
    while (perMinute.length * 60_000 <= t) perMinute.push(running.size);
    if (running.size === 0 && fresh === 0 && returned.size === 0) break;
    // The next moment anything changes: an invocation ends, the ramp steps, a message comes back.
    let next = Number.POSITIVE_INFINITY;
    if (running.size > 0) next = running.peek();
    const waiting = fresh > 0 || (returned.size > 0 && returned.peek().at <= t);
    if (waiting && allowed < cap) next = Math.min(next, (Math.floor(t / 60_000) + 1) * 60_000);
    if (returned.size > 0 && returned.peek().at > t) next = Math.min(next, returned.peek().at);
    busyMs += running.size * (next - t);
    t = next;
  }
  return {
    wallS: t / 1000,
    invocations,
    environments,
    billedMs,
    droppedMatches: dropped,
    concurrency: {
      cap,
      peak,
      reachedCapAtS: reachedCapAtMs === null ? null : reachedCapAtMs / 1000,
      mean: t > 0 ? busyMs / t : 0,
      atEachMinute: perMinute,
    },
  };
}

/** The per-match times on the function for one measured kind: its CPU sample, scaled as the model scales it. */
export function lambdaSample(kind, requests, arch, options = {}) {
  const cpu = kind.cpuSamplesMs?.length ? kind.cpuSamplesMs : [kind.cpuMs];
  const overhead =
    (options.invocationOverheadMs ?? ASSUMPTIONS.invocationOverheadMs) /
    (options.matchesPerBatch ?? ASSUMPTIONS.matchesPerBatch);
  // lambdaMatchMs counts the invocation's overhead per match; the simulation counts it per invocation.
  return cpu.map((ms) => lambdaMatchMs(ms, requests, arch, options) - overhead);
}

/** The round's dollars: the simulated GB-s and invocations, and the per-match lines of the model. */
export function roundCost(sim, kind, requests, arch, options = {}) {
  const a = { ...ASSUMPTIONS, ...options };
  const perMillion = costPerMillion(arch === 'arm' ? 'lambda-arm' : 'lambda-x86', kind, requests, a);
  const matches = options.matches ?? 1_000_000;
  const compute = (a.memoryMB / 1024) * (sim.billedMs / 1000) * PRICES.lambda.perGbSecond[arch];
  const invocations = (sim.invocations / 1e6) * PRICES.lambda.perMillionRequests;
  const rest = ((perMillion.lines.queue + perMillion.lines.objects + perMillion.lines.dynamodb) * matches) / 1e6;
  return { compute, invocations, rest, total: compute + invocations + rest };
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    if (!name || argv[i + 1] === undefined) throw new RangeError(`expected --option value, got ${argv[i]}`);
    out[name] = argv[i + 1];
  }
  return out;
}

/** The round the command line asks for, from bench/cost-inputs.json. */
export function roundFromInputs(inputs, args = {}) {
  const kindName = args.kind ?? 'example';
  const kind = inputs.kinds[kindName];
  if (!kind) throw new RangeError(`no measured kind ${kindName}`);
  const arch = args.arch ?? 'x86';
  const requests = inputs.requests?.batch ?? {};
  const options = {
    matchesPerBatch: Number(args.batch ?? ASSUMPTIONS.matchesPerBatch),
    memoryMB: Number(args.memory ?? ASSUMPTIONS.memoryMB),
  };
  const measuredCold = inputs.kinds.idle?.coldStartMs;
  const sim = simulateRound({
    matchMs: lambdaSample(kind, requests, arch, options),
    coldStartMs: measuredCold === undefined ? ASSUMPTIONS.coldStartMs : measuredCold + ASSUMPTIONS.platformStartMs,
    matches: Number(args.matches ?? 1_000_000),
    concurrency: Number(args.concurrency ?? 1000),
    batch: options.matchesPerBatch,
    failureRate: Number(args['failure-rate'] ?? 0),
    seed: Number(args.seed ?? 1),
  });
  const cost = roundCost(sim, kind, requests, arch, { ...options, matches: Number(args.matches ?? 1_000_000) });
  return { kind: kindName, arch, ...options, sim, cost };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { readFileSync } = await import('node:fs');
  const inputs = JSON.parse(readFileSync(new URL('./cost-inputs.json', import.meta.url), 'utf8'));
  const r = roundFromInputs(inputs, parseArgs(process.argv.slice(2)));
  const minutes = r.sim.concurrency.atEachMinute.slice(0, 6).join(', ');
  console.log(`round: ${r.kind} matches, Lambda ${r.arch} ${r.memoryMB} MB, ${r.matchesPerBatch} matches per message`);
  console.log(`  wall time: ${(r.sim.wallS / 60).toFixed(1)} min (${r.sim.wallS.toFixed(0)} s)`);
  console.log(
    `  concurrency: cap ${r.sim.concurrency.cap}, reached at ${r.sim.concurrency.reachedCapAtS ?? '-'} s, mean ${r.sim.concurrency.mean.toFixed(0)}; at minutes 0-5: ${minutes}`,
  );
  console.log(
    `  invocations ${r.sim.invocations}, environments (cold starts) ${r.sim.environments}, dropped matches ${r.sim.droppedMatches}`,
  );
  console.log(
    `  cost: $${r.cost.total.toFixed(2)} (compute $${r.cost.compute.toFixed(2)}, invocations $${r.cost.invocations.toFixed(2)}, queue and storage $${r.cost.rest.toFixed(2)})`,
  );
}
