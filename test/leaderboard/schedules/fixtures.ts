import type { Contender, Meeting, ScheduleInput } from '../../../src/leaderboard/schedules/types.js';

/** A contender with defaults: rating 25, no points, nothing played. */
export const contender = (botId: string, over: Partial<Contender> = {}): Contender => ({
  botId,
  rating: 25,
  points: 0,
  played: 0,
  ...over,
});

/** A two-seat schedule input with defaults: no history, no venues, seed 1, room for 100 matches. */
export const input = (entries: Contender[], over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  seats: 2,
  entries,
  history: [],
  venues: [],
  seed: 1,
  limit: 100,
  ...over,
});

export const met = (a: string, b: string): Meeting => ({ seats: [a, b] });

/** The unordered pairs of seatings, each as "a-b" with a before b. */
export const pairsOf = (seatings: readonly { seats: readonly string[] }[]): string[] =>
  seatings.map((s) => [...s.seats].sort().join('-'));
