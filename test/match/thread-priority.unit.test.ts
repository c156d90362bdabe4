import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKER_NICE, lowerThisThread, workerNiceFromEnv } from '../../src/match/pool/thread-priority.js';

describe('UMPIRE_WORKER_NICE', () => {
  it('is 0 to 19 nice levels, 10 when unset or not such a number', () => {
    expect(DEFAULT_WORKER_NICE).toBe(10);
    expect(workerNiceFromEnv({})).toBe(10);
    expect(workerNiceFromEnv({ UMPIRE_WORKER_NICE: '' })).toBe(10);
    expect(workerNiceFromEnv({ UMPIRE_WORKER_NICE: '0' })).toBe(0);
    expect(workerNiceFromEnv({ UMPIRE_WORKER_NICE: '19' })).toBe(19);
    for (const bad of ['-1', '20', '2.5', 'high', '1e3'])
      expect(workerNiceFromEnv({ UMPIRE_WORKER_NICE: bad })).toBe(10);
  });

  it('lowers nothing at 0 levels', () => {
    expect(lowerThisThread(0)).toBeNull();
    expect(lowerThisThread(Number.NaN)).toBeNull();
  });
});
