import { z } from 'zod';
import { STORED_BOT_REF, STORED_BOT_REF_HELP } from '../../core/request-fields.js';
import { DEFAULT_ROUNDS } from './state.js';

/** Brains of 10,000 states fit easily; a contest world file is about 20 KB. */
export const MAX_BRAIN_BYTES = 1024 * 1024;
export const MAX_WORLD_BYTES = 256 * 1024;
/** Ant steps one request may cost (ants x rounds): a contest match is 18.2 million, about 0.4 s. */
export const MAX_ANT_STEPS = 40_000_000;

const BrainInput = z
  .object({
    name: z.string().max(100).optional(),
    brain: z
      .string()
      .max(MAX_BRAIN_BYTES)
      .optional()
      .describe('an ant brain in the text format of the 2004 task, section 2.8'),
    bot: z.string().regex(STORED_BOT_REF, STORED_BOT_REF_HELP).optional(),
  })
  .strict()
  .refine((b) => (b.brain === undefined) !== (b.bot === undefined), { message: 'give exactly one of brain and bot' });

/** The body of POST /v1/matches for an ants match. */
export const AntsMatchRequest = z
  .object({
    game: z.literal('ants'),
    world: z
      .string()
      .min(1)
      .max(MAX_WORLD_BYTES)
      .optional()
      .describe('sample0..sample9, tiny, generated:SEED, or a world file as text'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    rounds: z.number().int().min(1).max(DEFAULT_ROUNDS).optional(),
    red: BrainInput,
    black: BrainInput,
  })
  .strict();

export type AntsMatchRequest = z.infer<typeof AntsMatchRequest>;

/** A leaderboard's ants settings: the worlds every pairing plays on, and the rounds of each match. */
export const AntsLeaderboardSettings = z.object({
  worlds: z.array(z.string().min(1).max(100)).min(1).default(['sample0']),
  rounds: z.number().int().min(1).max(DEFAULT_ROUNDS).default(DEFAULT_ROUNDS),
});

export type AntsLeaderboardSettings = z.infer<typeof AntsLeaderboardSettings>;
