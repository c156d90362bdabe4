import { describe, expect, it } from 'vitest';
// @ts-expect-error a benchmark module in plain JavaScript, without declarations
import { ASSUMPTIONS, PRICES, costPerMillion, lambdaMatchMs, storageUnits } from '../../bench/cost-model.mjs';

const kind = { cpuMs: 100, replayGzipBytes: 8000, logsGzipBytes: 1000, recordBytes: 1500 };
const requests = {
  'S3:PutObject': 2,
  'S3:GetObject': 1,
  'DynamoDB:PutItem': 1,
  'DynamoDB:UpdateItem': 2,
  'DynamoDB:GetItem': 3,
};

describe('the cost model', () => {
  it('reproduces a Lambda x86 bill computed by hand', () => {
    const options = {
      memoryMB: 2048,
      fullVcpuMB: 1769,
      matchesPerBatch: 10,
      s3RequestMs: 20,
      dynamodbRequestMs: 5,
      invocationOverheadMs: 10,
    };
    const c = costPerMillion('lambda-x86', kind, requests, options);
    // At 2,048 MB a match has a whole vCPU: 100 ms of CPU, 3 S3 requests (60 ms), 6 DynamoDB ones (30 ms), 1 ms of overhead.
    expect(c.perMatchMs).toBeCloseTo(191, 9);
    // A million of them: 2 GB x 0.191 s x 1e6 = 382,000 GB-s.
    expect(c.lines.compute).toBeCloseTo(382_000 * 0.0000166667, 6);
    expect(c.lines.requests).toBeCloseTo(100_000 * 0.2e-6, 9);
    expect(c.lines.queue).toBeCloseTo(300_000 * 0.4e-6, 9);
    // 2 PUTs at $0.005 per 1,000 and 1 GET at $0.0004 per 1,000, a million times.
    expect(c.lines.objects).toBeCloseTo(2 * 5 + 0.4, 9);
    // The record (1,500 bytes) takes 2 WRU, each update 1: 4 WRU; 3 RRU.
    expect(c.lines.dynamodb).toBeCloseTo(4 * 0.625 + 3 * 0.125, 9);
    expect(c.total).toBeCloseTo(
      Object.values(c.lines as Record<string, number>).reduce((a, b) => a + b, 0),
      9,
    );
    // Replays and logs of a million matches: 9 GB, at $0.023 per GB-month.
    expect(c.storagePerMonth).toBeCloseTo(9 * 0.023, 9);
  });

  it('reproduces a Workers bill computed by hand', () => {
    const c = costPerMillion('workers', kind, requests, { matchesPerBatch: 10 });
    expect(c.lines.compute).toBeCloseTo(100 * PRICES.workers.perMillionCpuMs, 9);
    expect(c.lines.requests).toBeCloseTo(0.1 * PRICES.workers.perMillionRequests, 9);
    expect(c.lines.queue).toBeCloseTo(0.3 * PRICES.queues.perMillionOperations, 9);
    expect(c.lines.objects).toBeCloseTo(2 * 4.5 + 0.36, 9);
  });

  it('prices Arm duration 20% under x86, and slows a share of a vCPU in proportion', () => {
    expect(PRICES.lambda.perGbSecond.arm / PRICES.lambda.perGbSecond.x86).toBeCloseTo(0.8, 4);
    const half = lambdaMatchMs(100, {}, 'x86', { memoryMB: ASSUMPTIONS.fullVcpuMB / 2, invocationOverheadMs: 0 });
    const whole = lambdaMatchMs(100, {}, 'x86', { memoryMB: ASSUMPTIONS.fullVcpuMB * 2, invocationOverheadMs: 0 });
    expect(half).toBeCloseTo(200, 9);
    expect(whole).toBeCloseTo(100, 9);
  });

  it('grows in proportion to the CPU time of a match, never less', () => {
    for (const platform of ['lambda-x86', 'lambda-arm', 'workers']) {
      const one = costPerMillion(platform, kind, requests).lines.compute;
      const two = costPerMillion(platform, { ...kind, cpuMs: 200 }, requests).lines.compute;
      expect(two).toBeGreaterThan(one);
      if (platform === 'workers') expect(two).toBeCloseTo(2 * one, 9);
    }
  });

  it('says when a batch does not fit the limit of one invocation', () => {
    const long = { ...kind, cpuMs: 200_000 };
    const lambda = costPerMillion('lambda-x86', long, {}, { memoryMB: 1024, matchesPerBatch: 1 });
    expect(lambda.fits).toBe(false);
    expect(lambda.maxMatchesPerInvocation).toBe(0);
    expect(costPerMillion('lambda-x86', long, {}, { memoryMB: 1769, matchesPerBatch: 1 }).fits).toBe(true);
    expect(costPerMillion('workers', long, {}, { matchesPerBatch: 1 }).fits).toBe(false);
    expect(costPerMillion('workers', long, {}, { matchesPerBatch: 1, workersCpuLimitMs: 300_000 }).fits).toBe(true);
    expect(costPerMillion('lambda-x86', kind, requests, { matchesPerBatch: 10 }).fits).toBe(true);
  });

  it('names the storage operations it cannot price instead of pricing them at zero', () => {
    const units = storageUnits({ 'S3:DeleteObject': 1, 'DynamoDB:TransactWriteItems': 1, 'SQS:SendMessage': 1 }, 100);
    expect(units).toMatchObject({ s3Put: 0, wru: 2, unpriced: ['SQS:SendMessage'] });
    expect(() => costPerMillion('ec2', kind, requests)).toThrow(RangeError);
  });

  it('prices the write units the table reported when they were measured, not one per write request', () => {
    const counted = {
      'DynamoDB:BatchWriteItem': 1,
      'DynamoDB:UpdateItem': 2,
      'DynamoDB:GetItem': 3,
      writes: 3,
      reads: 3,
    };
    expect(storageUnits(counted, 100)).toMatchObject({ wru: 3, rru: 3, unpriced: [] });
    expect(storageUnits({ ...counted, writeUnits: 11.5 }, 100)).toMatchObject({ wru: 11.5, rru: 3, unpriced: [] });
    // The index's write units are billed on top of the table's.
    expect(storageUnits({ ...counted, writeUnits: 11.5, indexWriteUnits: 4 }, 100)).toMatchObject({ wru: 15.5 });
  });

  it('prices the read units the table reported when they were measured, not one per read request', () => {
    const counted = { 'DynamoDB:Query': 2, 'DynamoDB:GetItem': 1, 'DynamoDB:PutItem': 1, writes: 1, reads: 3 };
    expect(storageUnits(counted, 100)).toMatchObject({ wru: 1, rru: 3 });
    // One query of a board of large entries reads far more than a unit.
    expect(storageUnits({ ...counted, readUnits: 640.5 }, 100)).toMatchObject({ wru: 1, rru: 640.5, unpriced: [] });
  });
});
