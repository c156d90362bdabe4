import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { JobQueue } from '../store/contract/job-queue.js';
import { newEntry, newLeaderboard } from '../leaderboard/boards.js';
import { cancelRound, runningRounds } from '../leaderboard/cancel-round.js';
import { activeEntries } from '../leaderboard/round-inputs.js';
import { scheduleRound } from '../leaderboard/schedule-round.js';
import type { LeaderboardDeps } from '../leaderboard/deps.js';
import type { RoundJob } from '../store/contract/round-job.js';
import type { ApiKeyRecord, KeyStore } from '../store/contract/keys.js';
import { entryStatusOf, type Entry, type Leaderboard } from '../store/contract/leaderboards.js';
import { ApiProblem } from './problems.js';
import { readerOf, type AuthMode } from './auth.js';
import {
  isEntrant,
  mayEnter,
  ownBoard,
  readableBoard,
  refuseAfterDeadline,
  refuseFrozen,
  refuseTeamBoards,
} from './board-access.js';
import { ownBotRecord, usableBotRecord } from './bot-access.js';
import { enforceLimit, type Limits } from './limits.js';
import { readOptionalJson, RoundRequest, roundOptions } from './round-requests.js';
import {
  boardStandings,
  botIdVisibility,
  entryId,
  presentListedBoard,
  presentResultLine,
  presentRound,
  presentTable,
} from './leaderboard-views.js';
import { checkId, MAX_CURSOR_CHARS, PageQuery, parseInput, readJson, requestedGame } from './schemas.js';
import { docs } from './route-docs.js';
import { base64UrlEncode } from '../core/base64url.js';
import type { GameModule } from '../core/game-module.js';
import { findGame, gameById } from '../games/catalog.js';
import { botFitsGame, botGameMismatch } from '../match/seats.js';
import type { Webhook } from '../leaderboard/webhooks.js';
import { checkWebhookUrl } from '../leaderboard/webhook-address.js';
import { DEFAULT_WEBHOOK_SETTINGS } from '../leaderboard/webhook-settings.js';

type Env = { Variables: { owner: ApiKeyRecord } };

/** The fields every leaderboard has; its game's settings (the game module's leaderboard.settings) follow. */
const BOARD_FIELDS = {
  name: z.string().min(1).max(100),
  rating: z.enum(['openskill', 'elo']).default('openskill'),
  public: z.boolean().default(false).describe('a public board is listed by GET /v1/leaderboards (default false)'),
};

/** How many of a board's newest results GET /v1/leaderboards/:id shows. */
const RECENT_MATCHES = 10;

/** A new leaderboard's body: the game is read first, then the body is checked against that game's settings. */
function newLeaderboardInput(input: unknown): { game: GameModule; board: Record<string, unknown> } {
  const game = requestedGame(input);
  const schema = z.object({ ...BOARD_FIELDS, game: z.literal(game.id), ...game.leaderboard.settings.shape }).strict();
  return { game, board: parseInput(schema, input) as Record<string, unknown> };
}

const NewWebhook = z.object({ url: z.url({ protocol: /^https?$/ }).max(2000) }).strict();

const NewEntry = z
  .object({ bot: z.string().regex(/^bot_[A-Za-z0-9_-]{22}$/, 'must be a bot id from POST /v1/bots') })
  .strict();

const parse = async <T>(schema: z.ZodType<T>, raw: Request): Promise<T> => parseInput(schema, await readJson(raw));

/** Leaderboards, their entries and rounds, and the export of their results. */
export function leaderboardRoutes(
  app: Hono<Env>,
  deps: LeaderboardDeps & { limits: Limits; keys: KeyStore; auth: AuthMode },
  auth: MiddlewareHandler<Env>,
  queue: JobQueue<RoundJob> | undefined,
): void {
  // A hidden board shows only to its owner and entrants (board-access.ts).
  const readable = async (id: string, header: string | undefined) =>
    readableBoard(deps.leaderboards, id, await readerOf(deps.keys, deps.auth, header));
  const mine = (id: string, owner: ApiKeyRecord) => ownBoard(deps.leaderboards, id, owner);

  app.post('/v1/leaderboards', docs.createLeaderboard(BOARD_FIELDS), auth, async (c) => {
    refuseTeamBoards(c.get('owner'));
    const { game, board: input } = newLeaderboardInput(await readJson(c.req.raw));
    const { name, game: _game, rating, public: listed, ...settings } = input;
    const prepared = game.leaderboard.prepare(settings);
    const venue = game.leaderboard.venueSetting ?? 'maps';
    enforceLimit(
      `${venue}PerBoard`,
      deps.limits.mapsPerBoard,
      game.leaderboard.venues(prepared).length,
      `distinct ${venue} on a leaderboard`,
    );
    const created = newLeaderboard(
      {
        name: name as string,
        game: game.id,
        ...prepared,
        rating: rating as 'openskill' | 'elo',
        public: listed === true,
        owner: c.get('owner').id,
      },
      new Date(),
    );
    await deps.leaderboards.createBoard(created);
    c.header('Location', `/v1/leaderboards/${created.id}`);
    return c.json(created, 201);
  });

  app.post('/v1/leaderboards/:id/entries', docs.addEntry(NewEntry), auth, async (c) => {
    const caller = c.get('owner');
    const b = await mayEnter(deps.leaderboards, c.req.param('id'), caller);
    const { bot } = await parse(NewEntry, c.req.raw);
    refuseFrozen(b, 'entries');
    refuseAfterDeadline(b, new Date(), 'entries');
    // The board's owner enters its own bots, or public ones; an invited team its own bots only.
    // An entry stays if its bot is made private later.
    const record =
      caller.id === b.owner
        ? await usableBotRecord(deps.bots, bot, b.owner)
        : await ownBotRecord(deps.bots, bot, caller.id);
    const game = findGame(b.game);
    if (!game || !botFitsGame(game, record.kind)) {
      throw new ApiProblem(400, 'WRONG_GAME', `bot: a ${record.kind} bot cannot play on a ${b.game} leaderboard`, {
        field: 'bot',
      });
    }
    // A bot bound to a game enters that game's boards only; an unbound one (stored before bots had a game) any that fits its kind.
    if (record.game !== undefined && record.game !== b.game)
      throw botGameMismatch(record.id, record.game, b.game, 'leaderboard', 'bot');
    const entries = await deps.leaderboards.entries(b.id, { history: false });
    if (entries.some((e) => e.botId === bot))
      throw new ApiProblem(409, 'ALREADY_ENTERED', `bot ${bot} is on this leaderboard already`);
    enforceLimit('entriesPerBoard', deps.limits.entriesPerBoard, entries.length + 1, 'entries on a leaderboard');
    const entry = { ...newEntry(b, record), enteredBy: caller.id, ...(caller.team ? { team: caller.team } : {}) };
    if (!(await deps.leaderboards.addEntry(b.id, entry)))
      throw new ApiProblem(409, 'ALREADY_ENTERED', `bot ${bot} is on this leaderboard already`);
    return c.json({ entryId: await entryId(b.id, entry.botId), ...entry }, 201);
  });

  const hookSettings = deps.webhookSettings ?? DEFAULT_WEBHOOK_SETTINGS;

  app.post('/v1/leaderboards/:id/webhooks', docs.addWebhook(NewWebhook), auth, async (c) => {
    const b = await mine(c.req.param('id'), c.get('owner'));
    const { url } = await parse(NewWebhook, c.req.raw);
    // Public addresses only (unless the server opts in for local development), never credentials in the URL.
    const checked = checkWebhookUrl(url, { allowPrivate: hookSettings.allowPrivate });
    if (!checked.ok) throw new ApiProblem(422, checked.problem.code, checked.problem.message, { field: 'url' });
    const count = (await deps.leaderboards.webhooks(b.id)).length;
    if (count >= hookSettings.maxPerBoard) {
      // The shape of the other limits' answers (LIMIT_EXCEEDED, details { limit, max, count }).
      const max = hookSettings.maxPerBoard;
      throw new ApiProblem(
        422,
        'LIMIT_EXCEEDED',
        `webhooksPerBoard: at most ${max} webhooks on a leaderboard; this one has ${count} (delete one first)`,
        { limit: 'webhooksPerBoard', max, count },
      );
    }
    const hook: Webhook = {
      id: `hook_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(9)))}`,
      url: checked.url.href,
      secret: `whsec_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(24)))}`,
      createdAt: new Date().toISOString(),
    };
    await deps.leaderboards.addWebhook(b.id, hook);
    // The secret is shown once, here: the receiver verifies signatures with it.
    return c.json(hook, 201);
  });

  app.get('/v1/leaderboards/:id/webhooks', docs.listWebhooks, auth, async (c) => {
    const b = await mine(c.req.param('id'), c.get('owner'));
    const hooks = await deps.leaderboards.webhooks(b.id);
    return c.json({
      webhooks: hooks.map(({ id, url, createdAt }) => ({ id, url, createdAt })),
      limit: hookSettings.maxPerBoard,
    });
  });

  app.delete('/v1/leaderboards/:id/webhooks/:hook', docs.deleteWebhook, auth, async (c) => {
    const hookId = checkId('hook', c.req.param('hook'));
    const b = await mine(c.req.param('id'), c.get('owner'));
    if (!/^hook_[A-Za-z0-9_-]{12}$/.test(hookId) || !(await deps.leaderboards.deleteWebhook(b.id, hookId)))
      throw new ApiProblem(404, 'NOT_FOUND', `no webhook '${hookId.slice(0, 100)}' on this leaderboard`);
    // Deliveries still pending for it are dropped; the hook is gone whether or not that worked.
    await deps
      .forgetHook?.(hookId)
      .catch((e) => console.error(`webhook ${hookId}: pending deliveries not dropped: ${(e as Error).message}`));
    return c.body(null, 204);
  });

  app.get('/v1/leaderboards', docs.listLeaderboards, async (c) => {
    const query = parseInput(PageQuery, c.req.query());
    const page = await deps.leaderboards.listBoards(query.limit, query.cursor);
    return c.json({ items: page.items.map(presentListedBoard), cursor: page.cursor });
  });

  app.get('/v1/leaderboards/:id', docs.getLeaderboard, async (c) => {
    const reader = await readerOf(deps.keys, deps.auth, c.req.header('Authorization'));
    const b = await readableBoard(deps.leaderboards, c.req.param('id'), reader);
    const visible = botIdVisibility(deps.bots, reader);
    const withHistory = c.req.query('history') === '1';
    const [entries, latest, recent] = await Promise.all([
      deps.leaderboards.entries(b.id, { history: withHistory }),
      deps.leaderboards.latestRound(b.id),
      deps.leaderboards.recentResults(b.id, RECENT_MATCHES),
    ]);
    const rows = boardStandings(b, entries, withHistory);
    return c.json({
      leaderboard: b,
      table: await withReasons(b, await presentTable(b.id, rows, visible), entries, reader),
      latestRound: latest ? presentRound(latest) : null,
      // Newest first, each line as the export shows it.
      recentMatches: await Promise.all(recent.map((l) => presentResultLine(b.id, l, visible))),
    });
  });

  app.post('/v1/leaderboards/:id/rounds', docs.scheduleRound(RoundRequest), auth, async (c) => {
    const b = await mine(c.req.param('id'), c.get('owner'));
    const request = parseInput(RoundRequest, await readOptionalJson(c.req.raw));
    if (!queue) throw new ApiProblem(501, 'NO_QUEUE', 'this deployment has no match queue for rounds');
    refuseFrozen(b, 'rounds');
    // Counted from the number of active entries, before anything is queued.
    const entries = (await activeEntries(deps, b)).length;
    const options = roundOptions(request, gameById(b.game), b, entries, deps.limits.matchesPerRound);
    const running = request.concurrent ? [] : await runningRounds(deps, b);
    if (running.length > 0)
      throw new ApiProblem(
        409,
        'ROUND_RUNNING',
        `round ${running[0]!.id} is still running: cancel it, wait for it, or ask for concurrent: true`,
        { round: running[0]!.id },
      );
    const round = await scheduleRound(deps, queue, b, new Date(), options);
    c.header('Location', `/v1/leaderboards/${b.id}/rounds/${round.id}`);
    return c.json(presentRound(round), 202);
  });

  app.post('/v1/leaderboards/:id/rounds/:rid/cancel', docs.cancelRound, auth, async (c) => {
    const rid = checkId('rid', c.req.param('rid'));
    const b = await mine(c.req.param('id'), c.get('owner'));
    const result = await cancelRound(deps, b, rid, new Date());
    if (result.kind === 'missing') throw new ApiProblem(404, 'NOT_FOUND', `no round '${rid}'`);
    if (result.kind === 'finished')
      throw new ApiProblem(409, 'ROUND_FINISHED', `round ${rid} has finished: there is nothing to cancel`);
    return c.json(presentRound(result.round));
  });

  app.get('/v1/leaderboards/:id/rounds/:rid', docs.getRound, async (c) => {
    const rid = checkId('rid', c.req.param('rid'));
    const b = await readable(c.req.param('id'), c.req.header('Authorization'));
    const round = await deps.leaderboards.getRound(b.id, rid);
    if (!round) throw new ApiProblem(404, 'NOT_FOUND', `no round '${rid}'`);
    return c.json(presentRound(round));
  });

  // For sites that keep their own table: every rated match once, in order, as JSON lines.
  app.get('/v1/leaderboards/:id/matches', docs.boardMatches, async (c) => {
    const since = c.req.query('since');
    if (since !== undefined && since.length > MAX_CURSOR_CHARS)
      throw new ApiProblem(400, 'INVALID_REQUEST', `since: a cursor has at most ${MAX_CURSOR_CHARS} characters`, {
        field: 'since',
      });
    const reader = await readerOf(deps.keys, deps.auth, c.req.header('Authorization'));
    const b = await readableBoard(deps.leaderboards, c.req.param('id'), reader);
    const visible = botIdVisibility(deps.bots, reader);
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    const { lines, cursor } = await deps.leaderboards.results(b.id, since, limit);
    const shown = await Promise.all(lines.map((l) => presentResultLine(b.id, l, visible)));
    if (cursor) c.header('Umpire-Cursor', cursor);
    return c.body(shown.map((l) => JSON.stringify(l) + '\n').join(''), 200, { 'Content-Type': 'application/x-ndjson' });
  });
}

/** The table with each non-active entry's reason, for the board's owner and the entry's own team. */
async function withReasons<R extends { entryId: string }>(
  board: Leaderboard,
  rows: R[],
  entries: readonly Entry[],
  reader: ApiKeyRecord | null,
): Promise<R[]> {
  const reasons = new Map<string, string>();
  for (const e of entries)
    if (
      e.reason !== undefined &&
      entryStatusOf(e) !== 'active' &&
      (reader?.id === board.owner || isEntrant(board, e, reader))
    )
      reasons.set(await entryId(board.id, e.botId), e.reason);
  return rows.map((row) => (reasons.has(row.entryId) ? { ...row, reason: reasons.get(row.entryId) } : row));
}
