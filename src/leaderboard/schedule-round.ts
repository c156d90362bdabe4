import type { GameModule } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import { sendJobs, type JobQueue } from '../store/contract/job-queue.js';
import type { Leaderboard, Round, RoundPlan, ScheduleKind } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { boardSettings } from './boards.js';
import type { LeaderboardDeps } from './deps.js';
import { newId } from './new-id.js';
import { nextBatch } from './round-batches.js';
import { activeEntries, jobsOf } from './round-inputs.js';
import { roundRobinSeatings } from './schedules/round-robin.js';

export { groupsOf } from './schedules/round-robin.js';

/** How a round is to be scheduled; nothing: a full round robin. */
export interface RoundOptions {
  readonly schedule?: ScheduleKind;
  /** A ladder: matches in all. */
  readonly matches?: number;
  /** A ladder: most matches per batch (default: every active entry once, half their number). */
  readonly batch?: number;
  /** Swiss: how many Swiss rounds (default: the base-2 logarithm of the entries, rounded up). */
  readonly rounds?: number;
}

/** The seatings of a round robin over `botIds` on the board's venues (roundRobinSeatings). */
export function roundSeatings(
  game: GameModule,
  board: Leaderboard,
  botIds: readonly string[],
): { seats: string[]; map: string }[] {
  return roundRobinSeatings(botIds, game.seats.length, game.leaderboard.venues(boardSettings(board)));
}

/** How many matches roundSeatings gives for `entries` entries, without listing them. */
export function roundSize(game: GameModule, board: Leaderboard, entries: number): number {
  const venues = Math.max(1, game.leaderboard.venues(boardSettings(board)).length);
  const n = game.seats.length;
  if (n === 2) return entries * (entries - 1) * venues;
  let groups = 1;
  for (let k = 0; k < n; k++) groups = (groups * (entries - k)) / (k + 1);
  return Math.max(0, Math.round(groups)) * n * venues;
}

/** A continuing round's plan for `entries` active entries, from the options (null: a round robin). */
export function roundPlan(options: RoundOptions, entries: number): RoundPlan | null {
  const pairs = Math.floor(entries / 2);
  if (options.schedule === 'ladder') {
    const matches = options.matches ?? 0;
    return { matches, batch: Math.max(1, options.batch ?? pairs), batches: matches, scheduled: 0 };
  }
  if (options.schedule === 'swiss') {
    const rounds = options.rounds ?? Math.max(1, Math.ceil(Math.log2(Math.max(2, entries))));
    return { matches: rounds * pairs, batch: Math.max(1, pairs), batches: rounds, scheduled: 0 };
  }
  return null;
}

/**
 * Schedules a round over the board's active entries: a full round robin
 * (roundSeatings), its jobs in the table, then on the queue; or a continuing
 * schedule (a ladder, Swiss rounds), whose first batch is scheduled now and
 * each next one when the previous has finished (round-batches.ts).
 */
export async function scheduleRound(
  deps: LeaderboardDeps,
  queue: JobQueue<RoundJob>,
  board: Leaderboard,
  now: Date,
  options: RoundOptions = {},
): Promise<Round> {
  const entries = await activeEntries(deps, board);
  const id = newId('round');
  const plan = roundPlan(options, entries.length);
  if (plan) {
    const round: Round = {
      id,
      total: 0,
      done: 0,
      failed: 0,
      createdAt: now.toISOString(),
      schedule: options.schedule!,
      plan,
    };
    // Listed open, then stored, before its first batch: a restart goes on with it (resumeRounds).
    await deps.roundJobs.openRound(board.id, id);
    await deps.leaderboards.putRound(board.id, round);
    return nextBatch(deps, queue, board, round);
  }
  const seatings = roundSeatings(
    gameById(board.game),
    board,
    entries.map((e) => e.botId),
  );
  const jobs = jobsOf(board, id, 0, seatings, entries);
  // A round robin has no `schedule`, as every round had before rounds had a schedule.
  const round: Round = { id, total: jobs.length, done: 0, failed: 0, createdAt: now.toISOString() };
  // The jobs are in the table before any is queued, and the round is listed open before it
  // is stored: whatever a crash interrupts, a restarted server resumes the round or drops it unstarted.
  if (jobs.length > 0) {
    await deps.roundJobs.addJobs(jobs);
    await deps.roundJobs.openRound(board.id, id);
  }
  await deps.leaderboards.putRound(board.id, round);
  await sendJobs(queue, jobs);
  return round;
}
