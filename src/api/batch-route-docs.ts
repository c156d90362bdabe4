import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import { BatchRequestBody, MAX_PAIRINGS, MAX_QUEUED_PAIRINGS } from './batch-request.js';
import { BATCH_BODY_BYTES } from './limits.js';
import { errorResponse, jsonResponse, WRITE_SECURITY } from './openapi.js';

// The OpenAPI entries of the batch routes (src/api/batch-routes.ts).

const HookBody = z.object({ url: z.string() }).nullable();

const BatchBody = z
  .object({
    id: z.string().describe('`bat_` and 16 characters'),
    game: z.string(),
    status: z.enum(['queued', 'running', 'finished']).describe('finished: every pairing is done or failed'),
    total: z.number().int().describe('pairings'),
    done: z.number().int().describe('pairings played'),
    failed: z.number().int().describe('pairings that could not be played (their results say why)'),
    public: z.boolean(),
    createdAt: z.string(),
    finishedAt: z.string().nullable().describe('when the last pairing finished'),
    settings: z.record(z.string(), z.unknown()).optional().describe("the game's settings, defaults filled in"),
    webhook: HookBody,
    matchWebhook: HookBody,
    resultsUrl: z.string(),
  })
  .meta({ id: 'Batch' });

const CreatedBatchBody = BatchBody.extend({
  webhook: z.object({ url: z.string(), secret: z.string() }).nullable().describe('its secret is shown this once'),
  matchWebhook: z.object({ url: z.string(), secret: z.string() }).nullable().describe('its secret is shown this once'),
}).meta({ id: 'CreatedBatch' });

/** An asynchronous match before its record: POST /v1/matches's 202, GET /v1/matches/{id} while queued or once failed. */
export const AsyncMatchBody = z
  .object({
    id: z.string().describe('the match id: GET /v1/matches/{id} gives its record once played'),
    status: z.enum(['queued', 'done', 'failed']),
    game: z.string(),
    createdAt: z.string(),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .optional()
      .describe('why a failed match could not be played'),
    webhook: z
      .object({ url: z.string(), secret: z.string().optional() })
      .nullable()
      .optional()
      .describe('its secret is shown once, in the 202'),
  })
  .meta({ id: 'AsyncMatch' });

const BATCH_ID = {
  name: 'id',
  in: 'path' as const,
  required: true,
  description: 'A batch id from POST /v1/batches',
  schema: { type: 'string' as const, pattern: '^bat_[A-Za-z0-9_-]{16}$' },
};

const NO_KEY = 'UNAUTHORIZED: no key, or one that is not valid; KEY_REVOKED: a revoked key';
const NOT_YOURS = 'NOT_FOUND: no such batch, or one another key created';

export const batchDocs = {
  createBatch: describeRoute({
    tags: ['Batches'],
    summary: 'Queue a batch of matches',
    description:
      `Up to ${MAX_PAIRINGS} pairings from an external matchmaker, each \`{ seats: [bot ids by seat], map?, seed? }\`, played through the queue rounds use (docs/batches.md). ` +
      "Every bot must be yours or public (404 NOT_FOUND otherwise, as for a match) and of the batch's game (422 BOT_GAME_MISMATCH naming both). " +
      "`settings` are the game's, as a leaderboard takes them; a pairing without a map plays the settings' first. " +
      'Each pairing is played exactly once, however often the queue delivers it: its match id comes from the batch id and its index. ' +
      '`webhook` is told `batch.finished` once, when the last pairing has finished; `matchWebhook` `match.finished` per pairing. ' +
      'Both are signed as leaderboard webhooks are, with the secrets this answer shows once.',
    security: WRITE_SECURITY,
    requestBody: { required: true, content: { 'application/json': { schema: resolver(BatchRequestBody) } } },
    responses: {
      '202': {
        ...jsonResponse('The batch, queued (Location: /v1/batches/{id})', CreatedBatchBody),
        headers: { Location: { schema: { type: 'string' } } },
      },
      '400': errorResponse(
        `INVALID_REQUEST (a field, a seat count, an unknown map: details.field), INVALID_JSON, TOO_MANY_FIELDS (more than ${MAX_PAIRINGS} pairings)`,
      ),
      '401': errorResponse(NO_KEY),
      '404': errorResponse('NOT_FOUND: a bot you cannot use (details.field names the seat)'),
      '413': errorResponse(`Larger than ${BATCH_BODY_BYTES} bytes`),
      '415': errorResponse('Not application/json'),
      '422': errorResponse(
        'BOT_GAME_MISMATCH (details { field, botGame, game }), WEBHOOK_URL_INVALID (details.field), LIMIT_EXCEEDED',
      ),
      '429': errorResponse(
        `RATE_LIMITED (with Retry-After); KEY_QUEUE_FULL: more than ${MAX_QUEUED_PAIRINGS} pairings of the key would wait in unfinished batches (details { limit, max, count })`,
      ),
      '501': errorResponse('NO_QUEUE: this deployment has no match queue'),
      '503': errorResponse('STORAGE_UNAVAILABLE'),
    },
  }),
  listBatches: describeRoute({
    tags: ['Batches'],
    summary: 'Your batches',
    description: 'The batches your key created, newest first, a page at a time (`limit`, `cursor`).',
    security: WRITE_SECURITY,
    parameters: [
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
    ],
    responses: {
      '200': jsonResponse(
        '`{ items, cursor }`',
        z.object({ items: z.array(BatchBody), cursor: z.string().nullable() }),
      ),
      '400': errorResponse('BAD_CURSOR'),
      '401': errorResponse(NO_KEY),
    },
  }),
  getBatch: describeRoute({
    tags: ['Batches'],
    summary: "A batch's progress",
    security: WRITE_SECURITY,
    parameters: [BATCH_ID],
    responses: {
      '200': jsonResponse('The batch: status, total, done, failed', BatchBody),
      '401': errorResponse(NO_KEY),
      '404': errorResponse(NOT_YOURS),
    },
  }),
  batchResults: describeRoute({
    tags: ['Batches'],
    summary: "A batch's results",
    description:
      'One line per pairing, in order: `{ index, match, status (queued, done or failed), map, seats, ranks?, winner?, line?, error? }` as JSON lines, or with `format=csv` the columns index, match, status, map, seats, ranks, winner, error (seats and ranks separated by spaces). ' +
      "`line` is the game's result line (seats with their scores); `ranks` each seat's place (1 best). `from` and `limit` give a part of them.",
    security: WRITE_SECURITY,
    parameters: [
      BATCH_ID,
      { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv'] } },
      { name: 'from', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 10000 } },
    ],
    responses: {
      '200': {
        description: 'JSON lines (application/x-ndjson), or CSV (text/csv)',
        content: { 'application/x-ndjson': {}, 'text/csv': {} },
      },
      '400': errorResponse('INVALID_REQUEST: format, from or limit'),
      '401': errorResponse(NO_KEY),
      '404': errorResponse(NOT_YOURS),
    },
  }),
};
