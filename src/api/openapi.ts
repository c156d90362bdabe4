import { z } from 'zod';
import { VERSION } from '../version.js';
import { BotPatch, ListQuery, MatchRequest, NewBot } from './schemas.js';
import { DEFAULT_LIMITS, LIMIT_VARIABLES } from './limits.js';
import { AntsMatchRequest } from './ants-matches.js';
import { BlockDropMatchRequest } from './blockdrop-matches.js';
import { CaptureMatchRequest } from './capture-matches.js';

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
    },
  },
};

const limitText = (Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[]).map((k) => `${k} (${LIMIT_VARIABLES[k]}, default ${DEFAULT_LIMITS[k]})`).join(', ');

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** The OpenAPI 3.1 document of the API; request schemas come from the zod validators. */
export function openApiDocument(): Record<string, unknown> {
  const listParams = Object.entries((z.toJSONSchema(ListQuery, { io: 'input' }) as { properties: Record<string, unknown> }).properties).map(
    ([name, schema]) => ({ name, in: 'query', required: name === 'bot', schema }),
  );
  return {
    openapi: '3.1.0',
    info: { title: 'umpire', version: VERSION, description: 'Match evaluation for programming-game bots: Icy Projectile (ICPC Challenge 2010/2011).' },
    paths: {
      '/v1/matches': {
        post: {
          summary: 'Play a match between two bots and store it',
          description:
            'A stored bot (`{ bot: id }`) must be your own or public; any other id answers 404 NOT_FOUND, the same as an id that does not exist.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: "Scoped to your API key: another key's requests with the same string are other requests. A claim left by a request that died is free again after that request's deadline.",
              schema: { type: 'string', maxLength: 255 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { $ref: '#/components/schemas/MatchRequest' },
                    { $ref: '#/components/schemas/AntsMatchRequest' },
                    { $ref: '#/components/schemas/BlockDropMatchRequest' },
                    { $ref: '#/components/schemas/CaptureMatchRequest' },
                  ],
                },
              },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['game', 'red', 'blue'],
                  properties: {
                    game: { const: 'icy' },
                    rules: { enum: ['queue2011', 'icpc2010'] },
                    map: { type: 'string' },
                    seed: { type: 'integer' },
                    budgets: { type: 'string', description: 'JSON' },
                    red: { type: 'string', format: 'binary', description: 'a .js module or a .wasm module' },
                    blue: { type: 'string', format: 'binary' },
                  },
                },
              },
            },
          },
          responses: {
            '201': { description: 'The finished match', content: { 'application/json': { schema: { $ref: '#/components/schemas/MatchRecord' } } } },
            '400': error('Invalid input; details.field names the offending field'),
            '404': error('NOT_FOUND: a stored bot that does not exist or that you may not use (details.field names it)'),
            '409': error('A request with the same Idempotency-Key is still running'),
            '413': error('A bundle is larger than the limit (5 MB by default)'),
            '422': error('The map fails validation, or an Idempotency-Key was reused with another request'),
            '503': error('Storage is unavailable (STORAGE_UNAVAILABLE), or the match could not be played: MATCH_DEADLINE, MATCH_CRASHED, POOL_BUSY (with Retry-After)'),
          },
        },
        get: {
          summary: 'Matches a bot played, newest first',
          parameters: listParams,
          responses: { '200': { description: '`{ items, cursor }`; pass cursor back for the next page' }, '400': error('Invalid query') },
        },
      },
      '/v1/matches/{id}': {
        get: {
          summary: 'A match record',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The record' }, '404': error('No such match') },
        },
      },
      '/v1/matches/{id}/replay': {
        get: {
          summary: 'The replay: gzip JSON, or with ?format=turns the original turn-history text',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'format', in: 'query', required: false, schema: { enum: ['json', 'turns'] } },
          ],
          responses: {
            '200': { description: 'The replay' },
            '404': error('No such match'),
            '500': error('REPLAY_CORRUPT: the stored replay cannot be decoded (?format=turns; the raw replay is served as stored)'),
          },
        },
      },
      '/v1/matches/{id}/verify': {
        post: {
          summary: 'Re-run the match from its stored bundles and manifest; is the replay byte-identical? For the key that created the match only',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: '`{ id, identical, storedSha256, rerunSha256, firstDifferentTurn }`' },
            '401': error('No key'),
            '403': error('FORBIDDEN: not the key that created the match'),
            '404': error('No such match'),
            '409': error('A bundle is not stored'),
            '500': error('REPLAY_CORRUPT: the stored replay cannot be decoded'),
          },
        },
      },
      '/v1/matches/{id}/view': {
        get: {
          summary: 'A page that plays the match (#t=N opens turn N; ?embed=1 for a frame)',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'embed', in: 'query', required: false, schema: { enum: ['1'] } },
          ],
          responses: { '200': { description: 'HTML' }, '404': error('No such match') },
        },
      },
      '/v1/matches/{id}/logs': {
        get: {
          summary: "The bots' logs of a match: for the key that created it only, and only of the seats it filled (bundles it sent, or its own stored bots); a seat played by someone else's public bot is null",
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: '`{ red, blue }` (block drop: an array of four); a string per seat, or null' },
            '401': error('No key'),
            '403': error('Not the owner'),
            '500': error('REPLAY_CORRUPT: the stored logs cannot be decoded'),
          },
        },
      },
      '/v1/bots': {
        post: {
          summary: 'Store a bot once (JSON, or the multipart file `bot` with the fields `game` and `public`); it must load and answer a turn',
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/NewBot' } },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['bot'],
                  properties: {
                    bot: { type: 'string', format: 'binary', description: 'a .js module, a .wasm module or a .ant brain' },
                    game: { enum: ['icy', 'blockdrop', 'capture'] },
                    public: { enum: ['true', 'false'], description: 'default false' },
                  },
                },
              },
            },
          },
          responses: {
            '201': { description: '`{ id, name, kind, sha256, bytes, owner, public, createdAt }`' },
            '413': error('Too large'),
            '422': error('The bot does not load or answer'),
            '503': error('The check could not run: MATCH_DEADLINE, MATCH_CRASHED, POOL_BUSY (with Retry-After)'),
          },
        },
      },
      '/v1/bots/{id}': {
        get: { summary: 'A bot of yours', responses: { '200': { description: 'The bot, with `public`' }, '404': error('No such bot of yours') } },
        patch: {
          summary: 'Change a bot of yours: `{ public }` lets other keys play it and enter it on their leaderboards (its bundle and logs stay yours)',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/BotPatch' } } } },
          responses: { '200': { description: 'The bot' }, '400': error('Invalid input'), '404': error('No such bot of yours') },
        },
      },
      '/v1/bots/{id}/bundle': { get: { summary: 'The bundle of a bot of yours', responses: { '200': { description: 'JavaScript or WebAssembly' } } } },
      '/v1/leaderboards': {
        post: {
          summary: 'Create a leaderboard: { name, game: "icy", rules?, maps?, budgets?, rating?: "openskill" | "elo" } (ants: worlds, rounds); repeated maps or worlds are dropped',
          responses: {
            '201': { description: 'The leaderboard' },
            '400': error('Invalid input'),
            '422': error(`LIMIT_EXCEEDED (details { limit, max, count }): more distinct maps (mapsPerBoard) or worlds (worldsPerBoard) than allowed. Limits: ${limitText}`),
          },
        },
      },
      '/v1/leaderboards/{id}': {
        get: {
          summary:
            'The ranked table: per entry its entryId, name, rating, uncertainty, points, wins, losses, draws, played (?history=1 for rating histories); botId only where the reader may use the bot (its owner, or a public bot)',
          responses: { '200': { description: '`{ leaderboard, table }`' }, '401': error('A key was given and is not valid') },
        },
      },
      '/v1/leaderboards/{id}/entries': {
        post: {
          summary: 'Enter a bot: { bot } (yours, or a public one)',
          responses: {
            '201': { description: 'The entry, with its entryId' },
            '404': error('NOT_FOUND: no such bot that you may use'),
            '409': error('Already entered'),
            '422': error('LIMIT_EXCEEDED (details { limit: "entriesPerBoard", max, count })'),
          },
        },
      },
      '/v1/leaderboards/{id}/rounds': {
        post: {
          summary: 'Schedule a round robin (both colors, every map of the board; block drop: every four entries from every seat)',
          responses: {
            '202': { description: '`{ id, total, done, failed, status }`' },
            '422': error('LIMIT_EXCEEDED (details { limit: "matchesPerRound", max, count }): counted before anything is scheduled'),
          },
        },
      },
      '/v1/leaderboards/{id}/rounds/{rid}': { get: { summary: 'Progress of a round', responses: { '200': { description: '`{ id, total, done, failed, status }`' } } } },
      '/v1/leaderboards/{id}/webhooks': {
        post: {
          summary: 'Register a webhook { url } (public http(s) addresses, no credentials; at most 10 per board): match.finished and rating.changed, signed (Umpire-Signature: v1=HMAC-SHA256 of "<Umpire-Timestamp>.<body>")',
          responses: { '201': { description: '`{ id, url, secret }` (the secret is shown once)' }, '422': error('WEBHOOK_URL_INVALID (with the reason), or LIMIT_EXCEEDED (webhooksPerBoard)') },
        },
        get: { summary: "The board's webhooks, without secrets", responses: { '200': { description: '`{ webhooks: [{ id, url, createdAt }], limit }`' } } },
      },
      '/v1/leaderboards/{id}/webhooks/{hook}': { delete: { summary: 'Delete a webhook; its pending deliveries are dropped', responses: { '204': { description: 'Deleted' }, '404': error('No such webhook') } } },
      '/v1/leaderboards/{id}/matches': {
        get: {
          summary:
            'Rated matches in the order they finished, as JSON lines; ?since=<Umpire-Cursor of the last call>&limit=. Seats name entries ({ entryId, botId? , score }; botId as in the table) and ratings are keyed by entryId',
          responses: { '200': { description: 'application/x-ndjson' } },
        },
      },
      '/v1/maps': { get: { summary: 'The maps available by name', responses: { '200': { description: '`{ maps: [{ name, trees, url }] }`' } } } },
      '/v1/maps/{name}': {
        get: {
          summary: 'One map, in the original text format',
          parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: '`{ name, trees, text }`' }, '404': error('No such map') },
        },
      },
      '/healthz': { get: { summary: 'Liveness', responses: { '200': { description: '`{ status: "ok", version }`' } } } },
    },
    components: {
      schemas: {
        MatchRequest: z.toJSONSchema(MatchRequest, { io: 'input' }),
        AntsMatchRequest: z.toJSONSchema(AntsMatchRequest, { io: 'input' }),
        BlockDropMatchRequest: z.toJSONSchema(BlockDropMatchRequest, { io: 'input' }),
        CaptureMatchRequest: z.toJSONSchema(CaptureMatchRequest, { io: 'input' }),
        NewBot: z.toJSONSchema(NewBot, { io: 'input' }),
        BotPatch: z.toJSONSchema(BotPatch, { io: 'input' }),
        Error: errorSchema,
        MatchRecord: {
          type: 'object',
          description:
            'id, status, createdAt, winner (red | blue | draw), decidedBy, forfeit, scores { red, blue: { total, hits, domainSum } }, turns, bots { red, blue: { name, kind, sha256, fuel, timeouts, errors, crashes, forfeit? } }, manifest { engine, game, rules, map { name, sha256 }, seed, budgets, bots { red, blue } }, replayUrl, viewUrl. ' +
            'For game "ants": winner (red | black | draw), decidedBy (food | forfeit), scores { red, black: { food, alive, carried } }, rounds, bots { red, black: { name, kind: "ant", sha256, forfeit? } }, manifest { engine, game, world { name, sha256 }, seed, rounds, bots }; the replay holds the world, both brains, snapshots and the anthill food per round. ' +
            'For game "blockdrop": winner (a player id 0-3, or draw), turns, players [{ id, name, kind, sha256, fellAt, fuel, timeouts, errors, crashes, invalid, forfeit?, terminatedAt? }], manifest { engine, game, seed, budgets, bots [4 sha256] }. ' +
            'For game "capture": winner (red | blue | draw), decidedBy (pucks | ownership | draw | forfeit), scores { red, blue: { pucks, ownership } }, turns, bots { red, blue: { name, kind, sha256, fuel, timeouts, errors, crashes, nullMoves, forfeit? } }, manifest { engine, game, seed, budgets, bots }.',
        },
      },
    },
  };
}
