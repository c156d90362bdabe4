import type { Hono, MiddlewareHandler } from 'hono';
import type { MatchRecord } from '../core/game-module.js';
import type { SeatErrorKind, SeatFailure } from '../core/seat-conduct.js';
import { findGame } from '../games/catalog.js';
import { logTurnsKey } from '../match/digest.js';
import { readStoredLogs, readStoredReplay } from '../match/match-object.js';
import { logSeatCount, readableSeats, withheldLogs } from '../match/log-access.js';
import { seatBotsOf } from '../match/seat-bots.js';
import { logsAndTurns, readStoredJson, StoredLogTurns } from '../match/stored-documents.js';
import type { BlobStore } from '../store/contract/blobs.js';
import type { BotStore } from '../store/contract/bots.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import { ApiProblem } from './problems.js';
import { docs } from './route-docs.js';
import { seatDocs } from './match-log-docs.js';
import { withPrivateBotIdsHidden } from './stored-bot-ids.js';

type Env = { Variables: { owner: ApiKeyRecord } };

export interface MatchLogDeps {
  readonly blobs: BlobStore;
  readonly bots: BotStore;
  /** The stored record of a match id, or 404. */
  readonly findRecord: (id: string) => Promise<MatchRecord>;
}

const FORBIDDEN =
  "no seat of this match is yours to read: its creator's, its bots' owners' and its board's owner's only";

/**
 * Bots' logs of a match, each seat to those allowed to read it (src/match/log-access.ts):
 * the logs document as stored, with the other seats null; and each seat with its bot,
 * version, log and first failure. A caller who may read no seat is refused (403).
 */
export function matchLogRoutes(app: Hono<Env>, deps: MatchLogDeps, auth: MiddlewareHandler<Env>): void {
  /** The logs of a match and where each turn's part ends: one object, or two for a match stored before. */
  const storedLogs = async (record: MatchRecord) => {
    const stored = await readStoredLogs(deps.blobs, record);
    if (!stored) return { logs: null, turns: async () => null };
    const { logs, turns } = logsAndTurns(stored.doc);
    return { logs, turns: async () => (turns === undefined ? await oldLogTurns(record) : turns) };
  };

  const oldLogTurns = async (record: MatchRecord) =>
    (
      await readStoredJson(
        deps.blobs,
        logTurnsKey(record.id),
        StoredLogTurns,
        `the stored log turns of match ${record.id}`,
      )
    )?.doc.seats ?? null;

  app.get('/v1/matches/:id/logs', docs.matchLogs, auth, async (c) => {
    const record = await deps.findRecord(c.req.param('id'));
    const { logs } = await storedLogs(record);
    const readable = await readableSeats(deps.bots, record, logs ? logSeatCount(logs) : 0, c.get('owner').id);
    if (!logs) {
      if (record.owner !== c.get('owner').id && !(await readsAny(deps.bots, record, c.get('owner').id)))
        throw new ApiProblem(403, 'FORBIDDEN', FORBIDDEN);
      throw new ApiProblem(
        404,
        'NOT_FOUND',
        `no logs for match ${record.id}${findGame(record.game)?.bots.form === 'text' ? ` (${record.game} bots write none)` : ''}`,
      );
    }
    if (!readable.some((r) => r)) throw new ApiProblem(403, 'FORBIDDEN', FORBIDDEN);
    return c.json(withheldLogs(logs, readable));
  });

  app.get('/v1/matches/:id/seats', seatDocs.matchSeats, auth, async (c) => {
    const record = await deps.findRecord(c.req.param('id'));
    const game = findGame(record.game);
    const stored = await storedLogs(record);
    const logs = stored.logs;
    const replay = game ? await readStoredReplay(deps.blobs, record, game.verify.stored) : null;
    const conduct = game && replay ? (game.cli.conduct?.(record, replay.doc) ?? null) : null;
    const bots = seatBotsOf((await withPrivateBotIdsHidden(deps.bots, [record]))[0]!);
    const named = seatBotsOf(record);
    const names = conduct?.map((s) => s.seat) ?? (logs ? seatNames(logs) : (bots ?? []).map((_, k) => String(k)));
    const readable = await readableSeats(deps.bots, record, names.length, c.get('owner').id);
    if (!readable.some((r) => r)) throw new ApiProblem(403, 'FORBIDDEN', FORBIDDEN);
    const logList = logs ? (Array.isArray(logs) ? logs : Object.values(logs)) : null;
    const turns = logs ? await stored.turns() : null;
    return c.json({
      items: names.map((seat, k) => ({
        seat,
        // A seat's bot id: to those who read the seat, or to anyone while the bot is public.
        bot: (readable[k] ? named?.[k]?.bot : bots?.[k]?.bot) ?? null,
        version: bots?.[k]?.version ?? null,
        readable: readable[k] === true,
        log: readable[k] ? (logList?.[k] ?? null) : null,
        turns: readable[k] ? (turns?.[k]?.marks ?? null) : null,
        turnsCut: readable[k] ? turns?.[k]?.cut === true : false,
        failure: readable[k] ? ((conduct?.[k]?.firstFailure ?? null) as SeatFailure | null) : null,
        // The first failure of each kind, with counts: read as the first failure is, by the seat's readers only.
        errors: readable[k]
          ? boundedErrors(
              conduct?.[k]?.firstErrors ??
                (conduct?.[k]?.firstFailure ? [{ ...conduct[k]!.firstFailure!, count: 1 }] : []),
            )
          : null,
      })),
    });
  });
}

/** A failure's message is the bot's text: a few kilobytes of it at most, whatever the bot threw. */
const MESSAGE_CHARS = 2000;

function boundedErrors(errors: readonly SeatErrorKind[]): SeatErrorKind[] {
  return errors.map((e) =>
    e.message.length > MESSAGE_CHARS ? { ...e, message: `${e.message.slice(0, MESSAGE_CHARS)}...` } : e,
  );
}

const seatNames = (logs: Record<string, unknown> | readonly unknown[]): string[] =>
  Array.isArray(logs) ? logs.map((_, k) => String(k)) : Object.keys(logs);

async function readsAny(bots: BotStore, record: MatchRecord, caller: string): Promise<boolean> {
  const seats = seatBotsOf(record) ?? [];
  return (await readableSeats(bots, record, seats.length, caller)).some((r) => r);
}
