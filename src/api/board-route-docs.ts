import { describeRoute } from 'hono-openapi';
import type { z } from 'zod';
import { errorResponse, jsonBody, READ_SECURITY, WRITE_SECURITY } from './openapi.js';

// The OpenAPI entries of the organizer's board tools (src/api/board-admin-routes.ts) and the CSV
// exports (src/api/board-export-routes.ts).

const BOARD_ID = {
  name: 'id',
  in: 'path' as const,
  required: true,
  description: 'A leaderboard id from POST /v1/leaderboards',
  schema: { type: 'string' as const },
};
const ENTRY_ID = {
  name: 'entry',
  in: 'path' as const,
  required: true,
  description: 'An entry id (entryId in the table)',
  schema: { type: 'string' as const },
};

const MATCH = {
  name: 'match',
  in: 'path' as const,
  required: true,
  description: 'A match id of the board (from its export)',
  schema: { type: 'string' as const },
};

const OWNER_ONLY = 'FORBIDDEN: not the key that created the leaderboard';
const NO_BOARD = 'NOT_FOUND: no such leaderboard (a hidden one shows only to its owner and entrants)';

const csvExport = (summary: string, description: string) =>
  describeRoute({
    tags: ['Leaderboards'],
    summary,
    description: `${description} Whoever may read the board may export it.`,
    security: READ_SECURITY,
    parameters: [BOARD_ID],
    responses: {
      '200': { description: 'CSV (RFC 4180) with a header line', content: { 'text/csv': {} } },
      '404': errorResponse(NO_BOARD),
    },
  });

export const boardDocs = {
  patchBoard: (schema: z.ZodType) =>
    describeRoute({
      tags: ['Leaderboards'],
      summary: "Change a board's name, visibility or deadline",
      description:
        'Only the fields given change. A hidden board is not listed and shows only to its owner and its entrants. A concurrent change is not lost: each is applied to the board as the other left it.',
      security: WRITE_SECURITY,
      parameters: [BOARD_ID],
      requestBody: jsonBody(schema),
      responses: {
        '200': { description: 'The board as changed' },
        '400': errorResponse('Invalid input'),
        '403': errorResponse(OWNER_ONLY),
        '404': errorResponse(NO_BOARD),
        '409': errorResponse('BOARD_FROZEN: the deadline of a frozen board stays'),
      },
    }),
  patchEntry: (schema: z.ZodType) =>
    describeRoute({
      tags: ['Leaderboards'],
      summary: "Set an entry's status or pinned version",
      description:
        "The board's owner: `status` disabled, banned or removed (with a `reason`, shown to the entry's team) leaves it out of new rounds and marks it in the table; `active` restores it. `pin` fixes the bot version it plays (null: its latest). The entry's own team: `pin`, and `status: removed` to withdraw an active entry.",
      security: WRITE_SECURITY,
      parameters: [BOARD_ID, ENTRY_ID],
      requestBody: jsonBody(schema),
      responses: {
        '200': { description: 'The entry as changed' },
        '400': errorResponse('Invalid input'),
        '403': errorResponse(
          "FORBIDDEN: neither the board's owner nor the entry's team, or a change only the owner makes",
        ),
        '404': errorResponse('NOT_FOUND: no such leaderboard or entry'),
        '409': errorResponse('BOARD_FROZEN; DEADLINE_PASSED: a pin after the deadline'),
        '503': errorResponse('BOARD_CONTENDED: the entry kept changing; try again'),
      },
    }),
  freezeBoard: describeRoute({
    tags: ['Leaderboards'],
    summary: 'Freeze a board and publish its manifest',
    description:
      "Its standings are final from then on: no new rounds, entries or status changes. The manifest (GET .../manifest) lists the board's settings, every entry's bot, version and sha256, every round and every match with its replay's SHA-256; the board names the manifest's hash (manifestSha256).",
    security: WRITE_SECURITY,
    parameters: [BOARD_ID],
    responses: {
      '200': { description: 'The board, with frozenAt and manifestSha256' },
      '403': errorResponse(OWNER_ONLY),
      '404': errorResponse(NO_BOARD),
      '409': errorResponse('BOARD_FROZEN: frozen already; ROUND_RUNNING: a round is still being played'),
    },
  }),
  getManifest: describeRoute({
    tags: ['Leaderboards'],
    summary: "A frozen board's manifest",
    description:
      "The bytes stored when the board was frozen; their SHA-256 is the Umpire-Manifest-Sha256 header and the board's manifestSha256. Each match re-verifies with POST /v1/matches/{id}/verify, whose storedSha256 is the match's replaySha256.",
    security: READ_SECURITY,
    parameters: [BOARD_ID],
    responses: {
      '200': {
        description: 'The manifest (JSON)',
        headers: { 'Umpire-Manifest-Sha256': { schema: { type: 'string' } } },
      },
      '404': errorResponse(`${NO_BOARD}; NOT_FROZEN: the board has no manifest yet`),
      '503': errorResponse('MANIFEST_MISSING: the stored manifest is gone'),
    },
  }),
  finalRound: (schema: z.ZodType) =>
    describeRoute({
      tags: ['Leaderboards'],
      summary: 'A final among the top entries of a frozen board',
      description:
        'A new board "<name> final" (same game, rating and settings; finalOf and finalBoard link the two) with the top `top` active entries, each playing the version it had at the freeze (its pin, else its latest before then: the final\'s deadline is the freeze), and a round robin scheduled on it.',
      security: WRITE_SECURITY,
      parameters: [BOARD_ID],
      requestBody: jsonBody(schema),
      responses: {
        '201': { description: '`{ leaderboard, round }` (Location: the final board)' },
        '400': errorResponse('Invalid input'),
        '403': errorResponse(OWNER_ONLY),
        '404': errorResponse(NO_BOARD),
        '409': errorResponse('NOT_FROZEN; FINAL_EXISTS; TOO_FEW_ENTRIES: fewer than 2 active entries'),
        '422': errorResponse('LIMIT_EXCEEDED (entriesPerBoard, matchesPerRound)'),
        '501': errorResponse('NO_QUEUE: this deployment has no match queue for rounds'),
      },
    }),
  createInvite: (schema: z.ZodType) =>
    describeRoute({
      tags: ['Leaderboards'],
      summary: 'Make an invite code',
      description:
        'A code teams sign up with (POST /v1/signup): shown once, stored as its sha256, minting at most `maxUses` team keys, until `expiresAt`. A board has at most 20 codes.',
      security: WRITE_SECURITY,
      parameters: [BOARD_ID],
      requestBody: jsonBody(schema),
      responses: {
        '201': { description: '`{ code, id, board, createdAt, maxUses, uses, expiresAt? }`' },
        '400': errorResponse('Invalid input'),
        '403': errorResponse(OWNER_ONLY),
        '404': errorResponse(NO_BOARD),
        '409': errorResponse('BOARD_FROZEN; DEADLINE_PASSED'),
        '422': errorResponse('LIMIT_EXCEEDED (details { limit: "invitesPerBoard", max, count })'),
      },
    }),
  signup: (schema: z.ZodType) =>
    describeRoute({
      tags: ['Keys'],
      summary: 'Sign a team up with an invite code',
      description:
        "No key needed: `{ invite, team, name? }` mints a team key (shown once) invited to the code's board only (`boards`), where it enters its own bots. Each sign-up uses one of the code's uses.",
      requestBody: jsonBody(schema),
      responses: {
        '201': { description: 'The team key, `{ key, id, name, scope, team, ..., boards }`' },
        '400': errorResponse('Invalid input'),
        '404': errorResponse('INVITE_UNKNOWN: no such invite code'),
        '409': errorResponse('INVITE_USED_UP: the code minted all it may; INVITE_EXPIRED'),
      },
    }),
  voidMatch: (schema: z.ZodType) =>
    describeRoute({
      tags: ['Leaderboards'],
      summary: 'Void a rated match',
      description:
        'Marks the match void (`void: { reason, at }` on its export line) and re-rates the board without it, as POST .../rerate does.',
      security: WRITE_SECURITY,
      parameters: [BOARD_ID, MATCH],
      requestBody: jsonBody(schema),
      responses: {
        '200': { description: '`{ match, void, rerated }`: rerated counts the matches rated again' },
        '400': errorResponse('Invalid input'),
        '403': errorResponse(OWNER_ONLY),
        '404': errorResponse('NOT_FOUND: no such leaderboard, or no such rated match on it'),
        '409': errorResponse('ALREADY_VOID; BOARD_FROZEN; ROUND_RUNNING'),
      },
    }),
  rerunMatch: describeRoute({
    tags: ['Leaderboards'],
    summary: 'Play a rated match again',
    description:
      'The same seats on the same map, as the one job of a new round: a new match (new id and seed), rated when played. The first match stays as it is (void it to drop it).',
    security: WRITE_SECURITY,
    parameters: [BOARD_ID, MATCH],
    responses: {
      '202': { description: 'The new round, `{ id, total: 1, done, failed, status }` (Location: the round)' },
      '403': errorResponse(OWNER_ONLY),
      '404': errorResponse('NOT_FOUND: no such leaderboard, or no such rated match on it'),
      '409': errorResponse('BOARD_FROZEN'),
      '501': errorResponse('NO_QUEUE: this deployment has no match queue for rounds'),
    },
  }),
  rerate: describeRoute({
    tags: ['Leaderboards'],
    summary: 'Re-rate a board',
    description:
      "Rebuilds every entry's rating, record and history, and each export line's ratings, from the board's non-void matches in the order they finished, each rated against the ratings just before it: deterministic, and with nothing void the ratings the board had.",
    security: WRITE_SECURITY,
    parameters: [BOARD_ID],
    responses: {
      '200': { description: '`{ rerated }`: the matches rated' },
      '403': errorResponse(OWNER_ONLY),
      '404': errorResponse(NO_BOARD),
      '409': errorResponse('BOARD_FROZEN; ROUND_RUNNING: a round is still being played'),
    },
  }),
  standingsCsv: csvExport(
    'Standings, as CSV',
    'rank, entry, bot (where the reader may see it), name, rating, uncertainty, points, wins, losses, draws, played, status.',
  ),
  matchesCsv: csvExport(
    'Finished matches, as CSV',
    'One line per rated match in the order they finished: match, round, finished_at, map, entries (by seat), names, scores, ranks (1 best), void.',
  ),
  headToHeadCsv: csvExport(
    'Head-to-head table, as CSV',
    "One line per pair of entries that met (void matches left out): wins, losses and draws of the first against the second (a win: a better place), pairs in the table's order.",
  ),
};
