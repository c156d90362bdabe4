/** One scheduled leaderboard match: a queue message, and an item in the table until it is played. */
export interface MatchJob {
  /** `<round id>.<index>`: the same on every delivery, so a job maps to one match id (job-ids.ts). */
  readonly id: string;
  readonly board: string;
  readonly round: string;
  /** Bot ids of the first and second seats (black, in ants). */
  readonly red: string;
  readonly blue: string;
  /** Map (icy) or world (ants); empty for block drop and capture. */
  readonly map: string;
  /** Block drop: the four bot ids, players 0 to 3. */
  readonly seats?: readonly string[];
}
