import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import { DEFAULT_KEY_RATE, MAX_KEYS_PER_BATCH } from './key-batch.js';
import { errorResponse, jsonBody, jsonResponse, WRITE_SECURITY } from './openapi.js';
import { listParameters } from './route-docs.js';
import { PageQuery } from './schemas.js';

// The OpenAPI entries of the key administration routes (src/api/key-routes.ts).

/** A key as the API shows it (never its secret). */
const KeyBody = z
  .object({
    id: z.string().describe("the key's public id: the owner of what it creates"),
    name: z.string(),
    scope: z.enum(['admin', 'team']).describe("admin: administers keys; team: a team's key"),
    team: z.string().nullable().describe('the team of a team key'),
    ratePerMinute: z.number().int(),
    createdAt: z.string().describe('ISO 8601'),
    createdBy: z.string().nullable().describe('the admin key that minted it; null: made by `umpire keys create`'),
    revokedAt: z.string().nullable().describe('when it was revoked; a revoked key is refused (401 KEY_REVOKED)'),
  })
  .meta({ id: 'ApiKey' });

const MintedKeyBody = KeyBody.extend({
  key: z.string().describe('the secret, `umpire_...`: shown this once, only its sha256 is stored'),
}).meta({ id: 'MintedApiKey' });

const TeamKeyRequestBody = z
  .object({
    team: z.string().max(100).describe('the team the key is for'),
    name: z.string().max(100).optional().describe("the key's name (default: the team)"),
    rate: z.number().int().min(1).max(100_000).optional().describe(`writes a minute (default ${DEFAULT_KEY_RATE})`),
  })
  .strict()
  .meta({ id: 'TeamKeyRequest' });

const KEY_ID = {
  name: 'id',
  in: 'path' as const,
  required: true,
  description: 'A key id (16 hex digits, as GET /v1/keys lists them)',
  schema: { type: 'string' as const, pattern: '^[0-9a-f]{16}$' },
};

const ADMIN_ONLY = 'ADMIN_KEY_REQUIRED: a team key; keys are administered with an admin key';
const NO_KEY = 'UNAUTHORIZED: no key, or one that is not valid; KEY_REVOKED: a revoked key';

export const keyDocs = {
  createKeys: describeRoute({
    tags: ['Keys'],
    summary: 'Mint team keys',
    description:
      `For admin keys. One key: \`{ team, name?, rate? }\` answers the key. Many: a JSON array of such objects, or a CSV (\`text/csv\`) whose first line names the columns (\`team,name,rate\`; name and rate may be left out), up to ${MAX_KEYS_PER_BATCH} keys, answer \`{ items }\` in the rows' order. ` +
      'Every row is checked before any key is made: one bad row answers 400 INVALID_ROWS listing each problem by row (and CSV line), and no key is made. ' +
      'Each secret is shown once, here. Admin keys are made by `umpire keys create --admin` only.',
    security: WRITE_SECURITY,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: resolver(z.union([TeamKeyRequestBody, z.array(TeamKeyRequestBody).max(MAX_KEYS_PER_BATCH)])),
        },
        'text/csv': { schema: { type: 'string', description: 'team,name,rate then a line per key' } },
      },
    },
    responses: {
      '201': jsonResponse(
        'The key, or `{ items }` for an array or a CSV',
        z.union([MintedKeyBody, z.object({ items: z.array(MintedKeyBody) })]),
      ),
      '400': errorResponse(
        'INVALID_ROWS (details.rows: [{ row, line?, field, message }]), INVALID_CSV (details.line), INVALID_JSON',
      ),
      '401': errorResponse(NO_KEY),
      '403': errorResponse(ADMIN_ONLY),
      '413': errorResponse('Larger than 256 KiB'),
      '415': errorResponse('Neither application/json nor text/csv'),
      '422': errorResponse(`LIMIT_EXCEEDED (details { limit: "keysPerRequest", max: ${MAX_KEYS_PER_BATCH}, count })`),
      '429': errorResponse('RATE_LIMITED (with Retry-After)'),
      '503': errorResponse('STORAGE_UNAVAILABLE: the keys made before the failure are revoked; send the batch again'),
    },
  }),
  me: describeRoute({
    tags: ['Keys'],
    summary: 'The key making the request',
    description: 'Any key: its own record (id, name, scope, team), never its secret.',
    security: WRITE_SECURITY,
    responses: {
      '200': jsonResponse('The key', KeyBody),
      '401': errorResponse(NO_KEY),
      '429': errorResponse('RATE_LIMITED (with Retry-After)'),
    },
  }),
  listKeys: describeRoute({
    tags: ['Keys'],
    summary: 'Every key, newest first',
    description: 'For admin keys: admin and team keys, revoked ones too, without their secrets.',
    security: WRITE_SECURITY,
    parameters: listParameters(PageQuery),
    responses: {
      '200': jsonResponse(
        '`{ items, cursor }`; pass cursor back for the next page',
        z.object({ items: z.array(KeyBody), cursor: z.string().nullable() }),
      ),
      '400': errorResponse('Invalid query (BAD_CURSOR for a cursor that is not ours)'),
      '401': errorResponse(NO_KEY),
      '403': errorResponse(ADMIN_ONLY),
      '429': errorResponse('RATE_LIMITED (with Retry-After)'),
    },
  }),
  renameKey: (schema: z.ZodType) =>
    describeRoute({
      tags: ['Keys'],
      summary: 'Rename a key',
      description: 'For admin keys: `{ name }`.',
      security: WRITE_SECURITY,
      parameters: [KEY_ID],
      requestBody: jsonBody(schema.meta({ id: 'KeyPatch' })),
      responses: {
        '200': jsonResponse('The key', KeyBody),
        '400': errorResponse('Invalid input'),
        '401': errorResponse(NO_KEY),
        '403': errorResponse(ADMIN_ONLY),
        '404': errorResponse('No such key'),
        '429': errorResponse('RATE_LIMITED (with Retry-After)'),
      },
    }),
  revokeKey: describeRoute({
    tags: ['Keys'],
    summary: 'Revoke a key',
    description:
      'For admin keys. From the next request on, on every server, the key is refused (401 KEY_REVOKED); it stays listed with `revokedAt`. Revoking it again changes nothing.',
    security: WRITE_SECURITY,
    parameters: [KEY_ID],
    responses: {
      '200': jsonResponse('The key, with revokedAt', KeyBody),
      '401': errorResponse(NO_KEY),
      '403': errorResponse(ADMIN_ONLY),
      '404': errorResponse('No such key'),
      '429': errorResponse('RATE_LIMITED (with Retry-After)'),
    },
  }),
};
