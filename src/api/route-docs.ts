import { describeRoute, resolver, type DescribeRouteOptions } from 'hono-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { GameModule } from '../core/game-module.js';
import { DEFAULT_GAME, GAME_IDS, GAMES } from '../games/catalog.js';
import { errorResponse, jsonBody, jsonResponse, MatchRecordBody, READ_SECURITY, WRITE_SECURITY } from './openapi.js';
import { BotListQuery, BotPatch, ListQuery, newBotSchema, PageQuery } from './schemas.js';
import { AsyncMatchBody } from './batch-route-docs.js';

// What each route says of itself in the OpenAPI document: every route registration adds the
// describeRoute middleware of its entry here (`docs.createMatch`, ...), so the document's paths and
// methods are the app's own; request bodies are the zod schemas the handlers validate with.

/** The answer of POST /v1/matches/{id}/verify (src/match/verify-match.ts). */
const VerificationBody = z
  .object({
    id: z.string(),
    identical: z
      .boolean()
      .nullable()
      .describe('whether the re-run gave the stored replay byte for byte; null when the match is not reproducible'),
    reproducible: z
      .boolean()
      .describe(
        'false when a safety cap on CPU time stopped a call of the stored match or of the re-run: only fuel is exact, so the replays are not compared',
      ),
    reason: z.literal('SAFETY_CAP').optional().describe('why the match is not reproducible'),
    safetyCap: z
      .object({ stored: z.boolean(), rerun: z.boolean() })
      .optional()
      .describe('which run a safety cap stopped, when one did'),
    storedSha256: z.string(),
    rerunSha256: z.string(),
    firstDifferentTurn: z
      .number()
      .int()
      .nullable()
      .describe('the first step (turn or round) whose record differs; null when identical or not compared'),
    engine: z
      .object({ stored: z.string().nullable(), rerun: z.string() })
      .describe(
        "the engine version of the stored run (its manifest's, null when it names none) and of the re-run: replays are byte-identical within a version, and another version may count fuel differently",
      ),
  })
  .meta({ id: 'Verification' });

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema: Record<string, unknown>;
};

const path = (name: string, description: string, pattern?: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', ...(pattern ? { pattern } : {}) },
});
const query = (name: string, description: string, schema: Record<string, unknown>): Parameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const MATCH_ID = path('id', 'A match id (22 characters of base64url)', '^[A-Za-z0-9_-]{22}$');
const BOT_ID = path('id', 'A bot id from POST /v1/bots', '^bot_[A-Za-z0-9_-]{22}$');
const BOARD_ID = path('id', 'A leaderboard id from POST /v1/leaderboards');
const GAME_ID = path('game', `A registered game: ${GAME_IDS.join(', ')}`);

const upper = (id: string) => `${id[0]!.toUpperCase()}${id.slice(1)}`;
/** A schema's name in components, per game: IcyMatchRequest, AntsLeaderboard... */
const named = <T extends z.ZodType>(schema: T, id: string): T => schema.meta({ id }) as T;

const describe = (spec: DescribeRouteOptions): MiddlewareHandler => describeRoute(spec);

const MATCH_PUBLIC = 'a public match is listed by GET /v1/matches without `bot` (default false)';

/** A game's match request with the service's field `public` (the handler takes it off before the game's schema reads the rest). */
function withPublic(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject
    ? schema.safeExtend({ public: z.boolean().optional().describe(MATCH_PUBLIC) })
    : schema;
}

/** The JSON body of POST /v1/matches: exactly one game's request, told apart by `game`. */
function matchRequestSchema(): z.ZodType {
  return z.xor(GAMES.map((g) => named(withPublic(g.request.schema), `${upper(g.id)}MatchRequest`)));
}

/** The multipart form of POST /v1/matches, for games whose seats can be files: the seats are files, the other fields the JSON fields as text. */
function matchFormSchema(): Record<string, unknown> | null {
  const forms = GAMES.filter((g) => (g.request.formSeats ?? []).length > 0).map((g) => {
    const json = z.toJSONSchema(g.request.schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const seats = g.request.formSeats!;
    const properties = Object.fromEntries(
      Object.entries(json.properties ?? {}).map(([name, schema]) => [
        name,
        seats.includes(name)
          ? { type: 'string', format: 'binary', description: 'a .js module or a .wasm module' }
          : name === 'budgets'
            ? { type: 'string', description: 'JSON' }
            : schema,
      ]),
    );
    properties.public = { enum: ['true', 'on', '1', 'false', 'off', '0'], description: MATCH_PUBLIC };
    return { type: 'object', title: `${g.title} (${g.id})`, required: json.required ?? [], properties };
  });
  if (forms.length === 0) return null;
  return forms.length === 1 ? forms[0]! : { oneOf: forms };
}

/** The body of POST /v1/leaderboards for each game: the fields every board has, `game`, then the game's settings. */
function leaderboardSchema(fields: z.ZodRawShape): z.ZodType {
  return z.xor(
    GAMES.map((g) =>
      named(
        z.object({ ...fields, game: z.literal(g.id), ...g.leaderboard.settings.shape }).strict(),
        `${upper(g.id)}Leaderboard`,
      ),
    ),
  );
}

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  bot: "The bot's sha256 (as in a record's seats), or a stored bot's id; without it, the listed (public) matches",
  version: "With a bot id: the matches that version of it played (a record's `storedBots`)",
  cursor: 'The cursor of the previous page',
  limit: 'Items at most (1 to 100, default 20)',
  scope: '`public`: the public bots of every owner (no key needed); without it, your own bots',
};

/** The query parameters of a listing, from the zod schema its handler validates with. */
export const listParameters = (schema: z.ZodType = ListQuery): Parameter[] =>
  Object.entries(
    (z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, Record<string, unknown>> }).properties,
  ).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    ...(PARAMETER_DESCRIPTIONS[name] ? { description: PARAMETER_DESCRIPTIONS[name] } : {}),
    schema: property,
  }));

const PAGE_400 = 'Invalid query (BAD_CURSOR for a cursor that is not ours)';

const replayFormats = (): string[] => [
  ...new Set(['json', ...GAMES.flatMap((g: GameModule) => Object.keys(g.replayFormats ?? {}))]),
];

const WEBHOOK_EVENTS =
  'match.finished and rating.changed, signed (Umpire-Signature: v1=HMAC-SHA256 of "<Umpire-Timestamp>.<body>" with the secret)';

const RUN_FAILURES =
  'The match could not be played: MATCH_DEADLINE, MATCH_CRASHED, POOL_BUSY (with Retry-After); or storage is unavailable (STORAGE_UNAVAILABLE)';

/** The 429s of a route that runs work in the match pool, where each key has its own share and queue. */
const KEY_QUEUE_FULL =
  'KEY_QUEUE_FULL: this key has too many jobs waiting for the match workers already (with Retry-After; other keys are not held up)';

const maps = (game: string) => ({
  summary: `The named maps of ${game}`,
  responses: { '200': { description: '`{ game, maps: [{ name, ...what the game says of a map, url }] }`' } },
});

/** One entry per route of the API, by what the route does. */
export const docs = {
  healthz: describe({
    tags: ['Service'],
    summary: 'Liveness',
    responses: {
      '200': jsonResponse('`{ status: "ok", version }`', z.object({ status: z.literal('ok'), version: z.string() })),
    },
  }),
  openapi: describe({
    tags: ['Service'],
    summary: 'This OpenAPI 3.1 document, generated from the routes',
    responses: { '200': { description: 'The OpenAPI document', content: { 'application/json': {} } } },
  }),
  docs: describe({
    tags: ['Service'],
    summary: 'The API reference (Scalar) on /openapi.json',
    responses: { '200': { description: 'HTML', content: { 'text/html': {} } } },
  }),

  createMatch: describe({
    tags: ['Matches'],
    summary: 'Play a match and store it',
    description:
      "The body names the game in `game` and gives each seat a bot: its JavaScript source (`js`), its WebAssembly module in base64 (`wasm`), a text bot under its game's field, or a stored bot (`{ bot: id }`). " +
      'A stored bot must be your own or public; any other id answers 404 NOT_FOUND, the same as an id that does not exist. ' +
      'Games whose seats can be files also take a multipart form: the files are the seats, the other fields the JSON fields as text (budgets as JSON). ' +
      '`public: true` (form: `true`, `on` or `1`) lists the match among recent ones (GET /v1/matches without `bot`); the record says `public`. An Idempotency-Key retry must send the same `public`. ' +
      'With `Prefer: respond-async` or `async: true` the request is checked as usual, then queued (docs/batches.md): 202 with Location /v1/matches/{id}, `{ id, status: "queued" }` and, with `webhook` (a URL), its secret; the webhook is told `match.finished` once, signed as leaderboard webhooks are.',
    security: WRITE_SECURITY,
    parameters: [
      {
        name: 'Prefer',
        in: 'header',
        required: false,
        description: '`respond-async`: answer 202 at once and play the match through the queue',
        schema: { type: 'string' },
      },
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          "Sending the same request again with the same key answers the first match (Idempotent-Replayed: true) instead of playing another. Scoped to your API key: another key's requests with the same string are other requests. A claim left by a request that died is free again after that request's deadline.",
        schema: { type: 'string', maxLength: 255 },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: resolver(matchRequestSchema()) },
        ...(matchFormSchema() ? { 'multipart/form-data': { schema: matchFormSchema()! } } : {}),
      },
    },
    responses: {
      '201': {
        ...jsonResponse('The finished match (Location: /v1/matches/{id})', MatchRecordBody),
        headers: { Location: { schema: { type: 'string' } }, 'Idempotent-Replayed': { schema: { type: 'string' } } },
      },
      '202': {
        ...jsonResponse('An asynchronous match, queued (Location: /v1/matches/{id})', AsyncMatchBody),
        headers: { Location: { schema: { type: 'string' } }, 'Preference-Applied': { schema: { type: 'string' } } },
      },
      '400': errorResponse('Invalid input; details.field names the offending field'),
      '401': errorResponse('UNAUTHORIZED: no key, or a key that is not valid'),
      '404': errorResponse(
        'NOT_FOUND: a stored bot that does not exist or that you may not use (details.field names it)',
      ),
      '409': errorResponse('A request with the same Idempotency-Key is still running'),
      '413': errorResponse('A bundle is larger than the limit (5 MB by default)'),
      '415': errorResponse(
        'Neither application/json nor multipart/form-data, or a form for a game whose matches are sent as JSON',
      ),
      '422': errorResponse(
        'The map or world fails validation, an Idempotency-Key was reused with another request, or BOT_GAME_MISMATCH: a stored bot of another game',
      ),
      '429': errorResponse(`RATE_LIMITED (with Retry-After); ${KEY_QUEUE_FULL}`),
      '501': errorResponse('NO_QUEUE: an asynchronous match on a deployment without a match queue'),
      '503': errorResponse(RUN_FAILURES),
    },
  }),
  listMatches: describe({
    tags: ['Matches'],
    summary: 'Matches a bot played, or the public matches, newest first',
    description:
      'With `bot`: the matches that bot played, by sha256, or by stored bot id (and `version`: that version only; records name them in `storedBots`). Without: the matches created with `public: true`. Each item is the record as GET /v1/matches/{id} shows it.',
    parameters: listParameters(),
    responses: {
      '200': jsonResponse(
        '`{ items, cursor }`; pass cursor back for the next page',
        z.object({ items: z.array(MatchRecordBody), cursor: z.string().nullable().optional() }),
      ),
      '400': errorResponse(PAGE_400),
    },
  }),
  getMatch: describe({
    tags: ['Matches'],
    summary: 'A match record',
    parameters: [MATCH_ID],
    description:
      'An asynchronous match answers 202 `{ id, status: "queued" }` (with Retry-After) until it is played, then its record; one that could not be played answers 200 `{ id, status: "failed", error }`.',
    responses: {
      '200': jsonResponse('The record (or a failed asynchronous match)', z.union([MatchRecordBody, AsyncMatchBody])),
      '202': jsonResponse('An asynchronous match not played yet', AsyncMatchBody),
      '404': errorResponse('No such match'),
    },
  }),
  verifyMatch: describe({
    tags: ['Matches'],
    summary: 'Re-run a match and compare replays',
    description:
      'Re-runs the match from its stored bundles and manifest: is the replay byte-identical? A match whose stored run or re-run was stopped by a safety cap on CPU time (its record and replay say `safetyCap: true`) cannot be reproduced exactly: it is answered `reproducible: false, reason: "SAFETY_CAP"` and `identical: null`, never as a mismatch. For the key that created the match only (re-running costs as much as playing).',
    security: WRITE_SECURITY,
    parameters: [MATCH_ID],
    responses: {
      '200': jsonResponse(
        '`{ id, identical, reproducible, reason?, safetyCap?, storedSha256, rerunSha256, firstDifferentTurn, engine }`',
        VerificationBody,
      ),
      '401': errorResponse('No key'),
      '403': errorResponse('FORBIDDEN: not the key that created the match'),
      '404': errorResponse('No such match'),
      '409': errorResponse('A bundle is not stored'),
      '500': errorResponse('REPLAY_CORRUPT: the stored replay cannot be decoded'),
      '429': errorResponse(`RATE_LIMITED (with Retry-After); ${KEY_QUEUE_FULL}`),
      '503': errorResponse(RUN_FAILURES),
    },
  }),
  matchLogs: describe({
    tags: ['Matches'],
    summary: "The bots' logs of a match",
    description:
      "Each seat's log goes to the key that created the match (the seats it filled: bundles it sent, or its own stored bots), to a stored bot's owner (that bot's seat, in any match, a board's included) and to a board match's owner (every seat); the other seats are null. Matches stored before bots' owners could read them show their creator what was kept. GET /v1/matches/{id}/seats adds each seat's bot, version and first failure. Games whose bots are texts keep no logs.",
    security: WRITE_SECURITY,
    parameters: [MATCH_ID],
    responses: {
      '200': {
        description: "A string or null per seat, keyed by the game's seat names (or a list, for numbered seats)",
      },
      '401': errorResponse('No key'),
      '403': errorResponse('FORBIDDEN: no seat of the match is yours to read'),
      '404': errorResponse('No such match, or no logs'),
      '500': errorResponse('REPLAY_CORRUPT: the stored logs cannot be decoded'),
    },
  }),
  viewMatch: describe({
    tags: ['Matches'],
    summary: 'A page that plays the match',
    description: "The game's viewer: #t=N opens turn N; ?embed=1 for a frame.",
    parameters: [MATCH_ID, query('embed', 'A page for a frame, without the page around the board', { enum: ['1'] })],
    responses: { '200': { description: 'HTML', content: { 'text/html': {} } }, '404': errorResponse('No such match') },
  }),
  matchReplay: describe({
    tags: ['Matches'],
    summary: 'The replay of a match',
    description:
      "`json` (the default): the stored replay as it is, gzip JSON (Content-Encoding: gzip; GET /v1/games/{game}/replay-schema describes it). Some games also serve other forms, e.g. the original's turn history as text; a format the match's game does not have answers 400 naming the ones it has.",
    parameters: [MATCH_ID, query('format', 'The form of the replay', { enum: replayFormats(), default: 'json' })],
    responses: {
      '200': { description: 'The replay', content: { 'application/json': {}, 'text/plain': {} } },
      '400': errorResponse('A format this game does not have'),
      '404': errorResponse('No such match, or its replay is missing'),
      '500': errorResponse(
        'REPLAY_CORRUPT: the stored replay cannot be decoded (other formats; json is served as stored)',
      ),
    },
  }),

  createBot: describe({
    tags: ['Bots'],
    summary: 'Store a bot',
    description: `Store a bot once, then play it by id. JSON, or a multipart form with the file \`bot\` and the fields \`game\` and \`public\`. \`game\` is the game the bot plays from then on: required for a bundle (JavaScript, Python, WebAssembly: GAME_REQUIRED lists the games), taken from a text bot's field or file extension when left out. It is checked against that game: it must load and answer its first turns.`,
    security: WRITE_SECURITY,
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: resolver(named(newBotSchema(), 'NewBot')) },
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['bot'],
            properties: {
              bot: {
                type: 'string',
                format: 'binary',
                description: "a .js module, a .wasm module, or a text bot with its game's extension",
              },
              game: {
                enum: [...GAME_IDS],
                description: "the game the bot plays: required for a bundle; a text bot's by its extension",
              },
              public: { enum: ['true', 'false'], description: 'default false' },
            },
          },
        },
      },
    },
    responses: {
      '201': {
        description: '`{ id, name, kind, game, sha256, bytes, owner, public, createdAt }` (Location: /v1/bots/{id})',
      },
      '400': errorResponse('Invalid input (WRONG_GAME: a bot sent in the field of another game)'),
      '401': errorResponse('UNAUTHORIZED'),
      '413': errorResponse('Too large (5 MB by default)'),
      '422': errorResponse('BOT_INVALID: the bot does not load or answer; GAME_REQUIRED: a bundle without `game`'),
      '429': errorResponse(`RATE_LIMITED (with Retry-After); ${KEY_QUEUE_FULL}`),
      '503': errorResponse('The check could not run: MATCH_DEADLINE, MATCH_CRASHED, POOL_BUSY (with Retry-After)'),
    },
  }),
  listBots: describe({
    tags: ['Bots'],
    summary: "Your bots, or everyone's public bots, newest first",
    description:
      'Without `scope`: your own bots as GET /v1/bots/{id} shows them (a key as for writes; the local server needs none). ' +
      'With `scope=public`: the public bots of every owner, `{ id, name, kind, game, public, createdAt }` only (no owner, no sha256), no key needed; a bot made private leaves this listing.',
    security: READ_SECURITY,
    parameters: listParameters(BotListQuery),
    responses: {
      '200': { description: '`{ items, cursor }`; pass cursor back for the next page' },
      '400': errorResponse(PAGE_400),
      '401': errorResponse('UNAUTHORIZED: your bots need a key (on servers with AUTH=required)'),
      '429': errorResponse('RATE_LIMITED (with Retry-After)'),
    },
  }),
  getBot: describe({
    tags: ['Bots'],
    summary: 'A bot of yours',
    description: "Someone else's bot is not found, public or not: its record and bundle are its owner's.",
    security: WRITE_SECURITY,
    parameters: [BOT_ID],
    responses: {
      '200': { description: 'The bot, with `public` and `game` (null for a bot stored before bots had a game)' },
      '404': errorResponse('No such bot of yours'),
    },
  }),
  patchBot: describe({
    tags: ['Bots'],
    summary: 'Change a bot of yours',
    description:
      '`{ public }` lets other keys play it and enter it on their leaderboards (its bundle and logs stay yours); `{ name }` renames it. A version uploaded at the same time is kept.',
    security: WRITE_SECURITY,
    parameters: [BOT_ID],
    requestBody: jsonBody(named(BotPatch, 'BotPatch')),
    responses: {
      '200': { description: 'The bot' },
      '400': errorResponse('Invalid input'),
      '404': errorResponse('No such bot of yours'),
      '413': errorResponse('Larger than 64 KiB'),
    },
  }),
  botBoards: describe({
    tags: ['Bots'],
    summary: 'The leaderboards a bot of yours is on, with its standing',
    description:
      "Per board `{ leaderboard: { id, name, game }, rank, rating, uncertainty, played, wins, losses, draws }`; rank as the board's table ranks it (null if the table does not have the entry yet).",
    security: WRITE_SECURITY,
    parameters: [BOT_ID],
    responses: {
      '200': { description: '`{ items }`' },
      '401': errorResponse('UNAUTHORIZED'),
      '404': errorResponse('No such bot of yours'),
    },
  }),
  botBundle: describe({
    tags: ['Bots'],
    summary: 'The bundle of a bot of yours',
    security: WRITE_SECURITY,
    parameters: [
      BOT_ID,
      query('version', "A version's number (default: the latest)", { type: 'string', pattern: '^[1-9][0-9]*$' }),
    ],
    responses: {
      '200': {
        description: 'JavaScript, WebAssembly or the text bot',
        content: { 'text/javascript': {}, 'application/wasm': {}, 'text/plain': {} },
      },
      '404': errorResponse('No such bot of yours, no such version, or its bundle is missing'),
    },
  }),

  /** POST /v1/leaderboards: `fields` are the fields every board has (leaderboard-routes.ts). */
  createLeaderboard: (fields: z.ZodRawShape) =>
    describe({
      tags: ['Leaderboards'],
      summary: 'Create a leaderboard',
      description:
        '`{ name, game, rating?: "openskill" | "elo", public?: boolean }` and the game\'s settings (maps or worlds, rules, budgets, rounds: see GET /v1/games/{game}); repeated maps or worlds are dropped. A public board is listed by GET /v1/leaderboards. The key that creates a board is the one that changes it.',
      security: WRITE_SECURITY,
      requestBody: jsonBody(leaderboardSchema(fields)),
      responses: {
        '201': { description: 'The leaderboard (Location: /v1/leaderboards/{id})' },
        '400': errorResponse('Invalid input'),
        '403': errorResponse('ADMIN_KEY_REQUIRED: a team key an organizer minted'),
        '413': errorResponse('Larger than 64 KiB'),
        '422': errorResponse(
          'LIMIT_EXCEEDED (details { limit, max, count }): more distinct maps (mapsPerBoard) or worlds (worldsPerBoard) than allowed',
        ),
      },
    }),
  /** POST /v1/leaderboards/{id}/entries: `schema` is the body's validator. */
  addEntry: (schema: z.ZodType) =>
    describe({
      tags: ['Leaderboards'],
      summary: 'Enter a bot',
      description:
        "`{ bot }`: the board owner's, or a public one; an invited team's own (see PATCH /v1/leaderboards/{id}). An entry stays if its bot is made private later.",
      security: WRITE_SECURITY,
      parameters: [BOARD_ID],
      requestBody: jsonBody(schema),
      responses: {
        '201': { description: 'The entry, with its entryId' },
        '400': errorResponse('Invalid input, or WRONG_GAME: a bot of a kind this game does not play'),
        '403': errorResponse('FORBIDDEN: neither the key that created the leaderboard nor an invited team'),
        '404': errorResponse('NOT_FOUND: no such leaderboard, or no such bot that you may use'),
        '409': errorResponse('ALREADY_ENTERED; DEADLINE_PASSED; BOARD_FROZEN'),
        '422': errorResponse(
          'BOT_GAME_MISMATCH: a bot of another game (details { botGame, game }); LIMIT_EXCEEDED (details { limit: "entriesPerBoard", max, count })',
        ),
      },
    }),
  /** POST /v1/leaderboards/{id}/webhooks: `schema` is the body's validator. */
  addWebhook: (schema: z.ZodType) =>
    describe({
      tags: ['Leaderboards'],
      summary: 'Register a webhook',
      description: `\`{ url }\`: public http(s) addresses, no credentials; a few per board. Events: ${WEBHOOK_EVENTS}. The secret is shown once, here.`,
      security: WRITE_SECURITY,
      parameters: [BOARD_ID],
      requestBody: jsonBody(schema),
      responses: {
        '201': { description: '`{ id, url, secret, createdAt }`' },
        '403': errorResponse('FORBIDDEN: not the key that created the leaderboard'),
        '404': errorResponse('No such leaderboard'),
        '422': errorResponse('WEBHOOK_URL_INVALID (with the reason), or LIMIT_EXCEEDED (webhooksPerBoard)'),
      },
    }),
  listWebhooks: describe({
    tags: ['Leaderboards'],
    summary: "The board's webhooks, without secrets",
    security: WRITE_SECURITY,
    parameters: [BOARD_ID],
    responses: {
      '200': { description: '`{ webhooks: [{ id, url, createdAt }], limit }`' },
      '403': errorResponse('FORBIDDEN'),
      '404': errorResponse('No such leaderboard'),
    },
  }),
  deleteWebhook: describe({
    tags: ['Leaderboards'],
    summary: 'Delete a webhook',
    description: 'Its pending deliveries are dropped.',
    security: WRITE_SECURITY,
    parameters: [BOARD_ID, path('hook', 'A webhook id', '^hook_[A-Za-z0-9_-]{12}$')],
    responses: {
      '204': { description: 'Deleted' },
      '403': errorResponse('FORBIDDEN'),
      '404': errorResponse('No such webhook'),
    },
  }),
  listLeaderboards: describe({
    tags: ['Leaderboards'],
    summary: 'The public leaderboards, newest first',
    description:
      'Boards created with `public: true`: `{ id, name, game, rating, createdAt, entries }` each (entries: how many bots are on it).',
    parameters: listParameters(PageQuery),
    responses: {
      '200': { description: '`{ items, cursor }`; pass cursor back for the next page' },
      '400': errorResponse(PAGE_400),
    },
  }),
  getLeaderboard: describe({
    tags: ['Leaderboards'],
    summary: 'The ranked table, the latest round and the recent matches',
    description:
      'Per entry its entryId, name, rating, uncertainty, points, wins, losses, draws, played; botId only where the reader may use the bot (its owner, or a public bot). ' +
      '`latestRound`: `{ id, total, done, failed, createdAt, status }` of the newest round, or null. `recentMatches`: the 10 newest result lines, newest first, as GET /v1/leaderboards/{id}/matches shows lines.',
    security: READ_SECURITY,
    parameters: [BOARD_ID, query('history', 'With rating histories', { enum: ['1'] })],
    responses: {
      '200': { description: '`{ leaderboard, table, latestRound, recentMatches }`' },
      '401': errorResponse('A key was given and is not valid'),
      '404': errorResponse('No such leaderboard'),
    },
  }),
  /** POST /v1/leaderboards/{id}/rounds: `schema` is the body's validator. */
  scheduleRound: (schema: z.ZodType) =>
    describe({
      tags: ['Leaderboards'],
      summary: 'Schedule a round',
      description:
        "Over the board's active entries, each match queued and rated when played. No body: a round robin as the game schedules one (every seating, on every map or world of the board). " +
        '`{ schedule: "swiss", rounds }`: Swiss rounds one after the other, each pairing entries of close match points without rematches where possible. ' +
        '`{ schedule: "ladder", matches, batch }`: a continuous ladder that keeps scheduling batches of pairs (fewest games first, then close ratings and stale pairs) until `matches` were played. ' +
        'Swiss and ladders pair two entries, so they need a two-seat game. The rules: docs/schedules.md. One round runs at a time unless `concurrent: true`.',
      security: WRITE_SECURITY,
      parameters: [BOARD_ID],
      requestBody: { ...jsonBody(schema), required: false },
      responses: {
        '202': {
          description:
            '`{ id, total, done, failed, createdAt, status, schedule?, plan? }` (Location: the round); a continuing round counts in `total` the jobs scheduled so far',
        },
        '400': errorResponse('Invalid input: an option of another schedule, a ladder without matches'),
        '403': errorResponse('FORBIDDEN'),
        '404': errorResponse('No such leaderboard'),
        '409': errorResponse(
          'ROUND_RUNNING (details { round }): another round of the board is running; BOARD_FROZEN: the board is frozen',
        ),
        '422': errorResponse(
          'LIMIT_EXCEEDED (details { limit: "matchesPerRound", max, count }): counted before anything is scheduled; SCHEDULE_UNSUPPORTED: Swiss or a ladder on a game of more than two seats',
        ),
        '501': errorResponse('NO_QUEUE: this deployment has no match queue for rounds'),
      },
    }),
  cancelRound: describe({
    tags: ['Leaderboards'],
    summary: 'Cancel a round',
    description:
      'Its matches not yet started are not played (counted in `cancelled` as they come up), those running finish; a ladder or Swiss round schedules no further batch. Cancelling a cancelled round changes nothing.',
    security: WRITE_SECURITY,
    parameters: [BOARD_ID, path('rid', 'A round id')],
    responses: {
      '200': { description: 'The round: `{ id, total, done, failed, cancelled?, cancelledAt, status: "cancelled" }`' },
      '403': errorResponse('FORBIDDEN'),
      '404': errorResponse('No such leaderboard or round'),
      '409': errorResponse('ROUND_FINISHED: the round has finished'),
    },
  }),
  getRound: describe({
    tags: ['Leaderboards'],
    summary: 'Progress of a round',
    security: READ_SECURITY,
    parameters: [BOARD_ID, path('rid', 'A round id')],
    responses: {
      '200': {
        description:
          '`{ id, total, done, failed, cancelled?, createdAt, status, schedule?, plan?, cancelledAt? }`: status running, finished or cancelled; schedule swiss or ladder (absent: a round robin)',
      },
      '404': errorResponse('No such leaderboard or round'),
    },
  }),
  boardMatches: describe({
    tags: ['Leaderboards'],
    summary: 'Rated matches, as JSON lines',
    description:
      'Every rated match once, in the order they finished, for sites that keep their own table. Seats name entries ({ entryId, botId?, score }; botId as in the table) and ratings are keyed by entryId. The Umpire-Cursor header is the `since` of the next call.',
    security: READ_SECURITY,
    parameters: [
      BOARD_ID,
      query('since', 'The Umpire-Cursor of the last call', { type: 'string' }),
      query('limit', 'Lines at most', { type: 'integer', minimum: 1, maximum: 1000, default: 100 }),
    ],
    responses: {
      '200': {
        description: 'One JSON object a line',
        content: { 'application/x-ndjson': {} },
        headers: { 'Umpire-Cursor': { schema: { type: 'string' } } },
      },
      '404': errorResponse('No such leaderboard'),
    },
  }),

  listGames: describe({
    tags: ['Games'],
    summary: 'The registered games',
    description:
      'Per game its id, title, summary, seats, bots, time limits and default budgets (sandboxed games), maps and links.',
    responses: { '200': { description: '`{ games: [...] }`' } },
  }),
  getGame: describe({
    tags: ['Games'],
    summary: 'A game, with the JSON Schemas of its match request and leaderboard settings',
    parameters: [GAME_ID],
    responses: {
      '200': { description: 'The game, `request` and `leaderboardSettings`' },
      '404': errorResponse('No such game'),
    },
  }),
  replaySchema: describe({
    tags: ['Games'],
    summary: "The JSON Schema of a game's stored replays",
    parameters: [GAME_ID],
    responses: { '200': { description: 'JSON Schema' }, '404': errorResponse('No such game') },
  }),
  gameMaps: describe({
    tags: ['Games'],
    ...maps('a game'),
    parameters: [GAME_ID],
    responses: { ...maps('').responses, '404': errorResponse('No such game') },
  }),
  gameMap: describe({
    tags: ['Games'],
    summary: "One of a game's maps, in its original text format",
    parameters: [GAME_ID, path('name', 'A map name from the list')],
    responses: {
      '200': { description: '`{ name, ...what the game says of a map, text }`' },
      '404': errorResponse('No such game or map'),
    },
  }),
  defaultMaps: describe({ tags: ['Games'], ...maps(`the default game (${DEFAULT_GAME.id})`) }),
  defaultMap: describe({
    tags: ['Games'],
    summary: `One map of the default game (${DEFAULT_GAME.id}), in the original text format`,
    parameters: [path('name', 'A map name from GET /v1/maps')],
    responses: {
      '200': { description: '`{ name, ...what the game says of a map, text }`' },
      '404': errorResponse('No such map'),
    },
  }),
};
