import { z } from 'zod';
import { BotInput, BudgetsInput } from '../../core/request-fields.js';

/** The JSON body of POST /v1/matches for an Icy match. */
export const IcyMatchRequest = z
  .object({
    game: z.literal('icy'),
    rules: z.enum(['queue2011', 'icpc2010']).optional(),
    map: z
      .string()
      .min(1)
      .max(4000)
      .optional()
      .describe('a name from GET /v1/maps, or a map in the original text format'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    budgets: BudgetsInput.optional(),
    red: BotInput,
    blue: BotInput,
  })
  .strict();

export type IcyMatchRequest = z.infer<typeof IcyMatchRequest>;

/** A leaderboard's Icy settings: every seating is played on each of its maps. */
export const IcyBoardSettings = z
  .object({
    rules: z.enum(['queue2011', 'icpc2010']).default('queue2011'),
    // Repeats are dropped; the count is capped by limits.mapsPerBoard.
    maps: z.array(z.string().min(1).max(100)).min(1).default(['default']),
    budgets: BudgetsInput.default({}),
  })
  .strict();

export type IcyBoardSettings = z.infer<typeof IcyBoardSettings>;
