import { describe, expect, it } from 'vitest';
import { MATCH_SECONDS, WHOLE_MATCH, stepsPerSecond } from '../../src/viewer/speeds.js';

describe('viewer speeds', () => {
  it('plays the whole match in the same time whatever its length', () => {
    for (const steps of [57, 180, 900, 100_000]) {
      expect(steps / stepsPerSecond(WHOLE_MATCH, steps)).toBeCloseTo(MATCH_SECONDS);
    }
    expect(MATCH_SECONDS).toBe(10);
  });

  it('reads a number as steps a second, times the game’s steps per unit', () => {
    expect(stepsPerSecond('15', 900)).toBe(15);
    expect(stepsPerSecond('2', 180, 1000 / 700)).toBeCloseTo(2.857, 3);
  });

  it('still moves on a match of no steps', () => {
    expect(stepsPerSecond(WHOLE_MATCH, 0)).toBe(0.1);
  });
});
