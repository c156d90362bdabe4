import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { errorResponse, jsonResponse, WRITE_SECURITY } from './openapi.js';

// The OpenAPI entry of a match's seats with their logs and failures (src/api/match-log-routes.ts).

const SeatBody = z
  .object({
    seat: z.string().describe("the game's seat name ('red', '0'...)"),
    bot: z
      .string()
      .nullable()
      .describe(
        'the stored bot that sat there, to those who read the seat or while it is public; null otherwise, and for a bot sent with the request',
      ),
    version: z.number().int().nullable().describe('the version of it that played'),
    readable: z.boolean().describe('whether the caller may read this seat'),
    log: z.string().nullable().describe('what the bot wrote; null when withheld or when the game keeps none'),
    turns: z
      .array(z.tuple([z.number().int(), z.number().int()]))
      .nullable()
      .describe(
        "where each turn's part of the log ends: `[turn, end]` pairs, one for each turn that wrote something, in order; a turn's part starts where the pair before it ends (0 for the first). Turn -1 is the load; the turn after the last is the end marker stdin/stdout players are sent. At most 1000 pairs (see turnsCut). Null when withheld, and for matches stored before the marks were kept (the log is then one part)",
      ),
    turnsCut: z
      .boolean()
      .describe(
        'true when the seat wrote on more turns than the 1000 pairs kept: what follows the last pair is the rest of the log',
      ),
    failure: z
      .object({ turn: z.number().int().nullable(), code: z.string(), message: z.string() })
      .nullable()
      .describe("the bot's first failure (load, crash, fuel, timeout, invalid move); null when none or withheld"),
    errors: z
      .array(
        z.object({
          turn: z.number().int().nullable(),
          code: z.string(),
          message: z.string().describe("the bot's error text, cut at 2000 characters"),
          count: z.number().int().describe('how many failures of this kind the seat had'),
        }),
      )
      .nullable()
      .describe(
        "the first failure of each kind (a load failure; error, crash, over_budget, retired, invalid_move...), in the order they first happened, each with its count; the places and frames of a JavaScript or TypeScript bot's errors are in its log, at their turn. Null when withheld",
      ),
  })
  .meta({ id: 'MatchSeat' });

export const seatDocs = {
  matchSeats: describeRoute({
    tags: ['Matches'],
    summary: "A match's seats: bot, version, log and first failure",
    description:
      "Each seat's log and failure go to: the key that created the match (the seats it filled: bundles it sent, its own stored bots), a stored bot's owner (that bot's seat, in any match, a board's included), and a board match's owner (every seat). The other seats are `readable: false` with log and failure null.",
    security: WRITE_SECURITY,
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'A match id (22 characters of base64url)',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' },
      },
    ],
    responses: {
      '200': jsonResponse('`{ items }`, one per seat in seat order', z.object({ items: z.array(SeatBody) })),
      '401': errorResponse('No key'),
      '403': errorResponse('FORBIDDEN: no seat of the match is yours to read'),
      '404': errorResponse('No such match'),
      '500': errorResponse('REPLAY_CORRUPT: the stored replay or logs cannot be decoded'),
    },
  }),
};
