import { describe, expect, it } from 'vitest';
import { scheduleOf } from '../../../src/leaderboard/schedules/registry.js';
import { contender, input } from './fixtures.js';

describe('the schedule registry', () => {
  it('finds each schedule by name, and a round robin for rounds stored without one', () => {
    expect(scheduleOf(undefined).kind).toBe('round-robin');
    expect(scheduleOf('swiss').kind).toBe('swiss');
    expect(scheduleOf('ladder')).toMatchObject({ kind: 'ladder', continuing: true });
    expect(scheduleOf('round-robin').continuing).toBe(false);
    expect(scheduleOf('ladder').supports(4)).toBe(false);
    expect(scheduleOf('round-robin').supports(4)).toBe(true);
  });

  it('a round robin seats every ordered pair on every venue', () => {
    const entries = ['a', 'b', 'c'].map((id) => contender(id));
    const seatings = scheduleOf('round-robin').pick(input(entries, { venues: ['x', 'y'] }));
    expect(seatings).toHaveLength(12);
    expect(seatings[0]).toEqual({ seats: ['a', 'b'], map: 'x' });
  });
});
