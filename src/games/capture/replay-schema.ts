import { z } from 'zod';
import { CAPTURE_REPLAY_FORMAT } from './replay.js';

/** A Capture replay (src/games/capture/replay.ts) as a zod schema: GET /v1/games/capture/replay-schema gives it as JSON Schema. */
const side = z.enum(['red', 'blue']);
const sha = z.string().regex(/^[0-9a-f]{64}$/);
const move = z
  .tuple([z.number(), z.number(), z.number(), z.number(), z.number()])
  .describe("bumper 0's acceleration (x, y), bumper 1's, the sled's turn in radians; in the player's own frame");

const turn = z
  .object({
    m: z.tuple([move, move]).describe('the moves played: red, blue'),
    r: z
      .tuple([z.string().nullable(), z.string().nullable()])
      .optional()
      .describe('why a move counted as the null move (red, blue); absent when neither did'),
    c: z
      .array(
        z
          .object({
            s: z.number().int().min(0).max(1).describe("the sled's owner (0 red, 1 blue)"),
            at: z.number().min(0).max(1).describe('when in the turn the loop closed (0 to 1)'),
            p: z.array(z.number().int()).describe('indices of the pucks inside'),
            to: z
              .number()
              .int()
              .min(0)
              .max(2)
              .nullable()
              .describe('their color afterwards (0 red, 1 blue, 2 grey), or null'),
          })
          .strict(),
      )
      .optional()
      .describe('captures this turn; absent when none'),
    o: z.tuple([z.number().int(), z.number().int()]).describe('pucks of each color after the turn: red, blue'),
    k: z
      .array(
        z
          .object({
            f: z.number().int().min(0).describe('fuel the call burned'),
            x: z.string().optional().describe('why the call gave no usable answer'),
            d: z.string().optional().describe('detail of the failure'),
            safetyCap: z
              .literal(true)
              .optional()
              .describe('set when the safety cap on CPU time stopped the call, not its fuel'),
          })
          .strict(),
      )
      .describe('the bot calls: red, blue'),
  })
  .strict();

export const CaptureReplaySchema = z
  .object({
    format: z.literal(CAPTURE_REPLAY_FORMAT),
    manifest: z.looseObject({
      engine: z.string().describe('engine and version that played the match'),
      game: z.literal('capture'),
      seed: z.number().int(),
      budgets: z.record(z.string(), z.number()),
      bots: z.object({ red: sha, blue: sha }).optional().describe("each side's bundle sha256"),
      names: z.object({ red: z.string().nullable(), blue: z.string().nullable() }),
    }),
    seed: z.number().int().min(0).max(4294967295),
    turns: z.array(turn),
    result: z
      .object({
        winner: z.enum(['red', 'blue', 'draw']),
        decidedBy: z.string(),
        scores: z
          .object({ red: z.number().int(), blue: z.number().int() })
          .strict()
          .describe('pucks of each color at the end'),
        ownership: z
          .object({ red: z.number(), blue: z.number() })
          .strict()
          .describe('summed ownership that breaks ties'),
        forfeit: z.union([side, z.literal('both')]).nullable(),
      })
      .strict(),
    safetyCap: z
      .literal(true)
      .optional()
      .describe(
        'set when the safety cap on CPU time, not fuel alone, stopped a call or the loading of a bot: the match is not reproducible',
      ),
  })
  .strict();
