import { z } from 'zod';
import { botLanguages } from './bot-languages.js';

/** A bot in a JSON request: its code under its language's field (js, py, wasm...), or a stored bot id. */
export type BotInput = { readonly name?: string; readonly bot?: string } & {
  readonly [field: string]: string | undefined;
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A stored bot in a request: its id, and `@<version>` to play that version rather than its latest valid one. */
export const STORED_BOT_REF = /^bot_[A-Za-z0-9_-]{22}(@[1-9][0-9]{0,5})?$/;
export const STORED_BOT_REF_HELP = 'must be a bot id from POST /v1/bots, with @<version> to play that version';

let built: z.ZodType<BotInput> | null = null;

/** The schema of a bot in a request, made from the registered languages the first time a request is checked. */
function botInputSchema(): z.ZodType<BotInput> {
  if (built) return built;
  const languages = botLanguages();
  const sources = Object.fromEntries(
    languages.map((l) => {
      const field = (l.encoding === 'base64' ? z.string().regex(BASE64, 'must be base64') : z.string()).optional();
      return [l.field, l.fieldHelp ? field.describe(l.fieldHelp) : field];
    }),
  );
  const fields = [...languages.map((l) => l.field), 'bot'];
  built = z
    .object({
      name: z.string().max(100).optional(),
      ...sources,
      bot: z.string().regex(STORED_BOT_REF, STORED_BOT_REF_HELP).optional(),
    })
    .strict()
    .refine((b) => fields.filter((f) => (b as Record<string, unknown>)[f] !== undefined).length === 1, {
      message: `give exactly one of ${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`,
    }) as unknown as z.ZodType<BotInput>;
  return built;
}

export const BotInput: z.ZodType<BotInput> = z.lazy(botInputSchema);

/**
 * Budget overrides, bounded so one request cannot hold the service for long;
 * what is left out is the game's default.
 */
export const BudgetsInput = z
  .object({
    firstTurnFuel: z.number().int().min(1).max(50_000_000_000),
    turnFuel: z.number().int().min(1).max(25_000_000_000),
    timeBankFuel: z.number().int().min(0).max(100_000_000_000),
    loadFuel: z.number().int().min(1).max(50_000_000_000),
  })
  .strict()
  .partial();

export type BudgetsInput = z.infer<typeof BudgetsInput>;
