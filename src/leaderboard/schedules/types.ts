import type { ScheduleKind } from '../../store/contract/leaderboards.js';

/** What a schedule knows of an active entry. */
export interface Contender {
  readonly botId: string;
  /** The rating as the table shows it. */
  readonly rating: number;
  /** Match points on the board: 2 a win, 1 a draw. */
  readonly points: number;
  /** Matches the entry has played on the board. */
  readonly played: number;
}

/** A past match of the board: its bot ids by seat, oldest first in a history. */
export interface Meeting {
  readonly seats: readonly string[];
}

/** One match to schedule: bot ids by seat, and the venue (empty for games without any). */
export interface Seating {
  readonly seats: string[];
  readonly map: string;
}

/** What a schedule picks from: pure data, so the same input always gives the same seatings. */
export interface ScheduleInput {
  /** Seats in the game's matches. */
  readonly seats: number;
  readonly entries: readonly Contender[];
  /** The board's matches, oldest first (the newest few thousand). */
  readonly history: readonly Meeting[];
  /** The board's venues; empty for games without any. */
  readonly venues: readonly string[];
  readonly seed: number;
  /** The most matches to pick (continuing schedules: one batch). */
  readonly limit: number;
}

export interface Schedule {
  readonly kind: ScheduleKind;
  /** Whether a round of it goes on in batches, each picked when the previous one has finished. */
  readonly continuing: boolean;
  /** Whether it can seat games of `seats` seats. */
  supports(seats: number): boolean;
  pick(input: ScheduleInput): Seating[];
}
