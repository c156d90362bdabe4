import { Hono, type Context } from 'hono';
import { InputError, UmpireError } from '../core/errors.js';
import type { GameModule, MatchRecord } from '../core/game-module.js';
import { DEFAULT_GAME, findGame } from '../games/catalog.js';
import { readStoredReplay, storedReplayBytes } from '../match/match-object.js';
import type { MatchRunner } from '../match/runner.js';
import type { VersionPolicy } from '../match/version-policy.js';
import { decodeSeats, type ResolveBot } from '../match/seats.js';
import { storedSeat } from '../match/stored-bots.js';
import { playAndStore } from '../match/store-match.js';
import { forTenant, keyTenant } from '../match/tenant.js';
import { decodeOrCorrupt } from '../match/stored-documents.js';
import { verifyMatch } from '../match/verify-match.js';
import { StoreError } from '../store/contract/errors.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import { readableBoard } from './board-access.js';
import { boardIsFrozen } from '../leaderboard/boards.js';
import type { Stores } from '../store/contract/stores.js';
import { botRoutes } from './bot-routes.js';
import { gameRoutes } from './game-routes.js';
import { keyRoutes } from './key-routes.js';
import { problemPage, webRoutes } from '../web/routes.js';
import { CLAIM_MARGIN_MS, requestDeadlineMs, runIdempotent } from './idempotency.js';
import { asyncMatchState, prefersAsync, queueMatch } from './async-match.js';
import { batchRoutes } from './batch-routes.js';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../leaderboard/webhook-settings.js';
import { bodyLimits, limitsFromEnv, processEnv, type Limits } from './limits.js';
import { leaderboardRoutes } from './leaderboard-routes.js';
import { boardAdminRoutes } from './board-admin-routes.js';
import { boardExportRoutes } from './board-export-routes.js';
import { inviteRoutes } from './invite-routes.js';
import { matchControlRoutes } from './match-control-routes.js';
import { matchLogRoutes } from './match-log-routes.js';
import { withPrivateBotIdsHidden } from './stored-bot-ids.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { writeAuth, type AuthMode } from './auth.js';
import { VERSION } from '../version.js';
import { readMatchRequest } from './match-request.js';
import { docsAssetHandler, docsHandler, openApiHandler } from './openapi.js';
import { ApiProblem, POOL_BUSY_RETRY_AFTER_S, problemResponse, runnerProblem } from './problems.js';
import { checkId, ListQuery, parseInput } from './schemas.js';
import { docs } from './route-docs.js';
import { bodyGuard, csrfGuard, hostGuard, securityHeaders } from './guard.js';
import { inlineHashes, viewerPolicy } from './policies.js';
import { LOOPBACK_SITE, type Site } from './site.js';
import { FUEL_PER_MS } from '../sandbox/policy.js';

/** The stores the API reads and writes (every backend's but the webhook lanes'), and how it runs. */
export interface AppConfig extends Omit<Stores, 'deliveries' | 'batches'> {
  /** Batches and asynchronous matches (with a queue); without them, neither is offered. */
  readonly batches?: Stores['batches'];
  /** Where rounds' matches wait to be played; without one, rounds are not offered. */
  readonly queue?: JobQueue<RoundJob>;
  /** Whether writes need an API key (deployed entries) or accept none (the local server). */
  readonly auth: AuthMode;
  /** Where matches and upload checks run (src/match/runner.ts). */
  readonly runner: MatchRunner;
  /** When a bot version that errs is disabled (default: from the process environment). */
  readonly versionPolicy?: VersionPolicy;
  /** Largest bundle accepted, in bytes (default 5 MB). */
  readonly maxBundleBytes?: number;
  /** Caps on leaderboards (default: from the environment, src/api/limits.ts). */
  readonly limits?: Limits;
  /** The origin of the URLs the API hands out and the hosts it answers to (default: loopback names only). */
  readonly site?: Site;
  /** Who may receive webhooks (default: public addresses only). */
  readonly webhookSettings?: WebhookSettings;
}

/** The app's Hono environment: the write owner found by the auth middleware (its `scope` always set). */
export type ApiEnv = { Variables: { owner: ApiKeyRecord } };

/**
 * The whole HTTP API and its pages as one Hono app: web-standard Request/Response only; every game
 * through its module. Every request passes the guards (src/api/guard.ts) before any route: the Host
 * it names, where a write comes from, the size of its body; every answer leaves with the security
 * headers. The pages call the routes behind the guards (in-process, as the API's own client).
 */
export function createApp(config: AppConfig): Hono<ApiEnv> {
  const maxBundle = config.maxBundleBytes ?? 5 * 1024 * 1024;
  const site = config.site ?? LOOPBACK_SITE;
  const app = new Hono<ApiEnv>();
  // What the guards refuse: a page to a browser's page or form, the API's error to the rest.
  app.onError((err, c) =>
    err instanceof ApiProblem && wantsPage(c) ? problemPage(c, err.status, err.code, err.message) : answerError(err, c),
  );
  app.notFound(notFound);
  app.use(securityHeaders(), hostGuard(site), csrfGuard(site), bodyGuard(bodyLimits(maxBundle)));
  app.route('/', routes(config, site, maxBundle));
  return app;
}

/** An error as the API answers it. */
function answerError(err: Error, c: Context): Response {
  if (err instanceof ApiProblem) return problemResponse(c, err);
  const runner = runnerProblem(err);
  if (runner) {
    if (runner.code === 'POOL_BUSY' || runner.code === 'KEY_QUEUE_FULL')
      c.header('Retry-After', String(POOL_BUSY_RETRY_AFTER_S));
    return problemResponse(c, runner);
  }
  if (err instanceof InputError)
    return problemResponse(c, new ApiProblem(err.status, err.code, err.message, err.details));
  // Stored content that cannot be read back (REPLAY_CORRUPT), an id that collided: the service's fault.
  if (err instanceof UmpireError && (err.code === 'REPLAY_CORRUPT' || err.code === 'ID_COLLISION'))
    return problemResponse(c, new ApiProblem(500, err.code, err.message));
  if (err instanceof StoreError) {
    return problemResponse(
      c,
      err.code === 'BAD_CURSOR'
        ? new ApiProblem(400, 'BAD_CURSOR', `cursor: ${err.message}`, { field: 'cursor' })
        : new ApiProblem(503, err.code, err.message),
    );
  }
  console.error(err);
  return problemResponse(c, new ApiProblem(500, 'INTERNAL', 'internal error'));
}

const notFound = (c: Context) =>
  problemResponse(
    c,
    new ApiProblem(404, 'NOT_FOUND', `no route for ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)}`),
  );

/** Whether a refused request came from a browser's page or form (not the API, not a script asking for JSON). */
function wantsPage(c: Context): boolean {
  const path = c.req.path;
  if (path.startsWith('/v1/') || path === '/healthz' || path === '/openapi.json') return false;
  return !(c.req.header('Accept') ?? '').includes('application/json');
}

/** The routes: the API, its documentation, the pages. */
function routes(config: AppConfig, site: Site, maxBundle: number): Hono<ApiEnv> {
  const limits = config.limits ?? limitsFromEnv(processEnv());
  const app = new Hono<ApiEnv>();
  const auth = writeAuth(config.keys, config.auth);
  app.onError(answerError);
  app.notFound(notFound);
  const present = (c: Context, record: MatchRecord) => presentRecord(site.origin ?? new URL(c.req.url).origin, record);

  app.get('/healthz', docs.healthz, (c) => c.json({ status: 'ok', version: VERSION }));
  app.get('/openapi.json', docs.openapi, openApiHandler(app));
  app.get('/docs', docs.docs, docsHandler());
  app.get('/docs/assets/:file', docsAssetHandler());

  gameRoutes(app);

  // The web pages read and write through these routes (app.request, in-process), under the API's own rules.
  webRoutes(app, { api: (path, init) => Promise.resolve(app.request(path, init)), fuelPerMs: FUEL_PER_MS });

  app.post('/v1/matches', docs.createMatch, auth, async (c) => {
    // With Prefer: respond-async, as with async: true (a retry is the same request either way).
    const read = await readMatchRequest(c.req.raw, prefersAsync(c));
    const { game, request, public: listed, canonical, async: queued } = read;
    const owner = c.get('owner').id;
    if (read.webhook !== undefined && !queued)
      throw new ApiProblem(400, 'INVALID_REQUEST', 'webhook: for an asynchronous match only (async: true)', {
        field: 'webhook',
      });
    if (queued && (!config.queue || !config.batches))
      throw new ApiProblem(501, 'NO_QUEUE', 'this deployment has no match queue for asynchronous matches');
    // Stored bots: the caller's own, or public ones; any other id is not found.
    const resolveBot: ResolveBot = (id, field) => storedSeat(config, id, { owner, field });
    const seats = await decodeSeats(game, game.request.seats(request), resolveBot, maxBundle);
    const setup = await game.setup(request);
    const deadlineMs = requestDeadlineMs(
      game,
      setup.budgets,
      seats.map((s) => s.bot),
    );
    if (queued) {
      // Checked as a match is (bad input answered 4xx above), then queued as a batch of one.
      const deps = { ...config, batches: config.batches! };
      const { record, replayed } = await runIdempotent(config.matches, {
        owner,
        key: c.req.header('Idempotency-Key'),
        canonical,
        deadlineMs: CLAIM_MARGIN_MS,
        run: () =>
          queueMatch(
            deps,
            config.queue!,
            { owner, game, request, public: listed, ...(read.webhook === undefined ? {} : { webhook: read.webhook }) },
            config.webhookSettings ?? DEFAULT_WEBHOOK_SETTINGS,
          ),
        find: (id) => asyncMatchState(deps, id),
      });
      if (replayed) c.header('Idempotent-Replayed', 'true');
      if (prefersAsync(c)) c.header('Preference-Applied', 'respond-async');
      c.header('Location', `/v1/matches/${record.id}`);
      return c.json(record, 202);
    }
    // The match waits its turn among this key's jobs (a key cannot crowd out the others: worker-pool.ts).
    const runner = forTenant(config.runner, keyTenant(owner));
    const play = () =>
      playAndStore({ ...config, runner }, game, request, seats, new Date(), owner, undefined, setup, { listed });
    const { record, replayed } = await runIdempotent(config.matches, {
      owner,
      key: c.req.header('Idempotency-Key'),
      canonical,
      deadlineMs,
      run: play,
    });
    if (replayed) c.header('Idempotent-Replayed', 'true');
    else c.header('Location', `/v1/matches/${record.id}`);
    return c.json(present(c, record), 201);
  });

  botRoutes(app, config, auth, maxBundle);

  keyRoutes(app, config.keys, auth);

  leaderboardRoutes(app, { ...config, limits }, auth, config.queue);
  boardAdminRoutes(app, { ...config, limits }, auth, config.queue);
  boardExportRoutes(app, config);
  inviteRoutes(app, config, auth);
  matchControlRoutes(app, config, auth, config.queue);

  batchRoutes(app, config, auth, config.queue);

  app.get('/v1/matches', docs.listMatches, async (c) => {
    const query = parseInput(ListQuery, c.req.query());
    // With a bot: the matches it played; without: the listed (public) matches.
    // A bot id (with a version) is a listing key of its own, as a sha256 is (src/match/seat-bots.ts).
    const key = query.bot && query.version !== undefined ? `${query.bot}@${query.version}` : query.bot;
    const page = key
      ? await config.matches.listByBot<MatchRecord>(key, query.limit, query.cursor)
      : await config.matches.listRecent<MatchRecord>(query.limit, query.cursor);
    const items = await withPrivateBotIdsHidden(config.bots, page.items);
    return c.json({ items: items.map((r) => present(c, r)), cursor: page.cursor });
  });

  app.get('/v1/matches/:id', docs.getMatch, async (c) => {
    const id = checkId('id', c.req.param('id'));
    const record = MATCH_ID.test(id) ? await config.matches.get<MatchRecord>(id) : null;
    if (record) return c.json(present(c, (await withPrivateBotIdsHidden(config.bots, [record]))[0]!));
    // An asynchronous match not played yet: 202 while queued, its reason once failed.
    const pending =
      MATCH_ID.test(id) && config.batches ? await asyncMatchState({ ...config, batches: config.batches }, id) : null;
    if (!pending || pending.status === 'done') throw new ApiProblem(404, 'NOT_FOUND', `no match with id '${id}'`);
    if (pending.status === 'failed') return c.json(pending, 200);
    c.header('Retry-After', '2');
    return c.json(pending, 202);
  });

  // Re-running a match costs as much as playing it: for the key that created it, and for any key
  // that may read the frozen board it was rated on (its manifest lists it to be checked), each
  // verification run in the caller's own share of the workers.
  app.post('/v1/matches/:id/verify', docs.verifyMatch, auth, async (c) => {
    const record = await findRecord(config, checkId('id', c.req.param('id')));
    if (record.owner !== c.get('owner').id && !(await onReadableFrozenBoard(config, record, c.get('owner'))))
      throw new ApiProblem(
        403,
        'FORBIDDEN',
        'a match is verified by the key that created it, or by readers of the frozen board it was rated on',
      );
    return c.json(
      await verifyMatch(
        { blobs: config.blobs, runner: forTenant(config.runner, keyTenant(c.get('owner').id)) },
        record,
      ),
    );
  });

  // Bot logs: each seat to the keys allowed to read it (src/match/log-access.ts).
  matchLogRoutes(app, { ...config, findRecord: (id) => findRecord(config, checkId('id', id)) }, auth);

  app.get('/v1/matches/:id/view', docs.viewMatch, async (c) => {
    const record = await findRecord(config, checkId('id', c.req.param('id')));
    const viewer = await (gameOf(record) ?? DEFAULT_GAME).viewer.load();
    const embed = c.req.query('embed') === '1';
    // The replay from this page's own origin, whatever name the reader used for it.
    const page = viewer.page({
      id: record.id,
      replayUrl: `/v1/matches/${record.id}/replay`,
      embed,
      logs: { seatsUrl: `/v1/matches/${record.id}/seats`, keyNeeded: config.auth === 'required' },
    });
    // Its inline script and styles run by their hashes; embedded (no owner actions), this origin's pages may frame it.
    return c.html(page, 200, {
      'Content-Security-Policy': viewerPolicy(await inlineHashes(page), embed),
      'X-Frame-Options': embed ? 'SAMEORIGIN' : 'DENY',
    });
  });

  app.get('/v1/matches/:id/replay', docs.matchReplay, async (c) => {
    const record = await findRecord(config, checkId('id', c.req.param('id')));
    const format = c.req.query('format') ?? 'json';
    const game = gameOf(record);
    const formats = game?.replayFormats ?? {};
    if (format !== 'json') {
      const other = Object.hasOwn(formats, format) ? formats[format] : undefined;
      if (!other || !game) {
        const known = ['json', ...Object.keys(formats)].map((f) => `'${f}'`).join(' or ');
        throw new ApiProblem(400, 'INVALID_REQUEST', `format: ${known} for ${record.game} matches, not '${format}'`, {
          field: 'format',
        });
      }
      const what = `the stored replay of match ${record.id}`;
      const replay = await readStoredReplay(config.blobs, record, game.verify.stored);
      if (!replay) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
      const text = decodeOrCorrupt(what, () => other.render(replay.doc));
      return c.text(text, 200, { 'Content-Disposition': `attachment; filename="${record.id}.${other.extension}"` });
    }
    // The stored bytes as they are: the client decodes them (a corrupt object fails there, not here).
    const stored = await storedReplayBytes(config.blobs, record);
    if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
    // encodeBody 'manual': the bytes are gzip already, which Workers would otherwise encode again.
    return new Response(
      stored as Uint8Array<ArrayBuffer>,
      {
        headers: {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          'Content-Disposition': `attachment; filename="${record.id}.json"`,
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
        encodeBody: 'manual',
      } as ResponseInit,
    );
  });

  return app;
}

const MATCH_ID = /^[A-Za-z0-9_-]{22}$/;

const gameOf = (record: MatchRecord): GameModule | undefined => findGame(record.game);

/** Whether the match was rated on a board that is frozen and that `reader` may read. */
async function onReadableFrozenBoard(config: AppConfig, record: MatchRecord, reader: ApiKeyRecord): Promise<boolean> {
  if (typeof record.board !== 'string') return false;
  const board = await readableBoard(config.leaderboards, record.board, reader).catch(() => null);
  return board !== null && boardIsFrozen(board);
}

async function findRecord(config: AppConfig, id: string): Promise<MatchRecord> {
  const record = MATCH_ID.test(id) ? await config.matches.get<MatchRecord>(id) : null;
  if (!record) throw new ApiProblem(404, 'NOT_FOUND', `no match with id '${id}'`);
  return record;
}

/** A record as the API shows it: `public` always present (old records are not), absolute URLs on the site's origin. */
function presentRecord(origin: string, record: MatchRecord) {
  return {
    ...record,
    public: record.public === true,
    replayUrl: `${origin}/v1/matches/${record.id}/replay`,
    viewUrl: `${origin}/v1/matches/${record.id}/view`,
  };
}
