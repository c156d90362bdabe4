import { z } from 'zod';
import { ApiProblem } from './problems.js';

/** A bot in a JSON request: its JavaScript source, or its WebAssembly module in base64. */
export const BotInput = z
  .object({
    name: z.string().max(100).optional(),
    js: z.string().optional(),
    wasm: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64').optional(),
    bot: z.string().regex(/^bot_[A-Za-z0-9_-]{22}$/, 'must be a bot id from POST /v1/bots').optional(),
  })
  .strict()
  .refine((b) => [b.js, b.wasm, b.bot].filter((v) => v !== undefined).length === 1, { message: 'give exactly one of js, wasm and bot' });

export type BotInput = z.infer<typeof BotInput>;

/** Games whose bots are code: an uploaded bundle is tried on the first turn of one of them. */
export const BOT_GAMES = ['icy', 'blockdrop', 'capture'] as const;
export type BotGame = (typeof BOT_GAMES)[number];

/** A bot to store: its JavaScript source, its WebAssembly module in base64, or an ants brain. */
export const NewBot = z
  .object({
    name: z.string().max(100).optional(),
    js: z.string().optional(),
    wasm: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64').optional(),
    brain: z.string().optional(),
    game: z.enum(BOT_GAMES).optional().describe('the game a js or wasm bot is checked against on upload (default icy)'),
    public: z.boolean().optional().describe('whether other keys may play it and enter it on their leaderboards (default false)'),
  })
  .strict()
  .refine((b) => [b.js, b.wasm, b.brain].filter((v) => v !== undefined).length === 1, { message: 'give exactly one of js, wasm and brain' });

/** A change to a stored bot, by its owner. */
export const BotPatch = z
  .object({ public: z.boolean().describe('whether other keys may play it and enter it on their leaderboards') })
  .strict();

/**
 * Budget overrides, bounded so one request cannot hold the service for long;
 * what is left out is the game's default (resolveBudgets in src/match/budgets.ts).
 */
export const BudgetsInput = z
  .object({
    firstTurnFuel: z.number().int().min(1).max(50_000_000_000),
    turnFuel: z.number().int().min(1).max(25_000_000_000),
    timeBankFuel: z.number().int().min(0).max(100_000_000_000),
  })
  .strict()
  .partial();

export const MatchRequest = z
  .object({
    game: z.literal('icy'),
    rules: z.enum(['queue2011', 'icpc2010']).optional(),
    map: z.string().min(1).max(4000).optional().describe('a name from GET /v1/maps, or a map in the original text format'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    budgets: BudgetsInput.optional(),
    red: BotInput,
    blue: BotInput,
  })
  .strict();

export type MatchRequest = z.infer<typeof MatchRequest>;

export const ListQuery = z
  .object({
    bot: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 in hex'),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(2000).optional(),
  })
  .strict();

/** The offending field of the first issue, as a dotted path, and every issue. */
export function describeIssues(error: z.ZodError): { field: string; message: string; details: { field: string; message: string }[] } {
  const details = error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
  return { field: details[0]?.field ?? '(body)', message: `${details[0]?.field}: ${details[0]?.message}`, details };
}

/** Validates input against a schema, or throws the API's 400 naming the offending field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const d = describeIssues(parsed.error);
    throw new ApiProblem(400, 'INVALID_REQUEST', d.message, { field: d.field, issues: d.details });
  }
  return parsed.data;
}
