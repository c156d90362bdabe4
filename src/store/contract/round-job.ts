/** One scheduled leaderboard match: a queue message, and an item in the table until it is played. */
export interface RoundJob {
  /** `<round id>.<index>`: the same on every delivery, so a job maps to one match id (job-ids.ts). */
  readonly id: string;
  readonly board: string;
  readonly round: string;
  /** Bot ids by seat. */
  readonly seats: readonly string[];
  /** Map or world played on (the game's venues); empty for games without any. */
  readonly map: string;
  /** Bot version by seat: a pinned version, or null (the bot's latest valid one). Absent: all latest. */
  readonly pins?: readonly (number | null)[];
  /** Versions uploaded after this time (ISO; the board's deadline) are never played. */
  readonly before?: string;
  /** The first two seats, kept for jobs stored before `seats` was always set. */
  readonly red?: string;
  readonly blue?: string;
}

/** A job's bot ids by seat, whichever way it was stored. */
export function jobSeats(job: RoundJob): readonly string[] {
  return job.seats ?? [job.red ?? '', job.blue ?? ''];
}
