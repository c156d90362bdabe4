import { z } from 'zod';
import { BLOCKS, PLAYERS } from './constants.js';
import { BLOCKDROP_REPLAY_FORMAT } from './replay.js';

/** A block-drop replay (src/games/blockdrop/replay.ts) as a zod schema: GET /v1/games/blockdrop/replay-schema gives it as JSON Schema. */
const sha = z.string().regex(/^[0-9a-f]{64}$/);
const seat = z
  .number()
  .int()
  .min(0)
  .max(PLAYERS - 1);
const direction = z.enum(['U', 'R', 'D', 'L']);

const player = z
  .object({
    row: z.number().int().describe('square row, -1 once fallen'),
    col: z.number().int().describe('square column, -1 once fallen'),
    dir: direction,
    cooldown: z
      .number()
      .int()
      .min(0)
      .describe("the input's wait S: own turns the player still sits out after its attack"),
    fellAt: z.number().int().nullable().describe('the turn the player fell in, or null while it stands'),
  })
  .strict();

const turn = z
  .object({
    p: seat.describe('the player whose turn it was'),
    c: z
      .enum(['U', 'R', 'D', 'L', 'A', 'N'])
      .describe(
        'the command played (N for none, an invalid answer, a turn sat out after an attack, or a fallen player)',
      ),
    o: z.enum(['fallen', 'idle', 'moved', 'turned', 'attacked', 'cooling']).describe('what the command did'),
    r: z.string().optional().describe('why a move was canceled, or why the answer counted as N'),
    d: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(BLOCKS * BLOCKS - 1),
      )
      .optional()
      .describe('blocks that dropped at the end of the turn'),
    f: z.array(seat).optional().describe('players that fell with them'),
    k: z
      .object({
        f: z.number().int().min(0).describe('fuel the call burned'),
        x: z.string().optional().describe('why the call gave no usable answer'),
        d: z.string().optional().describe('detail of the failure'),
        safetyCap: z
          .literal(true)
          .optional()
          .describe('set when the safety cap on CPU time stopped the call, not its fuel'),
      })
      .strict()
      .optional()
      .describe("the bot's call; absent when nobody was asked"),
    terminated: z
      .literal('over_budget')
      .optional()
      .describe('set on the turn the bot ran over its time and was terminated'),
  })
  .strict();

export const BlockDropReplaySchema = z
  .object({
    format: z.literal(BLOCKDROP_REPLAY_FORMAT),
    manifest: z.looseObject({
      engine: z.string().describe('engine and version that played the match'),
      game: z.literal('blockdrop'),
      seed: z.number().int(),
      budgets: z.record(z.string(), z.number()),
      bots: z.array(sha).length(PLAYERS).optional().describe("each player's bundle sha256"),
      names: z.array(z.string().nullable()).length(PLAYERS),
    }),
    seed: z.number().int().min(0).max(4294967295),
    initial: z
      .object({
        turn: z.literal(0),
        blocks: z
          .array(z.number().int())
          .length(BLOCKS * BLOCKS)
          .describe('block timers, row by row: 0 stable, n > 0 drops in n turns, n < 0 restored in -n turns'),
        players: z.array(player).length(PLAYERS),
      })
      .strict()
      .describe('the starting state (the seed fixes it)'),
    turns: z.array(turn),
    result: z
      .object({
        winner: seat.nullable().describe('the last player standing, or null for a draw'),
        fellAt: z.array(z.number().int().nullable()).length(PLAYERS),
        turns: z.number().int().min(0),
        forfeits: z.array(seat).describe('players whose bot failed to load or to print READY: they stood still'),
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
