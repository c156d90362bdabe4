import type { JobQueue } from '../store/contract/job-queue.js';
import { jobId } from '../store/contract/job-ids.js';
import type { Leaderboard, ResultLine, Round } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import type { LeaderboardDeps } from './deps.js';
import { newId } from './new-id.js';
import { lineSeats } from './result-seats.js';

/**
 * Plays a finished match again: the same seats on the same map, as the one job of a new round (so
 * a new match id and seed, rated like any other when it is played). Each seat plays its entry's
 * pinned version, and nothing uploaded after the board's deadline.
 */
export async function rerunMatch(
  deps: LeaderboardDeps,
  queue: JobQueue<RoundJob>,
  board: Leaderboard,
  line: ResultLine,
  now: Date,
): Promise<Round> {
  const seats = lineSeats(line).map((s) => s.botId);
  const entries = await deps.leaderboards.entries(board.id, { history: false });
  const pins = seats.map((id) => entries.find((e) => e.botId === id)?.pin ?? null);
  const id = newId('round');
  const job: RoundJob = {
    id: jobId(id, 0),
    board: board.id,
    round: id,
    seats,
    map: line.map,
    ...(pins.some((p) => p !== null) ? { pins } : {}),
    ...(board.deadline !== undefined ? { before: board.deadline } : {}),
  };
  const round: Round = { id, total: 1, done: 0, failed: 0, createdAt: now.toISOString() };
  // As scheduleRound: the job in the table and the round listed open before anything is queued.
  await deps.roundJobs.addJobs([job]);
  await deps.roundJobs.openRound(board.id, id);
  await deps.leaderboards.putRound(board.id, round);
  await queue.send(job);
  return round;
}
