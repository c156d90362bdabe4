import type { GameModule } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import { jobId } from '../store/contract/job-ids.js';
import { entryStatusOf, type Leaderboard, type Round } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { boardSettings } from './boards.js';
import type { LeaderboardDeps } from './deps.js';
import { newId } from './new-id.js';

/**
 * The seatings of a round, in order: for two-seat games every ordered pair of
 * entries (so both colors) on every venue; for more seats every group of that
 * many entries once from each rotation (turn order matters), on every venue.
 */
export function roundSeatings(
  game: GameModule,
  board: Leaderboard,
  botIds: readonly string[],
): { seats: string[]; map: string }[] {
  const venues = game.leaderboard.venues(boardSettings(board));
  const seatings: { seats: string[]; map: string }[] = [];
  for (const map of venues.length > 0 ? venues : ['']) {
    if (game.seats.length === 2) {
      for (const red of botIds) for (const blue of botIds) if (red !== blue) seatings.push({ seats: [red, blue], map });
    } else {
      const n = game.seats.length;
      for (const group of groupsOf(botIds, n))
        for (let shift = 0; shift < n; shift++)
          seatings.push({ seats: group.map((_, k) => group[(k + shift) % n]!), map });
    }
  }
  return seatings;
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

/** A round robin (roundSeatings): its jobs in the table, then on the queue. */
export async function scheduleRound(
  deps: LeaderboardDeps,
  queue: JobQueue<RoundJob>,
  board: Leaderboard,
  now: Date,
): Promise<Round> {
  // Disabled, banned and removed entries sit out new rounds.
  const entries = (await deps.leaderboards.entries(board.id)).filter((e) => entryStatusOf(e) === 'active');
  const id = newId('round');
  const seatings = roundSeatings(
    gameById(board.game),
    board,
    entries.map((e) => e.botId),
  );
  const jobs = seatings.map((s, index): RoundJob => ({ id: jobId(id, index), board: board.id, round: id, ...s }));
  const round: Round = { id, total: jobs.length, done: 0, failed: 0, createdAt: now.toISOString() };
  // The jobs are in the table before any is queued, and the round is listed open before it
  // is stored: whatever a crash interrupts, a restarted server resumes the round or drops it unstarted.
  if (jobs.length > 0) {
    await deps.roundJobs.addJobs(jobs);
    await deps.roundJobs.openRound(board.id, id);
  }
  await deps.leaderboards.putRound(board.id, round);
  for (const job of jobs) await queue.send(job);
  return round;
}

/** Every set of `n` ids, each in the given order. */
export function groupsOf(ids: readonly string[], n: number): string[][] {
  if (n === 0) return [[]];
  const groups: string[][] = [];
  for (let i = 0; i + n <= ids.length; i++)
    for (const rest of groupsOf(ids.slice(i + 1), n - 1)) groups.push([ids[i]!, ...rest]);
  return groups;
}
