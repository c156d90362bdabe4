// The cost model of docs/cost.md: measured inputs (bench/cost-inputs.json) and public prices in,
// dollars per million matches out, for AWS Lambda (x86 and Arm) and Cloudflare Workers. Pure: no
// I/O, no clock; scripts/cost-doc.mjs and bench/round-simulation.mjs call it, and so do its tests.

/** Public list prices, US East (N. Virginia) for AWS, as read on PRICES.asOf; free tiers left out. */
export const PRICES = {
  asOf: '2026-12-07',
  lambda: { perMillionRequests: 0.2, perGbSecond: { x86: 0.0000166667, arm: 0.0000133334 } },
  sqs: { perMillionRequests: 0.4 },
  s3: { perThousandPut: 0.005, perThousandGet: 0.0004, perGbMonth: 0.023 },
  dynamodb: { perMillionWru: 0.625, perMillionRru: 0.125 },
  workers: { perMillionRequests: 0.3, perMillionCpuMs: 0.02 },
  queues: { perMillionOperations: 0.4 },
  r2: { perMillionClassA: 4.5, perMillionClassB: 0.36, perGbMonth: 0.015 },
};

/** Where each price was read (the stored copies carry no date of their own unless `page` says so). */
export const PRICE_SOURCES = [
  {
    what: 'Lambda: $0.20 per million requests; $0.0000166667 per GB-s (x86), $0.0000133334 (Arm), first tier',
    url: 'https://aws.amazon.com/lambda/pricing/',
  },
  {
    what: 'SQS standard queue: $0.40 per million requests (each 64 KB of a payload is one)',
    url: 'https://aws.amazon.com/sqs/pricing/',
  },
  {
    what: 'S3 Standard: $0.005 per 1,000 PUT/COPY/POST/LIST, $0.0004 per 1,000 GET, $0.023 per GB-month',
    url: 'https://aws.amazon.com/s3/pricing/',
  },
  {
    what: 'DynamoDB on-demand (since the cut of 1 November 2024): $0.625 per million WRU, $0.125 per million RRU',
    url: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  {
    what: 'Workers Standard: $0.30 per million requests, $0.02 per million CPU ms (after 10 M and 30 M included, $5 a month)',
    url: 'https://developers.cloudflare.com/workers/platform/pricing/',
  },
  {
    what: 'Queues: $0.40 per million operations (a write, a read or a delete of 64 KB); 3 per delivered message',
    url: 'https://developers.cloudflare.com/queues/platform/pricing/',
  },
  {
    what: 'R2 Standard: $4.50 per million Class A, $0.36 per million Class B, $0.015 per GB-month, no egress fee',
    url: 'https://developers.cloudflare.com/r2/pricing/',
  },
  {
    what: 'SQS event source mapping: 5 concurrent batches at first, up to 300 more per minute, at most 1,000',
    url: 'https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-scaling.html',
  },
];

/** What the model assumes where nothing was measured; each can be overridden per call. */
export const ASSUMPTIONS = {
  /** infra/cloudformation.json: MemorySize and Timeout of the function. */
  memoryMB: 1024,
  timeoutS: 300,
  /** A match still running this long before the invocation's end stops with MATCH_DEADLINE (docs/deploy.md). */
  deadlineMarginS: 15,
  /** Matches per queue message, one message per invocation (K). */
  matchesPerBatch: 10,
  /** Lambda gives a function one vCPU's time at 1,769 MB, in proportion below; a match uses one thread. */
  fullVcpuMB: 1769,
  /** A Lambda x86 core, and a Workers core, run a match as fast as the measuring machine's core. */
  x86Slowdown: 1,
  /** Arm (Graviton) runs the interpreters' work this much slower than x86: assumed, not measured. */
  armSlowdown: 1.1,
  /** Latency of one storage request from the function, waited for in turn: assumed, not measured. */
  s3RequestMs: 20,
  dynamodbRequestMs: 6,
  /** Per invocation: the runtime handing over the batch, parsing it, answering. */
  invocationOverheadMs: 10,
  /** A new Lambda execution environment (billed since 2025) when nothing measured it: Node, the bundle, QuickJS. */
  coldStartMs: 1000,
  /** What Lambda adds to a measured cold process: making the environment, fetching the code. */
  platformStartMs: 250,
  /** Workers' CPU limit per invocation: 30 s by default (wrangler.toml sets no limits.cpu_ms), 5 min at most. */
  workersCpuLimitMs: 30_000,
};

const S3_WRITES = new Set([
  'PutObject',
  'CopyObject',
  'PostObject',
  'ListObjects',
  'ListObjectsV2',
  'CreateMultipartUpload',
]);
const S3_READS = new Set(['GetObject', 'HeadObject', 'SelectObjectContent']);
const S3_FREE = new Set(['DeleteObject', 'DeleteObjects']);
const DYNAMO_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const DYNAMO_READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem']);

/**
 * The billed units of one match's storage requests: S3 (or R2) PUT-class and GET-class requests,
 * DynamoDB write and read units. Write and read units are the measured `writeUnits` (plus
 * `indexWriteUnits`, the index's) and `readUnits` when the requests carry them; else a PutItem writes the match record (recordBytes, 1 WRU per KB) and other writes touch
 * small items (1 WRU). A read is 1 RRU (strongly consistent, under 4 KB); transactions count
 * double. Operations the model does not know are listed in `unpriced`.
 */
export function storageUnits(requests, recordBytes) {
  const units = { s3Put: 0, s3Get: 0, wru: 0, rru: 0, unpriced: [] };
  const recordWru = Math.max(1, Math.ceil(recordBytes / 1024));
  // Write units as the table reported them, when they were measured: they count every item of a
  // batch write and each item's size, which the estimate from the requests does not.
  // The index's own write units are billed too, where they were worked out.
  const indexWru = typeof requests?.indexWriteUnits === 'number' ? requests.indexWriteUnits : 0;
  const measuredWru = typeof requests?.writeUnits === 'number' ? requests.writeUnits + indexWru : undefined;
  if (measuredWru !== undefined) units.wru = measuredWru;
  // Read units likewise: a query of a board's entries reads every entry's whole item.
  const measuredRru = typeof requests?.readUnits === 'number' ? requests.readUnits : undefined;
  if (measuredRru !== undefined) units.rru = measuredRru;
  for (const [key, n] of Object.entries(requests ?? {})) {
    const [service, op] = key.split(':');
    if (!op) continue;
    if (measuredWru !== undefined && service === 'DynamoDB' && (DYNAMO_WRITES.has(op) || op === 'TransactWriteItems'))
      continue;
    if (measuredRru !== undefined && service === 'DynamoDB' && (DYNAMO_READS.has(op) || op === 'TransactGetItems'))
      continue;
    if (service === 'S3' && S3_WRITES.has(op)) units.s3Put += n;
    else if (service === 'S3' && S3_READS.has(op)) units.s3Get += n;
    else if (service === 'S3' && S3_FREE.has(op)) continue;
    else if (service === 'DynamoDB' && op === 'PutItem') units.wru += n * recordWru;
    else if (service === 'DynamoDB' && DYNAMO_WRITES.has(op)) units.wru += n;
    else if (service === 'DynamoDB' && op === 'TransactWriteItems') units.wru += 2 * n;
    else if (service === 'DynamoDB' && DYNAMO_READS.has(op)) units.rru += n;
    else if (service === 'DynamoDB' && op === 'TransactGetItems') units.rru += 2 * n;
    else units.unpriced.push(key);
  }
  return units;
}

/** Requests per match of every kind, and how long the function waits on them. */
function storageLatencyMs(requests, a) {
  let ms = 0;
  for (const [key, n] of Object.entries(requests ?? {}))
    ms += n * (key.startsWith('S3:') ? a.s3RequestMs : key.startsWith('DynamoDB:') ? a.dynamodbRequestMs : 0);
  return ms;
}

/** The platforms the model prices. */
export const PLATFORMS = ['lambda-x86', 'lambda-arm', 'workers'];

/**
 * How long one match keeps a Lambda busy (ms): its CPU time, slowed by the architecture and by a
 * share of a vCPU under 1,769 MB, plus the storage requests it waits on, plus its share of the
 * invocation's overhead.
 */
export function lambdaMatchMs(cpuMs, requests, arch, options = {}) {
  const a = { ...ASSUMPTIONS, ...options };
  const slowdown = (arch === 'arm' ? a.armSlowdown : a.x86Slowdown) * Math.max(1, a.fullVcpuMB / a.memoryMB);
  return cpuMs * slowdown + storageLatencyMs(requests, a) + a.invocationOverheadMs / a.matchesPerBatch;
}

/** The most matches of `matchMs` one invocation can play before the deadline (0: not even one). */
export function maxMatchesPerInvocation(matchMs, limitMs) {
  return Math.max(0, Math.floor(limitMs / matchMs));
}

/**
 * Dollars per million matches on one platform, by line, for one kind of match (`kind`: cpuMs,
 * replayGzipBytes, logsGzipBytes, recordBytes) with its storage requests per match (`requests`).
 * `fits` says whether a batch of K such matches finishes within the platform's limit per
 * invocation. Storage of the objects is per month kept, apart from the total.
 */
export function costPerMillion(platform, kind, requests, options = {}) {
  if (!PLATFORMS.includes(platform)) throw new RangeError(`unknown platform ${platform}`);
  const a = { ...ASSUMPTIONS, ...options };
  const p = { ...PRICES, ...(options.prices ?? {}) };
  const M = 1e6;
  const K = a.matchesPerBatch;
  const units = storageUnits(requests, kind.recordBytes);
  const dynamodb = ((units.wru * p.dynamodb.perMillionWru + units.rru * p.dynamodb.perMillionRru) * M) / 1e6;
  const objectGb = ((kind.replayGzipBytes + kind.logsGzipBytes) * M) / 1e9;
  const lines = {};
  let perMatchMs;
  let limitMs;
  if (platform === 'workers') {
    perMatchMs = kind.cpuMs * a.x86Slowdown;
    limitMs = a.workersCpuLimitMs;
    lines.requests = ((M / K) * p.workers.perMillionRequests) / 1e6;
    lines.compute = ((perMatchMs * M) / 1e6) * p.workers.perMillionCpuMs;
    lines.queue = ((3 * M) / K / 1e6) * p.queues.perMillionOperations;
    lines.objects = ((units.s3Put * p.r2.perMillionClassA + units.s3Get * p.r2.perMillionClassB) * M) / 1e6;
    lines.dynamodb = dynamodb;
  } else {
    const arch = platform === 'lambda-arm' ? 'arm' : 'x86';
    perMatchMs = lambdaMatchMs(kind.cpuMs, requests, arch, a);
    limitMs = (a.timeoutS - a.deadlineMarginS) * 1000;
    const gbSeconds = (a.memoryMB / 1024) * (perMatchMs / 1000) * M;
    lines.requests = ((M / K) * p.lambda.perMillionRequests) / 1e6;
    lines.compute = gbSeconds * p.lambda.perGbSecond[arch];
    // One SendMessage, one ReceiveMessage and one DeleteMessage(Batch) per message of K matches.
    lines.queue = ((3 * M) / K / 1e6) * p.sqs.perMillionRequests;
    lines.objects = ((units.s3Put * p.s3.perThousandPut + units.s3Get * p.s3.perThousandGet) * M) / 1000;
    lines.dynamodb = dynamodb;
  }
  const total = Object.values(lines).reduce((x, y) => x + y, 0);
  const perGbMonth = platform === 'workers' ? p.r2.perGbMonth : p.s3.perGbMonth;
  return {
    platform,
    lines,
    total,
    perMatchMs,
    limitMs,
    fits: K * perMatchMs <= limitMs,
    maxMatchesPerInvocation: maxMatchesPerInvocation(perMatchMs, limitMs),
    storagePerMonth: objectGb * perGbMonth,
    unpriced: units.unpriced,
  };
}
