import { z } from 'zod';
import { BODY_SHAPE } from '../core/bounded-body.js';
import { InputError } from '../core/errors.js';
import type { GameModule } from '../core/game-module.js';
import { Pairing } from '../leaderboard/batch-documents.js';
import { botGameMismatch } from '../match/seats.js';
import { usableBotRecord } from '../match/stored-bots.js';
import type { BotStore } from '../store/contract/bots.js';
import { checkWebhookUrl } from '../leaderboard/webhook-address.js';
import type { WebhookSettings } from '../leaderboard/webhook-settings.js';
import { ApiProblem } from './problems.js';
import { parseInput, readJson, requestedGame } from './schemas.js';

/** Pairings one batch may have: an array of the body holds no more (BODY_SHAPE). */
export const MAX_PAIRINGS = BODY_SHAPE.maxElements;

/** Pairings one key may have waiting in its unfinished batches: two full batches. */
export const MAX_QUEUED_PAIRINGS = 2 * MAX_PAIRINGS;

const HookUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const BatchRequestBody = z
  .object({
    game: z.string().describe('the game every pairing plays'),
    pairings: z
      .array(Pairing)
      .min(1)
      .describe(
        `up to ${MAX_PAIRINGS}: each \`{ seats: [bot ids by seat], map?, seed? }\`; without a map, the settings' first`,
      ),
    settings: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("the game's settings, as a leaderboard of the game takes them (rules, budgets, maps...)"),
    public: z.boolean().optional().describe('list the matches among recent ones (default false)'),
    webhook: HookUrl.optional().describe('told once, `batch.finished`, when the last pairing has finished'),
    matchWebhook: HookUrl.optional().describe('told `match.finished` as each pairing finishes'),
  })
  .strict()
  .meta({ id: 'BatchRequest' });

/** A batch request, checked: its game, settings, pairings (each seat a usable bot of the game, a known map). */
export interface BatchRequest {
  readonly game: GameModule;
  readonly settings: Readonly<Record<string, unknown>>;
  /** Each with its map filled in (the settings' first when it named none). */
  readonly pairings: readonly (Pairing & { readonly map: string })[];
  readonly public: boolean;
  readonly webhook?: string;
  readonly matchWebhook?: string;
}

/**
 * Reads and checks a batch before anything is stored: 400 for a body of the
 * wrong shape, a seat count or map the game does not have; 404 for a bot the
 * caller may not use (as a match does); 422 for a bot of another game, more
 * pairings than MAX_PAIRINGS, or a webhook address that is not allowed.
 */
export async function readBatchRequest(
  raw: Request,
  owner: string,
  bots: BotStore,
  hooks: Pick<WebhookSettings, 'allowPrivate'>,
): Promise<BatchRequest> {
  const type = raw.headers.get('content-type') ?? 'application/json';
  if (!type.startsWith('application/json'))
    throw new ApiProblem(415, 'UNSUPPORTED_MEDIA_TYPE', `send application/json, not ${type}`);
  const input = await readJson(raw);
  const game = requestedGame(input);
  const body = parseInput(BatchRequestBody, input);
  if (body.pairings.length > MAX_PAIRINGS)
    throw new ApiProblem(422, 'LIMIT_EXCEEDED', `pairings: at most ${MAX_PAIRINGS} in a batch`, {
      limit: 'pairingsPerBatch',
      max: MAX_PAIRINGS,
      count: body.pairings.length,
    });
  for (const field of ['webhook', 'matchWebhook'] as const) {
    const url = body[field];
    if (url === undefined) continue;
    const checked = checkWebhookUrl(url, { allowPrivate: hooks.allowPrivate });
    if (!checked.ok)
      throw new ApiProblem(422, checked.problem.code, `${field}: ${checked.problem.message.replace(/^url: /, '')}`, {
        field,
      });
  }
  const settings = gameSettings(game, body.settings ?? {});
  const venues = game.leaderboard.venues(settings);
  const pairings = body.pairings.map((p, k) => {
    if (p.seats.length !== game.seats.length)
      throw new ApiProblem(
        400,
        'INVALID_REQUEST',
        `pairings.${k}.seats: ${game.id} has ${game.seats.length} seats; this pairing names ${p.seats.length} bots`,
        { field: `pairings.${k}.seats` },
      );
    return { ...p, map: p.map ?? venues[0] ?? '' };
  });
  await checkMaps(game, settings, pairings);
  await checkBots(game, bots, owner, pairings);
  return {
    game,
    settings,
    pairings,
    public: body.public === true,
    ...(body.webhook === undefined ? {} : { webhook: body.webhook }),
    ...(body.matchWebhook === undefined ? {} : { matchWebhook: body.matchWebhook }),
  };
}

/** The game's settings with their defaults, as a leaderboard's are checked; 400 naming the field. */
function gameSettings(game: GameModule, input: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const parsed = game.leaderboard.settings.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['settings', ...(issue?.path ?? []).map(String)].join('.');
    throw new ApiProblem(400, 'INVALID_REQUEST', `${field}: ${issue?.message}`, { field });
  }
  try {
    return game.leaderboard.prepare(parsed.data);
  } catch (e) {
    throw renamed(e, 'settings');
  }
}

/** Each distinct map once: the game's request for the first pairing on it must set up (an unknown map is 400). */
async function checkMaps(
  game: GameModule,
  settings: Readonly<Record<string, unknown>>,
  pairings: readonly { seats: readonly string[]; map: string }[],
): Promise<void> {
  const seen = new Set<string>();
  for (const [k, p] of pairings.entries()) {
    if (seen.has(p.map)) continue;
    seen.add(p.map);
    const parsed = game.request.schema.safeParse(game.leaderboard.request(settings, p.seats, p.map, 0));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiProblem(400, 'INVALID_REQUEST', `pairings.${k}: ${issue?.path.join('.')}: ${issue?.message}`, {
        field: `pairings.${k}`,
      });
    }
    try {
      await game.setup(parsed.data);
    } catch (e) {
      throw renamed(e, `pairings.${k}.map`);
    }
  }
}

/** Each distinct bot once: the caller's own or public (404 otherwise), and of the batch's game (422 otherwise). */
async function checkBots(
  game: GameModule,
  bots: BotStore,
  owner: string,
  pairings: readonly { seats: readonly string[] }[],
): Promise<void> {
  const first = new Map<string, string>();
  pairings.forEach((p, k) => p.seats.forEach((id, s) => first.has(id) || first.set(id, `pairings.${k}.seats.${s}`)));
  const ids = [...first.keys()];
  for (let start = 0; start < ids.length; start += 16) {
    await Promise.all(
      ids.slice(start, start + 16).map(async (id) => {
        const field = first.get(id)!;
        const record = await usableBotRecord(bots, id, owner, field);
        if (record.game !== undefined && record.game !== game.id)
          throw botGameMismatch(id, record.game, game.id, 'match', field);
      }),
    );
  }
}

/** An input error of a game's check, its field named as this request names it. */
function renamed(e: unknown, field: string): unknown {
  if (!(e instanceof InputError)) return e;
  return new ApiProblem(e.status, e.code, `${field}: ${e.message.replace(/^[\w.]+: /, '')}`, { field });
}
