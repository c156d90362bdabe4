import type { GameModule } from '../core/game-module.js';
import { shown } from '../ratings/index.js';
import { jobId } from '../store/contract/job-ids.js';
import { type Entry, entryStatusOf, type Leaderboard, type ResultLine } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { boardSettings } from './boards.js';
import type { LeaderboardDeps } from './deps.js';
import type { Meeting, ScheduleInput, Seating } from './schedules/types.js';
import { points } from './standings.js';

/** The board's newest matches a schedule looks back on (rematches, stale pairs, colors). */
export const HISTORY_MATCHES = 2000;

/** The board's entries that play: active ones. */
export async function activeEntries(deps: Pick<LeaderboardDeps, 'leaderboards'>, board: Leaderboard): Promise<Entry[]> {
  return (await deps.leaderboards.entries(board.id, { history: false })).filter((e) => entryStatusOf(e) === 'active');
}

/** What a schedule picks from: the active entries, the board's recent matches, its venues. */
export async function scheduleInput(
  deps: Pick<LeaderboardDeps, 'leaderboards'>,
  game: GameModule,
  board: Leaderboard,
  entries: readonly Entry[],
  pick: { seed: number; limit: number; withHistory: boolean },
): Promise<ScheduleInput> {
  const recent = pick.withHistory ? await deps.leaderboards.recentResults(board.id, HISTORY_MATCHES) : [];
  return {
    seats: game.seats.length,
    entries: entries.map((e) => ({
      botId: e.botId,
      rating: shown(e.rating).rating,
      points: points(e),
      played: e.played,
    })),
    history: recent.reverse().map((line) => meetingOf(game, line)),
    venues: game.leaderboard.venues(boardSettings(board)),
    seed: pick.seed,
    limit: pick.limit,
  };
}

/** A result line's bot ids by seat: from its seat fields, or the keys of its ratings. */
function meetingOf(game: GameModule, line: ResultLine): Meeting {
  const bySeat = game.seats.map((seat) => (line[seat] as { botId?: unknown } | undefined)?.botId);
  return { seats: bySeat.every((id) => typeof id === 'string') ? (bySeat as string[]) : Object.keys(line.ratings) };
}

/**
 * A round's jobs for seatings, numbered from `first`: each carries its seats'
 * pinned versions (null: the latest) and the board's deadline, after which
 * uploaded versions never play.
 */
export function jobsOf(
  board: Leaderboard,
  round: string,
  first: number,
  seatings: readonly Seating[],
  entries: readonly Entry[],
): RoundJob[] {
  const pins = new Map(entries.map((e) => [e.botId, e.pin ?? null]));
  return seatings.map(
    (s, k): RoundJob => ({
      id: jobId(round, first + k),
      board: board.id,
      round,
      ...s,
      pins: s.seats.map((id) => pins.get(id) ?? null),
      ...(board.deadline ? { before: board.deadline } : {}),
    }),
  );
}
