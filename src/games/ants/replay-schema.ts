import { z } from 'zod';
import { ANTS_REPLAY_FORMAT } from './match.js';

/**
 * The stored replay of an ants match as a zod schema (its JSON Schema is served
 * at GET /v1/games/ants/replay-schema). The replay keeps the inputs, so a
 * viewer re-simulates the match; snapshots let it seek.
 */
const sha = z.string().regex(/^[0-9a-f]{64}$/);
const perSide = <T extends z.ZodType>(t: T) => z.object({ red: t, black: t });
const base64 = z.string().describe('base64 of the array’s little-endian bytes');
const forfeit = z.object({
  code: z.literal('BRAIN_INVALID'),
  message: z.string().describe('the first problems of the brain, by line'),
});

export const AntsReplaySchema = z.object({
  format: z.literal(ANTS_REPLAY_FORMAT),
  manifest: z.object({
    engine: z.string().describe('engine and version that played the match'),
    game: z.literal('ants'),
    world: z.object({
      name: z.string().nullable().describe('sample0, generated:SEED; null for a world sent as text'),
      sha256: sha.describe('of the world text'),
    }),
    seed: z.number().int().min(0).describe('s0 of the random-number generator (section 2.10)'),
    rounds: z.number().int().min(1),
    bots: perSide(sha).describe('sha256 of each brain'),
    names: perSide(z.string().nullable()),
  }),
  world: z.string().describe('the world in the text format of section 2.4'),
  brains: perSide(z.string()).describe('each brain in the text format of section 2.8'),
  seed: z.number().int().min(0),
  rounds: z.number().int().min(1).describe('the rounds asked for'),
  snapshotEvery: z.number().int().min(1),
  snapshots: z
    .array(
      z.object({
        round: z.number().int().min(0),
        random: z.number().int().describe('the generator state'),
        food: base64,
        markers: z.tuple([base64, base64]),
        antPos: base64,
        antState: base64,
        antResting: base64,
        antDir: base64,
        antFood: base64,
      }),
    )
    .describe('the state at the start of every snapshotEvery-th round; none after a forfeit'),
  food: z
    .array(z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().int().min(0)]))
    .describe('[round, red food, black food] at round 0 and after every round that changed it'),
  result: z.object({
    winner: z.enum(['red', 'black', 'draw']),
    decidedBy: z.enum(['food', 'forfeit']),
    forfeit: z.enum(['red', 'black', 'both']).nullable(),
    forfeits: z.object({ red: forfeit.optional(), black: forfeit.optional() }),
    scores: perSide(z.number().int().min(0)).describe('food on each anthill at the end'),
    rounds: z.number().int().min(0).describe('rounds played (0 after a forfeit)'),
    alive: perSide(z.number().int().min(0)),
    carried: perSide(z.number().int().min(0)).describe('food being carried at the end'),
  }),
});

export type AntsReplayDoc = z.infer<typeof AntsReplaySchema>;
