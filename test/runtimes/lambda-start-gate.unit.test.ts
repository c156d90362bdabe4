import { describe, expect, it } from 'vitest';
import { STOP_BEFORE_TIMEOUT_MS } from '../../src/runtimes/lambda/invocation-runner.js';
import { startGate } from '../../src/runtimes/lambda/start-gate.js';

describe("Lambda's gate on a message's next job", () => {
  it('starts the first job always, and a later one only with room for twice the longest so far', () => {
    let now = 0;
    const ends = STOP_BEFORE_TIMEOUT_MS + 10_000;
    const gate = startGate(ends, () => now);
    now = ends - 1; // the first starts even this late: a message of one job is played as before
    expect(gate()).toBe(true);
    const fresh = startGate(ends, () => now);
    now = 0;
    expect(fresh()).toBe(true);
    now = 4_000; // the first job took 4 s: 6 s are left past the cut-off, 8 s would be needed
    expect(fresh()).toBe(false);
    const quick = startGate(ends, () => now);
    now = 0;
    expect(quick()).toBe(true);
    now = 1_000;
    expect(quick()).toBe(true);
  });

  it('never stops an invocation that has no end', () => {
    let now = 0;
    const gate = startGate(Infinity, () => now);
    for (let k = 0; k < 5; k++) {
      expect(gate()).toBe(true);
      now += 60_000;
    }
  });
});
