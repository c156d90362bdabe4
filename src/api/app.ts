import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { parseMap, replayToHistory, type IcyReplay } from '../games/icy/index.js';
import type { MatchRunner } from '../match/job.js';
import { StoreError, type ApiKeyRecord, type BlobStore, type BotStore, type KeyStore, type MatchStore } from '../store/types.js';
import { storedBot } from './bots.js';
import { botRoutes } from './bot-routes.js';
import { requestDeadlineMs, runIdempotent } from './idempotency.js';
import { limitsFromEnv, processEnv, type Limits } from './limits.js';
import { decodeOrCorrupt, readStoredJson, StoredLogs, StoredReplays } from './stored-documents.js';
import { leaderboardRoutes } from './leaderboard-routes.js';
import type { JobQueue } from '../leaderboard/queue.js';
import type { MatchJob } from '../leaderboard/service.js';
import type { LeaderboardStore } from '../leaderboard/types.js';
import type { RoundJobStore } from '../leaderboard/round-jobs.js';
import type { RatingLedger } from '../leaderboard/rating-ledger.js';
import { writeAuth, type AuthMode } from './auth.js';
import { VERSION } from '../version.js';
import { docsPage } from './docs-page.js';
import { canonicalJson, decodeMatchRequest, type ResolveBot } from './decode-request.js';
import { decodeAntsBrains, parseAntsRequest, playAndStoreAnts, verifyAntsMatch, type AntsMatchRecord } from './ants-matches.js';
import { antsViewerPage } from './ants-viewer-page.js';
import { blockDropViewerPage } from './blockdrop-viewer-page.js';
import { captureViewerPage } from './capture-viewer-page.js';
import { decodeCaptureBots, parseCaptureRequest, playAndStoreCapture, verifyCaptureMatch, type CaptureMatchRecord } from './capture-matches.js';
import { decodeBlockDropBots, parseBlockDropRequest, playAndStoreBlockDrop, verifyBlockDropMatch, type BlockDropMatchRecord } from './blockdrop-matches.js';
import { logsKey, playAndStore, replayKey, verifyMatch, type MatchRecord } from './match-service.js';
import { openApiDocument } from './openapi.js';
import { viewerPage } from './viewer-page.js';
import { ApiProblem, POOL_BUSY_RETRY_AFTER_S, problemResponse, runnerProblem } from './problems.js';
import { ListQuery, parseInput } from './schemas.js';

export interface AppConfig {
  readonly blobs: BlobStore;
  readonly matches: MatchStore;
  readonly keys: KeyStore;
  readonly bots: BotStore;
  readonly leaderboards: LeaderboardStore;
  /** Rounds' jobs and the rating ledger (createStores makes both). */
  readonly roundJobs: RoundJobStore;
  readonly ratings: RatingLedger;
  /** Where rounds' matches wait to be played; without one, rounds are not offered. */
  readonly queue?: JobQueue<MatchJob>;
  /** Whether writes need an API key (deployed entries) or accept none (the local server). */
  readonly auth: AuthMode;
  /** Where matches and upload checks run (src/match/job.ts). */
  readonly runner: MatchRunner;
  /** Maps by name (maps/ as bundled by the build). */
  readonly maps: Readonly<Record<string, string>>;
  /** Largest bundle accepted, in bytes (default 5 MB). */
  readonly maxBundleBytes?: number;
  /** Caps on leaderboards (default: from the environment, src/api/limits.ts). */
  readonly limits?: Limits;
}

/** The whole HTTP API as one Hono app: web-standard Request/Response only. */
/** The app's Hono environment: the write owner found by the auth middleware. */
export type ApiEnv = { Variables: { owner: ApiKeyRecord } };

export function createApp(config: AppConfig): Hono<ApiEnv> {
  const maxBundle = config.maxBundleBytes ?? 5 * 1024 * 1024;
  const limits = config.limits ?? limitsFromEnv(processEnv());
  const app = new Hono<ApiEnv>();
  const auth = writeAuth(config.keys, config.auth);

  app.onError((err, c) => {
    if (err instanceof ApiProblem) return problemResponse(c, err);
    const runner = runnerProblem(err);
    if (runner) {
      if (runner.code === 'POOL_BUSY') c.header('Retry-After', String(POOL_BUSY_RETRY_AFTER_S));
      return problemResponse(c, runner);
    }
    if (err instanceof StoreError) {
      return problemResponse(c, err.code === 'BAD_CURSOR' ? new ApiProblem(400, 'BAD_CURSOR', `cursor: ${err.message}`, { field: 'cursor' }) : new ApiProblem(503, err.code, err.message));
    }
    console.error(err);
    return problemResponse(c, new ApiProblem(500, 'INTERNAL', 'internal error'));
  });
  app.notFound((c) => problemResponse(c, new ApiProblem(404, 'NOT_FOUND', `no route for ${c.req.method} ${new URL(c.req.url).pathname}`)));

  // Small JSON bodies everywhere but where bundles are sent.
  app.use('/v1/leaderboards/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => problemResponse(c, new ApiProblem(413, 'BODY_TOO_LARGE', 'the request body is larger than 64 KiB')) }));

  app.get('/healthz', (c) => c.json({ status: 'ok', version: VERSION }));
  app.get('/openapi.json', (c) => c.json(openApiDocument()));
  app.get('/docs', (c) => c.html(docsPage()));

  app.get('/v1/maps', (c) =>
    c.json({
      maps: Object.entries(config.maps).map(([name, text]) => ({ name, trees: (text.match(/T/g) ?? []).length, url: `/v1/maps/${name}` })),
    }),
  );
  app.get('/v1/maps/:name', (c) => {
    const name = c.req.param('name');
    const text = Object.hasOwn(config.maps, name) ? config.maps[name] : undefined;
    if (text === undefined) throw new ApiProblem(404, 'NOT_FOUND', `no map named '${name}'`);
    const parsed = parseMap(text);
    return c.json({ name, trees: parsed.ok ? parsed.value.trees.filter(Boolean).length : null, text });
  });

  app.post(
    '/v1/matches',
    auth,
    // Up to four bundles (block drop), base64 or multipart overhead, and the rest of the request.
    bodyLimit({
      maxSize: Math.ceil(maxBundle * 4 * 1.4) + 64 * 1024,
      onError: (c) => problemResponse(c, new ApiProblem(413, 'BODY_TOO_LARGE', `the request is larger than four ${maxBundle}-byte bundles allow`)),
    }),
    async (c) => {
      const body = new Uint8Array(await c.req.raw.arrayBuffer());
      const type = c.req.header('content-type') ?? 'application/json';
      const other = type.startsWith('application/json') ? otherGameInput(body) : undefined;
      const owner = c.get('owner').id;
      // Stored bots: the caller's own, or public ones; any other id is not found.
      const resolveBot: ResolveBot = (id, field) => storedBot(config, id, { owner, field });
      let canonical: string;
      let deadlineMs: number;
      let play: () => Promise<AnyMatchRecord>;
      if (other?.game === 'ants') {
        const request = parseAntsRequest(other.input);
        const brains = await decodeAntsBrains(config, request, { owner });
        canonical = canonicalJson(request);
        deadlineMs = requestDeadlineMs('ants', undefined, []);
        play = () => playAndStoreAnts(config, request, new Date(), owner, brains);
      } else if (other?.game === 'capture') {
        const request = parseCaptureRequest(other.input);
        const bots = await decodeCaptureBots(request, maxBundle, resolveBot);
        canonical = canonicalJson(request);
        deadlineMs = requestDeadlineMs('capture', request.budgets, bots.map((b) => b.bundle));
        play = () => playAndStoreCapture(config, request, bots, new Date(), owner);
      } else if (other?.game === 'blockdrop') {
        const request = parseBlockDropRequest(other.input);
        const bots = await decodeBlockDropBots(request, maxBundle, resolveBot);
        canonical = canonicalJson(request);
        deadlineMs = requestDeadlineMs('blockdrop', request.budgets, bots.map((b) => b.bundle));
        play = () => playAndStoreBlockDrop(config, request, bots, new Date(), owner);
      } else {
        const raw = new Request(c.req.url, { method: 'POST', headers: { 'content-type': type }, body });
        const decoded = await decodeMatchRequest(raw, maxBundle, resolveBot);
        canonical = decoded.canonical;
        deadlineMs = requestDeadlineMs('icy', decoded.request.budgets, decoded.bots.map((b) => b.bundle));
        play = () => playAndStore(config, decoded.request, decoded.bots, new Date(), owner);
      }
      const { record, replayed } = await runIdempotent(config.matches, { owner, key: c.req.header('Idempotency-Key'), canonical, deadlineMs, run: play });
      if (replayed) c.header('Idempotent-Replayed', 'true');
      else c.header('Location', `/v1/matches/${record.id}`);
      return c.json(present(c, record), 201);
    },
  );

  botRoutes(app, config, auth, maxBundle);

  leaderboardRoutes(app, { ...config, limits }, auth, config.queue);

  app.get('/v1/matches', async (c) => {
    const query = parseInput(ListQuery, c.req.query());
    const page = await config.matches.listByBot<AnyMatchRecord>(query.bot, query.limit, query.cursor);
    return c.json({ items: page.items.map((r) => present(c, r)), cursor: page.cursor });
  });

  app.get('/v1/matches/:id', async (c) => c.json(present(c, await findRecord(config, c.req.param('id')))));

  // Re-running a match costs as much as playing it: for the key that created it only.
  app.post('/v1/matches/:id/verify', auth, async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    if (record.owner !== c.get('owner').id) throw new ApiProblem(403, 'FORBIDDEN', 'a match is verified by the key that created it only');
    if (record.game === 'ants') return c.json(await verifyAntsMatch(config, record));
    if (record.game === 'blockdrop') return c.json(await verifyBlockDropMatch(config, record));
    if (record.game === 'capture') return c.json(await verifyCaptureMatch(config, record));
    return c.json(await verifyMatch(config, record));
  });

  // Bot logs: only for the key that created the match, and only of the seats it filled itself
  // (a seat played by someone else's public bot was stored as null: see ownLogs).
  app.get('/v1/matches/:id/logs', auth, async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    if (record.owner !== c.get('owner').id) throw new ApiProblem(403, 'FORBIDDEN', 'bot logs are shown to the key that created the match only');
    if (record.game === 'ants') throw new ApiProblem(404, 'NOT_FOUND', 'ant brains write no logs');
    const stored = await readStoredJson(config.blobs, logsKey(record.id), StoredLogs, `the stored logs of match ${record.id}`);
    if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `no logs for match ${record.id}`);
    return c.json(stored.doc);
  });

  app.get('/v1/matches/:id/view', async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    const { replayUrl } = present(c, record);
    const pages = { icy: viewerPage, ants: antsViewerPage, blockdrop: blockDropViewerPage, capture: captureViewerPage } as const;
    const page = Object.hasOwn(pages, record.game) ? pages[record.game] : viewerPage;
    return c.html(page({ id: record.id, replayUrl, embed: c.req.query('embed') === '1' }));
  });

  app.get('/v1/matches/:id/replay', async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    const format = c.req.query('format') ?? 'json';
    if (format === 'turns' && record.game !== 'icy') throw new ApiProblem(400, 'INVALID_REQUEST', 'format: turn histories exist for icy matches only', { field: 'format' });
    if (format === 'turns') {
      const what = `the stored replay of match ${record.id}`;
      const replay = await readStoredJson(config.blobs, replayKey(record.id), StoredReplays.icy, what);
      if (!replay) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
      const history = decodeOrCorrupt(what, () => replayToHistory(replay.doc as unknown as IcyReplay));
      return c.text(history, 200, { 'Content-Disposition': `attachment; filename="${record.id}.turns"` });
    }
    if (format !== 'json') throw new ApiProblem(400, 'INVALID_REQUEST', `format: 'json' or 'turns', not '${format}'`, { field: 'format' });
    // The stored bytes as they are: the client decodes them (a corrupt object fails there, not here).
    const stored = await config.blobs.get(replayKey(record.id));
    if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
    return new Response(stored as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Disposition': `attachment; filename="${record.id}.json"`,
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    });
  });

  return app;
}

const MATCH_ID = /^[A-Za-z0-9_-]{22}$/;

type AnyMatchRecord = MatchRecord | AntsMatchRecord | BlockDropMatchRecord | CaptureMatchRecord;

const OTHER_GAMES = ['ants', 'blockdrop', 'capture'] as const;
type OtherGame = (typeof OTHER_GAMES)[number];

/** The body of a JSON match request when it asks for a game other than icy (whose decoding also takes multipart forms). */
function otherGameInput(body: Uint8Array): { game: OtherGame; input: unknown } | undefined {
  const text = new TextDecoder().decode(body);
  if (!OTHER_GAMES.some((g) => text.includes(`"${g}"`))) return undefined;
  try {
    const input = JSON.parse(text) as { game?: unknown } | null;
    const game = input && typeof input === 'object' ? input.game : undefined;
    return OTHER_GAMES.includes(game as OtherGame) ? { game: game as OtherGame, input } : undefined;
  } catch {
    return undefined;
  }
}

async function findRecord(config: AppConfig, id: string): Promise<AnyMatchRecord> {
  const record = MATCH_ID.test(id) ? await config.matches.get<AnyMatchRecord>(id) : null;
  if (!record) throw new ApiProblem(404, 'NOT_FOUND', `no match with id '${id}'`);
  return record;
}

/** A record as the API shows it: with absolute URLs from the request's origin. */
function present(c: Context<ApiEnv>, record: AnyMatchRecord) {
  const origin = new URL(c.req.url).origin;
  return { ...record, replayUrl: `${origin}/v1/matches/${record.id}/replay`, viewUrl: `${origin}/v1/matches/${record.id}/view` };
}
