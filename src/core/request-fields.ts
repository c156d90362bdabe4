import { z } from 'zod';

/** A bot in a JSON request: its JavaScript source, its Python source, its WebAssembly module in base64, or a stored bot id. */
export const BotInput = z
  .object({
    name: z.string().max(100).optional(),
    js: z.string().optional(),
    py: z.string().optional().describe('a Python module defining act(state: str) -> str, run by MicroPython'),
    wasm: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64').optional(),
    bot: z.string().regex(/^bot_[A-Za-z0-9_-]{22}$/, 'must be a bot id from POST /v1/bots').optional(),
  })
  .strict()
  .refine((b) => [b.js, b.py, b.wasm, b.bot].filter((v) => v !== undefined).length === 1, { message: 'give exactly one of js, py, wasm and bot' });

export type BotInput = z.infer<typeof BotInput>;

/**
 * Budget overrides, bounded so one request cannot hold the service for long;
 * what is left out is the game's default.
 */
export const BudgetsInput = z
  .object({
    firstTurnFuel: z.number().int().min(1).max(50_000_000_000),
    turnFuel: z.number().int().min(1).max(25_000_000_000),
    timeBankFuel: z.number().int().min(0).max(100_000_000_000),
  })
  .strict()
  .partial();

export type BudgetsInput = z.infer<typeof BudgetsInput>;
