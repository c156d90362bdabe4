import { describe, expect, it } from 'vitest';
// @ts-expect-error a benchmark module in plain JavaScript, without declarations
import { random, roundCost, simulateRound } from '../../bench/round-simulation.mjs';

const sample = [150, 180, 200, 260, 400];
const round = (options: Record<string, number | number[]>) =>
  simulateRound({ matchMs: sample, matches: 200_000, coldStartMs: 1000, invocationOverheadMs: 10, ...options });

describe('the simulated round', () => {
  it('is the same for the same seed, and draws differently for another', () => {
    expect(round({ seed: 7 })).toEqual(round({ seed: 7 }));
    expect(round({ seed: 8 }).billedMs).not.toBe(round({ seed: 7 }).billedMs);
    const a = random(1);
    const xs: number[] = Array.from({ length: 1000 }, () => a());
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });

  it('is never slower with more concurrency', () => {
    const times = [50, 100, 300, 600, 1000].map((concurrency) => round({ concurrency }).wallS);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]!);
    expect(times[4]).toBeLessThan(times[0]! / 5);
  });

  it('is held back by the ramp in its first minutes', () => {
    const r = round({ matches: 1_000_000, concurrency: 1000 });
    expect(r.concurrency.atEachMinute.slice(0, 4)).toEqual([5, 305, 605, 905]);
    expect(r.concurrency.reachedCapAtS).toBe(240);
    expect(r.concurrency.peak).toBe(1000);
    // Without the ramp (all 1,000 at once) the same round ends sooner.
    const flat = round({ matches: 1_000_000, concurrency: 1000, initial: 1000 });
    expect(flat.wallS).toBeLessThan(r.wallS);
    // A round that fits in the first minute never goes past 5 at once.
    expect(round({ matches: 200 }).concurrency.peak).toBe(5);
  });

  it('plays every match once, in ceil(N / K) invocations, paying one cold start per environment', () => {
    const r = round({ matches: 100_001, batch: 10 });
    expect(r.invocations).toBe(10_001);
    expect(r.environments).toBe(r.concurrency.peak);
    expect(r.droppedMatches).toBe(0);
    const mean = sample.reduce((a, b) => a + b, 0) / sample.length;
    const expected = 100_001 * mean + 10_001 * 10 + r.environments * 1000;
    expect(Math.abs(r.billedMs - expected) / expected).toBeLessThan(0.02);
  });

  it('costs in proportion to the number of matches', () => {
    const kind = { cpuMs: 100, replayGzipBytes: 8000, logsGzipBytes: 100, recordBytes: 300 };
    const requests = { 'S3:PutObject': 2, 'DynamoDB:PutItem': 1 };
    const cost = (matches: number) =>
      roundCost(round({ matches, coldStartMs: 0 }), kind, requests, 'x86', { matches }).total;
    expect(cost(200_000) / cost(100_000)).toBeCloseTo(2, 2);
  });

  it('brings failed messages back after the visibility timeout, and drops them after the last delivery', () => {
    const r = round({ matches: 20_000, failureRate: 0.2, seed: 3 });
    const clean = round({ matches: 20_000, seed: 3 });
    expect(r.invocations).toBeGreaterThan(clean.invocations);
    expect(r.wallS).toBeGreaterThanOrEqual(360);
    // 0.2^3 of the messages fail three times: about 0.8% of 20,000 matches.
    expect(r.droppedMatches).toBeGreaterThan(0);
    expect(r.droppedMatches).toBeLessThan(0.03 * 20_000);
    expect(round({ matches: 1000, failureRate: 1 }).droppedMatches).toBe(1000);
  });
});
