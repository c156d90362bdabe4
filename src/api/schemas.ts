import { z } from 'zod';
import { botLanguages } from '../core/bot-languages.js';
import { checkJsonShape } from '../core/bounded-body.js';
import type { GameModule } from '../core/game-module.js';
import { findGame, gameIdList, GAME_IDS, GAMES } from '../games/catalog.js';
import { ApiProblem } from './problems.js';

/**
 * A bot to store: its code under its language's field (its source, or its
 * bytes in base64: `js`, `py`, `wasm`...), or a text bot under its game's field
 * (an ants brain is `brain`); `game` is the game it plays and is checked
 * against (required for a bundle; a text bot's default is its field's game).
 */
export function newBotSchema() {
  const codes = Object.fromEntries(
    botLanguages().map((l) => {
      const field = (
        l.encoding === 'base64' ? z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64') : z.string()
      ).optional();
      return [l.field, l.fieldHelp ? field.describe(l.fieldHelp) : field];
    }),
  );
  const texts = Object.fromEntries(
    GAMES.flatMap((g) =>
      g.bots.form === 'text' ? [[g.bots.field, z.string().optional().describe(`a ${g.id} bot (${g.bots.kind})`)]] : [],
    ),
  );
  const sources = [...Object.keys(codes), ...Object.keys(texts)];
  return z
    .object({
      name: z.string().max(100).optional(),
      ...codes,
      ...texts,
      game: z
        .enum(GAME_IDS as [string, ...string[]])
        .optional()
        .describe(
          "the game the bot plays, and is checked against on upload: required for a bundle; a text bot's is its field's game",
        ),
      public: z
        .boolean()
        .optional()
        .describe('whether other keys may play it and enter it on their leaderboards (default false)'),
    })
    .strict()
    .refine((b) => sources.filter((k) => (b as Record<string, unknown>)[k] !== undefined).length === 1, {
      message: `give exactly one of ${sources.join(', ')}`,
    });
}

/** A change to a stored bot, by its owner. */
export const BotPatch = z
  .object({
    public: z.boolean().optional().describe('whether other keys may play it and enter it on their leaderboards'),
    name: z.string().min(1).max(100).optional().describe('its new name'),
  })
  .strict()
  .refine((p) => p.public !== undefined || p.name !== undefined, { message: 'give public, name or both' });

/** Why an owner disables a version of a bot (optional). */
export const VersionStateBody = z
  .object({ reason: z.string().min(1).max(300).optional().describe('why, shown with the version') })
  .strict();

/** The longest cursor a listing takes back (the cursors it gives out are shorter). */
export const MAX_CURSOR_CHARS = 2000;

/** A page of a listing: `limit` (1 to 100, default 20) and the `cursor` of the previous page. */
const PAGE = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(MAX_CURSOR_CHARS).optional(),
};

/** GET /v1/matches: a bot's matches, or without `bot` the listed (public) ones. */
export const ListQuery = z
  .object({
    bot: z
      .string()
      .regex(/^([0-9a-f]{64}|bot_[A-Za-z0-9_-]{22})$/, 'must be a sha256 in hex or a bot id')
      .optional(),
    version: z.coerce.number().int().min(1).max(999_999).optional().describe("with a bot id: that version's matches"),
    ...PAGE,
  })
  .strict()
  .refine((q) => q.version === undefined || q.bot?.startsWith('bot_'), {
    message: 'version: give it with a bot id',
    path: ['version'],
  });

/** A listing with nothing but its page. */
export const PageQuery = z.object(PAGE).strict();

/** GET /v1/bots: the caller's bots, or with `scope=public` everyone's public bots. */
export const BotListQuery = z
  .object({
    scope: z.enum(['public']).optional(),
    ...PAGE,
  })
  .strict();

/** How many issues an error lists; the rest are counted. */
export const MAX_ISSUES = 20;
/** How much of a field path, a message or a key an error repeats. */
const MAX_ISSUE_TEXT = 200;
/** How many unknown keys an issue names. */
const MAX_KEYS_NAMED = 5;

const clip = (text: string, max = MAX_ISSUE_TEXT) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** An issue as an error shows it: unknown keys named a few at a time, every text clipped. */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys;
    const named = keys.slice(0, MAX_KEYS_NAMED).map((k) => JSON.stringify(clip(k, 40)));
    const rest = keys.length - named.length;
    return `unknown key${keys.length === 1 ? '' : 's'} ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
  }
  return clip(issue.message);
}

/**
 * The offending field of the first issue, as a dotted path, and the first MAX_ISSUES issues (`more`
 * counts the rest): an answer stays small whatever the body was.
 */
export function describeIssues(error: z.ZodError): {
  field: string;
  message: string;
  details: { field: string; message: string }[];
  more: number;
} {
  const details = error.issues
    .slice(0, MAX_ISSUES)
    .map((i) => ({ field: clip(i.path.map(String).join('.')) || '(body)', message: issueMessage(i) }));
  return {
    field: details[0]?.field ?? '(body)',
    message: `${details[0]?.field}: ${details[0]?.message}`,
    details,
    more: Math.max(0, error.issues.length - MAX_ISSUES),
  };
}

/** The longest id a path may carry: every id the service makes is shorter. */
export const MAX_ID_CHARS = 64;

/** An id from the path, or 400 ID_TOO_LONG before it reaches any store. */
export function checkId(field: string, id: string): string {
  if (id.length > MAX_ID_CHARS)
    throw new ApiProblem(
      400,
      'ID_TOO_LONG',
      `${field}: an id has at most ${MAX_ID_CHARS} characters; this one has ${id.length}`,
      { field, max: MAX_ID_CHARS },
    );
  return id;
}

/**
 * A request body as JSON, or the API's 400 INVALID_JSON; its shape is checked on the text first
 * (TOO_MANY_FIELDS, TOO_DEEP: src/core/bounded-body.ts), so no body takes long to parse.
 */
export async function readJson(raw: Request): Promise<unknown> {
  let text: string;
  try {
    text = await raw.text();
  } catch (e) {
    throw notJson(e);
  }
  return parseJsonText(text);
}

const notJson = (e: unknown) =>
  new ApiProblem(400, 'INVALID_JSON', `the body is not JSON: ${(e as Error).message}`, { field: '(body)' });

/** A body already read as text, as JSON: its shape bounded first (checkJsonShape), then parsed. */
export function parseJsonText(text: string): unknown {
  checkJsonShape(text);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw notJson(e);
  }
}

/** The registered game a request body names in `game`, or the API's 400 naming the field. */
export function requestedGame(input: unknown): GameModule {
  const name =
    input && typeof input === 'object' && Object.hasOwn(input, 'game') ? (input as { game: unknown }).game : undefined;
  const game = typeof name === 'string' ? findGame(name) : undefined;
  if (!game) throw new ApiProblem(400, 'INVALID_REQUEST', `game: one of ${gameIdList()}`, { field: 'game' });
  return game;
}

/** Validates input against a schema, or throws the API's 400 naming the offending field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const d = describeIssues(parsed.error);
    throw new ApiProblem(400, 'INVALID_REQUEST', d.message, {
      field: d.field,
      issues: d.details,
      ...(d.more ? { moreIssues: d.more } : {}),
    });
  }
  return parsed.data;
}
