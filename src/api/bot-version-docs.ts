import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import { MAX_VERSIONS } from '../store/contract/bot-versions.js';
import { errorResponse, jsonBody, jsonResponse, WRITE_SECURITY } from './openapi.js';
import { newBotSchema, VersionStateBody } from './schemas.js';

// The OpenAPI entries of a bot's versions and its deletion (src/api/bot-version-routes.ts).

const BOT_ID = {
  name: 'id',
  in: 'path' as const,
  required: true,
  description: 'A bot id from POST /v1/bots',
  schema: { type: 'string' as const, pattern: '^bot_[A-Za-z0-9_-]{22}$' },
};
const VERSION_NUMBER = {
  name: 'n',
  in: 'path' as const,
  required: true,
  description: "A version's number (1 is the bot's first upload)",
  schema: { type: 'string' as const, pattern: '^[1-9][0-9]*$' },
};

const VersionBody = z
  .object({
    number: z.number().int().describe('1 for the first upload, then one more for each'),
    sha256: z.string().describe("the bundle's sha256, as match records name it"),
    bytes: z.number().int(),
    kind: z.string(),
    createdAt: z.string().describe('ISO 8601'),
    status: z.enum(['active', 'disabled']),
    disabled: z
      .object({
        by: z
          .enum(['check', 'errors', 'owner'])
          .describe('its upload check, its errors in matches (VERSION_DISABLE_*), or its owner'),
        reason: z.string(),
        at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'BotVersion' });

const NO_KEY = 'No key';
const NOT_YOURS = 'No such bot of yours (a deleted bot is gone)';

export const versionDocs = {
  createVersion: describeRoute({
    tags: ['Bots'],
    summary: 'Upload a new version of a bot of yours',
    description:
      "The same bodies as POST /v1/bots, without `public` (PATCH the bot) and with `game` the bot's own (another is WRONG_GAME). " +
      'The upload is checked against the game as a new bot is. It passes: 201, and entries that follow the bot play it from their next match. ' +
      'It fails: it is kept in the history as a disabled version (so the reason stays visible) and the answer is 422 BOT_INVALID with the version in `details.version`: a failed upload is an error to a client, never a version that plays. ' +
      `A bot keeps ${MAX_VERSIONS} versions at most.`,
    security: WRITE_SECURITY,
    parameters: [BOT_ID],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: resolver(newBotSchema()) },
        'multipart/form-data': {
          schema: { type: 'object', required: ['bot'], properties: { bot: { type: 'string', format: 'binary' } } },
        },
      },
    },
    responses: {
      '201': jsonResponse('The version, and the bot as GET /v1/bots/{id} shows it', VersionBody),
      '400': errorResponse('Invalid input; WRONG_GAME'),
      '401': errorResponse(NO_KEY),
      '404': errorResponse(NOT_YOURS),
      '413': errorResponse('BUNDLE_TOO_LARGE'),
      '422': errorResponse(
        'BOT_INVALID: the upload failed its check and is kept disabled (details.version); LIMIT_EXCEEDED: too many versions',
      ),
    },
  }),
  listVersions: describeRoute({
    tags: ['Bots'],
    summary: "A bot's versions, newest first",
    description:
      'Every upload, with its state: a disabled version says by whom, why and when. A bot stored before versions has one, version 1.',
    security: WRITE_SECURITY,
    parameters: [BOT_ID],
    responses: {
      '200': jsonResponse('`{ items }`', z.object({ items: z.array(VersionBody) })),
      '401': errorResponse(NO_KEY),
      '404': errorResponse(NOT_YOURS),
    },
  }),
  getVersion: describeRoute({
    tags: ['Bots'],
    summary: 'A version of a bot of yours',
    security: WRITE_SECURITY,
    parameters: [BOT_ID, VERSION_NUMBER],
    responses: {
      '200': jsonResponse('The version', VersionBody),
      '401': errorResponse(NO_KEY),
      '404': errorResponse('No such bot of yours, or no such version'),
    },
  }),
  disableVersion: describeRoute({
    tags: ['Bots'],
    summary: 'Disable a version of a bot of yours',
    description:
      'It plays no more: entries that follow the bot play its latest version still enabled; entries pinned to it fail their matches (NO_VALID_VERSION). The body `{ reason }` is optional.',
    security: WRITE_SECURITY,
    parameters: [BOT_ID, VERSION_NUMBER],
    requestBody: { ...jsonBody(VersionStateBody), required: false },
    responses: {
      '200': jsonResponse('The version', VersionBody),
      '401': errorResponse(NO_KEY),
      '404': errorResponse('No such bot of yours, or no such version'),
    },
  }),
  enableVersion: describeRoute({
    tags: ['Bots'],
    summary: 'Enable a disabled version of a bot of yours',
    description:
      'One disabled by its owner or by its errors plays again (its error count goes on: it is disabled again when it errs once more over the share). One that failed its upload check cannot: 409 VERSION_FAILED_CHECK.',
    security: WRITE_SECURITY,
    parameters: [BOT_ID, VERSION_NUMBER],
    responses: {
      '200': jsonResponse('The version', VersionBody),
      '401': errorResponse(NO_KEY),
      '404': errorResponse('No such bot of yours, or no such version'),
      '409': errorResponse('VERSION_FAILED_CHECK'),
    },
  }),
  deleteBot: describeRoute({
    tags: ['Bots'],
    summary: 'Delete a bot of yours',
    description:
      "It plays no more and leaves every listing. Matches it played keep its sha256 and stay verifiable (bundles are kept by content), and stay listed by its id; you still read its seats' logs. A leaderboard entry of it stays on the board, but its scheduled matches fail (BOT_DELETED) and are counted failed; the board's owner may remove the entry.",
    security: WRITE_SECURITY,
    parameters: [BOT_ID],
    responses: {
      '204': { description: 'Deleted' },
      '401': errorResponse(NO_KEY),
      '404': errorResponse(NOT_YOURS),
    },
  }),
};
