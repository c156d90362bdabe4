import { z } from 'zod';
import { KEYFRAME_INTERVAL, REPLAY_FORMAT, REPLAY_VERSION } from './replay.js';

/**
 * The replay format as a zod schema: it validates replays, and docs/replay.schema.json
 * is generated from it (`npm run build`; a test checks the file is current).
 */
const pair = z.tuple([z.number().int(), z.number().int()]);
/** A bot language's kind ('js', 'py', 'wasm'...: the sandbox's registry), or 'history' for a replayed turn history. */
const kind = z.string().min(1).describe("the bot's language ('js', 'py', 'wasm'...), or 'history'");
const bot = z.object({ name: z.string().nullable(), sha256: z.string().nullable(), kind });
const cells = z.string().length(961);

export const ReplaySchema = z
  .object({
    format: z.literal(REPLAY_FORMAT),
    version: z.literal(REPLAY_VERSION),
    game: z.literal('icy'),
    manifest: z.object({
      engine: z.string().describe('engine and version that played the game'),
      game: z.literal('icy'),
      rules: z.enum(['queue2011', 'icpc2010']),
      map: z.object({ name: z.string().nullable(), sha256: z.string().nullable() }),
      seed: z.number().int().nullable(),
      budgets: z.record(z.string(), z.number()).nullable(),
      bots: z.object({ red: bot, blue: bot }),
    }),
    map: z.string().describe('the map, 31 lines of . and T as on screen (first line is y = 30)'),
    result: z.object({
      winner: z.enum(['red', 'blue', 'draw']),
      decidedBy: z.string(),
      forfeit: z.enum(['red', 'blue', 'both']).nullable(),
      scores: pair,
      hitScores: pair,
      domainSums: pair,
      turns: z.number().int().min(0),
    }),
    keyframeInterval: z.literal(KEYFRAME_INTERVAL),
    keyframes: z
      .array(
        z.object({
          turn: z.number().int(),
          height: cells.describe('snow height per space (index x * 31 + y), base 36'),
          ground: cells.describe('contents per space, letters a (empty) to j (blue snowman)'),
          children: z
            .array(z.array(z.number().int()).length(5))
            .length(8)
            .describe('per child: x, y, standing (1/0), holding (0..8), dazed'),
          score: pair,
          hitScore: pair,
          domain: pair,
          domainSum: pair,
          knockback: z.array(pair).length(8),
        }),
      )
      .min(1)
      .describe('full states at turns 0, 20, 40, ...'),
    turns: z
      .array(
        z.object({
          a: z
            .array(z.string())
            .length(8)
            .describe('the actions played, red children 0-3 then blue 4-7, engine coordinates'),
          o: z
            .array(z.string())
            .length(8)
            .describe("per child: '' done, 'b<step>' blocked at that step, or the reason it was canceled"),
          t: z
            .array(
              z.tuple([
                z.number().int(),
                z.number().int(),
                z.enum(['child', 'caught', 'tree', 'snowman_head', 'ground', 'off_field']),
                z.number().int(),
              ]),
            )
            .optional()
            .describe('throws: thrower, steps flown, how it ended, the child hit or catching (-1 for none)'),
          s: pair.describe('scores after the turn'),
          c: z
            .array(
              z.object({
                f: z.number(),
                x: z.string().optional(),
                d: z.string().optional(),
                safetyCap: z.literal(true).optional(),
              }),
            )
            .optional()
            .describe(
              'per bot: fuel used, and the failure and its detail if it gave no answer (safetyCap: the safety cap on CPU time stopped the call)',
            ),
        }),
      )
      .describe('turns[t] leads from the state of turn t to that of turn t + 1'),
    safetyCap: z
      .literal(true)
      .optional()
      .describe(
        'set when the safety cap on CPU time, not fuel alone, stopped a call or the loading of a bot: the match is not reproducible',
      ),
  })
  .describe('An umpire replay of an Icy Projectile match, format version 1');

export function replayJsonSchema(): Record<string, unknown> {
  return { $id: 'urn:umpire:replay:1', ...z.toJSONSchema(ReplaySchema) } as Record<string, unknown>;
}
