import { z } from 'zod';
import type { GameModule } from '../core/game-module.js';
import { roundPlan, type RoundOptions } from '../leaderboard/schedule-round.js';
import { SCHEDULE_KINDS, type Leaderboard } from '../store/contract/leaderboards.js';
import { enforceLimit, roundMatchCount } from './limits.js';
import { ApiProblem } from './problems.js';
import { parseJsonText } from './schemas.js';

/** Most matches a ladder may ask for (the server's matchesPerRound limit applies as well). */
export const MAX_LADDER_MATCHES = 100_000;
/** Most matches in one batch of a ladder. */
export const MAX_LADDER_BATCH = 1000;
/** Most Swiss rounds in one round of the board. */
export const MAX_SWISS_ROUNDS = 50;

/** The body of POST /v1/leaderboards/:id/rounds; none at all is a round robin. */
export const RoundRequest = z
  .object({
    schedule: z
      .enum(SCHEDULE_KINDS)
      .default('round-robin')
      .describe('round-robin (every seating on every venue, the default), swiss or ladder (two-seat games)'),
    concurrent: z
      .boolean()
      .default(false)
      .describe('start it while another round of the board is running (otherwise 409 ROUND_RUNNING)'),
    matches: z
      .number()
      .int()
      .min(1)
      .max(MAX_LADDER_MATCHES)
      .optional()
      .describe('ladder (required): matches to play in all, at most matchesPerRound'),
    batch: z
      .number()
      .int()
      .min(1)
      .max(MAX_LADDER_BATCH)
      .optional()
      .describe('ladder: most matches per batch, each entry at most once in a batch (default: half the entries)'),
    rounds: z
      .number()
      .int()
      .min(1)
      .max(MAX_SWISS_ROUNDS)
      .optional()
      .describe('swiss: Swiss rounds to play, one after the other (default: log2 of the entries, rounded up)'),
  })
  .strict();

export type RoundRequest = z.infer<typeof RoundRequest>;

/** The body of a request that may have none: an empty body is `{}`. */
export async function readOptionalJson(raw: Request): Promise<unknown> {
  const text = await raw.text();
  return text.trim() === '' ? {} : parseJsonText(text);
}

/** Which options go with which schedule. */
const OPTIONS_OF: Readonly<Record<RoundRequest['schedule'], readonly string[]>> = {
  'round-robin': [],
  swiss: ['rounds'],
  ladder: ['matches', 'batch'],
};

/**
 * A round request's options, checked against the board: options of the
 * schedule only, a ladder's matches given, Swiss and ladders on two-seat games
 * only, and the matches it plans within matchesPerRound.
 */
export function roundOptions(
  request: RoundRequest,
  game: GameModule,
  board: Leaderboard,
  activeEntries: number,
  matchesPerRound: number,
): RoundOptions {
  const { schedule, concurrent: _concurrent, ...options } = request;
  for (const name of Object.keys(options))
    if (!OPTIONS_OF[schedule].includes(name))
      throw new ApiProblem(400, 'INVALID_REQUEST', `${name}: not an option of a ${schedule} round`, { field: name });
  if (schedule === 'ladder' && options.matches === undefined)
    throw new ApiProblem(400, 'INVALID_REQUEST', 'matches: a ladder needs how many matches to play', {
      field: 'matches',
    });
  if (schedule !== 'round-robin' && game.seats.length !== 2)
    throw new ApiProblem(
      422,
      'SCHEDULE_UNSUPPORTED',
      `schedule: ${schedule} rounds pair two entries; a ${game.id} match seats ${game.seats.length}`,
      { field: 'schedule' },
    );
  const chosen: RoundOptions = { schedule, ...options };
  const planned = roundPlan(chosen, activeEntries)?.matches ?? roundMatchCount(board, activeEntries);
  enforceLimit('matchesPerRound', matchesPerRound, planned, 'matches in a round');
  return chosen;
}
