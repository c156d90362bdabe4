import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { parseMap, replayToHistory, type IcyReplay } from '../games/icy/index.js';
import type { MatchRunner } from '../match/job.js';
import { StoreError, type ApiKeyRecord, type BlobStore, type BotStore, type KeyStore, type MatchStore } from '../store/types.js';
import { CONTENT_TYPES, storeBot, storedBot, validateBot, validateBrain, type NewBotInput } from './bots.js';
import { leaderboardRoutes } from './leaderboard-routes.js';
import type { JobQueue } from '../leaderboard/queue.js';
import type { MatchJob } from '../leaderboard/service.js';
import type { LeaderboardStore } from '../leaderboard/types.js';
import { writeAuth, type AuthMode } from './auth.js';
import { VERSION } from '../version.js';
import { docsPage } from './docs-page.js';
import { canonicalJson, decodeMatchRequest } from './decode-request.js';
import { parseAntsRequest, playAndStoreAnts, verifyAntsMatch, type AntsMatchRecord } from './ants-matches.js';
import { antsViewerPage } from './ants-viewer-page.js';
import { blockDropViewerPage } from './blockdrop-viewer-page.js';
import { captureViewerPage } from './capture-viewer-page.js';
import { decodeCaptureBots, parseCaptureRequest, playAndStoreCapture, verifyCaptureMatch, type CaptureMatchRecord } from './capture-matches.js';
import { decodeBlockDropBots, parseBlockDropRequest, playAndStoreBlockDrop, verifyBlockDropMatch, type BlockDropMatchRecord } from './blockdrop-matches.js';
import { bundleKey, gunzip, logsKey, playAndStore, replayKey, sha256Hex, verifyMatch, type MatchRecord } from './match-service.js';
import type { Bundle } from '../sandbox/types.js';
import { openApiDocument } from './openapi.js';
import { viewerPage } from './viewer-page.js';
import { ApiProblem, POOL_BUSY_RETRY_AFTER_S, problemResponse, runnerProblem } from './problems.js';
import { BOT_GAMES, ListQuery, NewBot, parseInput, type BotGame } from './schemas.js';

export interface AppConfig {
  readonly blobs: BlobStore;
  readonly matches: MatchStore;
  readonly keys: KeyStore;
  readonly bots: BotStore;
  readonly leaderboards: LeaderboardStore;
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
}

/** A pending idempotency claim older than this is taken over (its request died). */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/** The whole HTTP API as one Hono app: web-standard Request/Response only. */
/** The app's Hono environment: the write owner found by the auth middleware. */
export type ApiEnv = { Variables: { owner: ApiKeyRecord } };

export function createApp(config: AppConfig): Hono<ApiEnv> {
  const maxBundle = config.maxBundleBytes ?? 5 * 1024 * 1024;
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
      let canonical: string;
      let play: () => Promise<AnyMatchRecord>;
      if (other?.game === 'ants') {
        const request = parseAntsRequest(other.input);
        canonical = canonicalJson(request);
        play = () => playAndStoreAnts(config, request, new Date(), owner);
      } else if (other?.game === 'capture') {
        const request = parseCaptureRequest(other.input);
        const bots = await decodeCaptureBots(request, maxBundle, (id) => storedBot(config, id));
        canonical = canonicalJson(request);
        play = () => playAndStoreCapture(config, request, bots, new Date(), owner);
      } else if (other?.game === 'blockdrop') {
        const request = parseBlockDropRequest(other.input);
        const bots = await decodeBlockDropBots(request, maxBundle, (id) => storedBot(config, id));
        canonical = canonicalJson(request);
        play = () => playAndStoreBlockDrop(config, request, bots, new Date(), owner);
      } else {
        const raw = new Request(c.req.url, { method: 'POST', headers: { 'content-type': type }, body });
        const decoded = await decodeMatchRequest(raw, maxBundle, (id) => storedBot(config, id));
        canonical = decoded.canonical;
        play = () => playAndStore(config, decoded.request, decoded.bots, new Date(), owner);
      }
      const key = c.req.header('Idempotency-Key');
      let keyHash: string | undefined;
      if (key !== undefined) {
        if (key.length === 0 || key.length > 255) throw new ApiProblem(400, 'INVALID_REQUEST', 'Idempotency-Key: 1 to 255 characters', { field: 'Idempotency-Key' });
        keyHash = await sha256Hex(new TextEncoder().encode(key));
        const requestHash = await sha256Hex(new TextEncoder().encode(canonical));
        const claim = await config.matches.claimIdempotencyKey(keyHash, requestHash, Date.now(), STALE_CLAIM_MS);
        if (claim.state !== 'claimed' && claim.requestHash !== requestHash) {
          throw new ApiProblem(422, 'IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with a different request');
        }
        if (claim.state === 'pending') throw new ApiProblem(409, 'IDEMPOTENCY_IN_PROGRESS', 'a request with this Idempotency-Key is still running');
        if (claim.state === 'done') {
          const existing = await config.matches.get<AnyMatchRecord>(claim.matchId);
          if (existing) {
            c.header('Idempotent-Replayed', 'true');
            return c.json(present(c, existing), 201);
          }
        }
      }
      let record: AnyMatchRecord;
      try {
        record = await play();
      } catch (e) {
        // Let a retry with the same key run the match (if storage lets us say so).
        if (keyHash) await config.matches.releaseIdempotencyKey(keyHash).catch(() => undefined);
        throw e;
      }
      if (keyHash) await config.matches.completeIdempotencyKey(keyHash, record.id);
      c.header('Location', `/v1/matches/${record.id}`);
      return c.json(present(c, record), 201);
    },
  );

  app.post(
    '/v1/bots',
    bodyLimit({
      maxSize: Math.ceil(maxBundle * 1.4) + 64 * 1024,
      onError: (c) => problemResponse(c, new ApiProblem(413, 'BODY_TOO_LARGE', `the bundle is larger than ${maxBundle} bytes`)),
    }),
    auth,
    async (c) => {
      const input = await readNewBot(c.req.raw, maxBundle);
      if ('brain' in input) validateBrain(input.brain);
      else await validateBot(config.runner, input.bundle, input.game);
      const record = await storeBot(config, input, c.get('owner').id, new Date());
      c.header('Location', `/v1/bots/${record.id}`);
      return c.json(record, 201);
    },
  );

  const ownBot = async (id: string, owner: ApiKeyRecord) => {
    const record = await config.bots.get(id);
    if (!record || record.owner !== owner.id) throw new ApiProblem(404, 'NOT_FOUND', `no bot '${id}' of yours`);
    return record;
  };
  app.get('/v1/bots/:id', auth, async (c) => c.json(await ownBot(c.req.param('id'), c.get('owner'))));
  // A bundle is shown to the key that uploaded it only.
  app.get('/v1/bots/:id/bundle', auth, async (c) => {
    const record = await ownBot(c.req.param('id'), c.get('owner'));
    const bytes = await config.blobs.get(bundleKey(record.sha256));
    if (!bytes) throw new ApiProblem(404, 'NOT_FOUND', 'the bundle is missing');
    return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': CONTENT_TYPES[record.kind] } });
  });

  leaderboardRoutes(app, config, auth, config.queue);

  app.get('/v1/matches', async (c) => {
    const query = parseInput(ListQuery, c.req.query());
    const page = await config.matches.listByBot<AnyMatchRecord>(query.bot, query.limit, query.cursor);
    return c.json({ items: page.items.map((r) => present(c, r)), cursor: page.cursor });
  });

  app.get('/v1/matches/:id', async (c) => c.json(present(c, await findRecord(config, c.req.param('id')))));

  app.post('/v1/matches/:id/verify', auth, async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    if (record.game === 'ants') return c.json(await verifyAntsMatch(config, record));
    if (record.game === 'blockdrop') return c.json(await verifyBlockDropMatch(config, record));
    if (record.game === 'capture') return c.json(await verifyCaptureMatch(config, record));
    return c.json(await verifyMatch(config, record));
  });

  // Bot logs: only for the key that created the match.
  app.get('/v1/matches/:id/logs', auth, async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    if (record.owner !== c.get('owner').id) throw new ApiProblem(403, 'FORBIDDEN', 'bot logs are shown to the key that created the match only');
    if (record.game === 'ants') throw new ApiProblem(404, 'NOT_FOUND', 'ant brains write no logs');
    const stored = await config.blobs.get(logsKey(record.id));
    if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `no logs for match ${record.id}`);
    return c.json(JSON.parse(new TextDecoder().decode(await gunzip(stored))));
  });

  app.get('/v1/matches/:id/view', async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    const { replayUrl } = present(c, record);
    const pages = { icy: viewerPage, ants: antsViewerPage, blockdrop: blockDropViewerPage, capture: captureViewerPage } as const;
    const page = pages[record.game];
    return c.html(page({ id: record.id, replayUrl, embed: c.req.query('embed') === '1' }));
  });

  app.get('/v1/matches/:id/replay', async (c) => {
    const record = await findRecord(config, c.req.param('id'));
    const stored = await config.blobs.get(replayKey(record.id));
    if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
    const format = c.req.query('format') ?? 'json';
    if (format === 'turns' && record.game !== 'icy') throw new ApiProblem(400, 'INVALID_REQUEST', 'format: turn histories exist for icy matches only', { field: 'format' });
    if (format === 'turns') {
      const replay = JSON.parse(new TextDecoder().decode(await gunzip(stored))) as IcyReplay;
      return c.text(replayToHistory(replay), 200, { 'Content-Disposition': `attachment; filename="${record.id}.turns"` });
    }
    if (format !== 'json') throw new ApiProblem(400, 'INVALID_REQUEST', `format: 'json' or 'turns', not '${format}'`, { field: 'format' });
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

/** A bot upload: JSON `{ name?, js | wasm | brain }` or a multipart form with the file `bot` (a `.ant` file is a brain). */
async function readNewBot(raw: Request, maxBundle: number): Promise<NewBotInput> {
  const type = raw.headers.get('content-type') ?? '';
  let input: unknown;
  if (type.startsWith('multipart/form-data')) {
    const form = await raw.formData().catch(() => {
      throw new ApiProblem(400, 'INVALID_FORM', 'the multipart body cannot be read', { field: '(body)' });
    });
    const file = form.get('bot');
    if (!file || typeof file === 'string') throw new ApiProblem(400, 'INVALID_REQUEST', 'bot: send the bundle as a file', { field: 'bot' });
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `bot: the bundle is ${bytes.length} bytes; the limit is ${maxBundle}`, { field: 'bot' });
    const wasm = bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
    const name = file.name ? file.name.slice(0, 100) : null;
    if (file.name.endsWith('.ant')) return { name, brain: new TextDecoder().decode(bytes), bytes };
    const game = form.get('game');
    if (game !== null && !BOT_GAMES.includes(game as BotGame)) throw new ApiProblem(400, 'INVALID_REQUEST', `game: one of ${BOT_GAMES.join(', ')}`, { field: 'game' });
    const bundle: Bundle = wasm ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
    return { name, bundle, bytes, ...(game ? { game: game as BotGame } : {}) };
  }
  try {
    input = await raw.json();
  } catch (e) {
    throw new ApiProblem(400, 'INVALID_JSON', `the body is not JSON: ${(e as Error).message}`, { field: '(body)' });
  }
  const b = parseInput(NewBot, input);
  if (b.brain !== undefined) {
    const bytes = new TextEncoder().encode(b.brain);
    if (bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `the brain is ${bytes.length} bytes; the limit is ${maxBundle}`, { field: 'brain' });
    return { name: b.name ?? null, brain: b.brain, bytes };
  }

  const bytes = b.js !== undefined ? new TextEncoder().encode(b.js) : Uint8Array.from(atob(b.wasm!), (ch) => ch.charCodeAt(0));
  if (bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `the bundle is ${bytes.length} bytes; the limit is ${maxBundle}`, { field: b.js !== undefined ? 'js' : 'wasm' });
  const bundle: Bundle = b.js !== undefined ? { kind: 'js', code: b.js } : { kind: 'wasm', code: bytes };
  return { name: b.name ?? null, bundle, bytes, ...(b.game ? { game: b.game } : {}) };
}
