import { z } from 'zod';

const sha = z.string().regex(/^[0-9a-f]{64}$/);
const bot = z.looseObject({ sha256: sha.nullable(), kind: z.string().min(1) });

/** What verify and the turn history read of a stored Icy replay; the rest passes through. */
export const StoredIcyReplay = z.looseObject({
  map: z.string(),
  manifest: z.looseObject({
    rules: z.enum(['queue2011', 'icpc2010']),
    seed: z.number().int().nullable().optional(),
    budgets: z.record(z.string(), z.number()).nullable().optional(),
    bots: z.looseObject({ red: bot, blue: bot }),
  }),
  turns: z.array(z.looseObject({ a: z.array(z.string()) })),
});
