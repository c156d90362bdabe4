import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MatchRunner } from '../match/job.js';
import type { Bundle } from '../sandbox/types.js';
import type { ApiKeyRecord, BlobStore, BotStore } from '../store/types.js';
import { presentBot } from './bot-access.js';
import { CONTENT_TYPES, storeBot, validateBot, validateBrain, type NewBotInput } from './bots.js';
import { bundleKey } from './match-service.js';
import { ApiProblem, problemResponse } from './problems.js';
import { BOT_GAMES, BotPatch, NewBot, parseInput, type BotGame } from './schemas.js';

type Env = { Variables: { owner: ApiKeyRecord } };

export interface BotRouteDeps {
  readonly blobs: BlobStore;
  readonly bots: BotStore;
  readonly runner: MatchRunner;
}

/** Stored bots: upload, read and change (their owner only), and their bundles. */
export function botRoutes(app: Hono<Env>, deps: BotRouteDeps, auth: MiddlewareHandler<Env>, maxBundle: number): void {
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
      else await validateBot(deps.runner, input.bundle, input.game);
      const record = await storeBot(deps, input, c.get('owner').id, new Date());
      c.header('Location', `/v1/bots/${record.id}`);
      return c.json(presentBot(record), 201);
    },
  );

  // Someone else's bot is not found, public or not: its record and bundle are its owner's.
  const ownBot = async (id: string, owner: ApiKeyRecord) => {
    const record = await deps.bots.get(id);
    if (!record || record.owner !== owner.id) throw new ApiProblem(404, 'NOT_FOUND', `no bot '${id}' of yours`);
    return record;
  };
  app.get('/v1/bots/:id', auth, async (c) => c.json(presentBot(await ownBot(c.req.param('id'), c.get('owner')))));

  app.patch(
    '/v1/bots/:id',
    bodyLimit({ maxSize: 64 * 1024, onError: (c) => problemResponse(c, new ApiProblem(413, 'BODY_TOO_LARGE', 'the request body is larger than 64 KiB')) }),
    auth,
    async (c) => {
      const record = await ownBot(c.req.param('id'), c.get('owner'));
      const patch = parseInput(BotPatch, await readJson(c.req.raw));
      const updated = { ...record, public: patch.public };
      if (!(await deps.bots.update(updated))) throw new ApiProblem(404, 'NOT_FOUND', `no bot '${record.id}' of yours`);
      return c.json(presentBot(updated));
    },
  );

  app.get('/v1/bots/:id/bundle', auth, async (c) => {
    const record = await ownBot(c.req.param('id'), c.get('owner'));
    const bytes = await deps.blobs.get(bundleKey(record.sha256));
    if (!bytes) throw new ApiProblem(404, 'NOT_FOUND', 'the bundle is missing');
    return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': CONTENT_TYPES[record.kind] } });
  });
}

async function readJson(raw: Request): Promise<unknown> {
  try {
    return await raw.json();
  } catch (e) {
    throw new ApiProblem(400, 'INVALID_JSON', `the body is not JSON: ${(e as Error).message}`, { field: '(body)' });
  }
}

/** The multipart field `public`: `true` or `false`. */
function formPublic(value: FormDataEntryValue | null): boolean | undefined {
  if (value === null) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ApiProblem(400, 'INVALID_REQUEST', 'public: true or false', { field: 'public' });
}

/** A bot upload: JSON `{ name?, js | wasm | brain, game?, public? }` or a multipart form with the file `bot` (a `.ant` file is a brain). */
async function readNewBot(raw: Request, maxBundle: number): Promise<NewBotInput> {
  const type = raw.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await raw.formData().catch(() => {
      throw new ApiProblem(400, 'INVALID_FORM', 'the multipart body cannot be read', { field: '(body)' });
    });
    const file = form.get('bot');
    if (!file || typeof file === 'string') throw new ApiProblem(400, 'INVALID_REQUEST', 'bot: send the bundle as a file', { field: 'bot' });
    const visibility = formPublic(form.get('public'));
    const shared = visibility === undefined ? {} : { public: visibility };
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `bot: the bundle is ${bytes.length} bytes; the limit is ${maxBundle}`, { field: 'bot' });
    const wasm = bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
    const name = file.name ? file.name.slice(0, 100) : null;
    if (file.name.endsWith('.ant')) return { name, brain: new TextDecoder().decode(bytes), bytes, ...shared };
    const game = form.get('game');
    if (game !== null && !BOT_GAMES.includes(game as BotGame)) throw new ApiProblem(400, 'INVALID_REQUEST', `game: one of ${BOT_GAMES.join(', ')}`, { field: 'game' });
    const bundle: Bundle = wasm ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
    return { name, bundle, bytes, ...(game ? { game: game as BotGame } : {}), ...shared };
  }
  const b = parseInput(NewBot, await readJson(raw));
  const shared = b.public === undefined ? {} : { public: b.public };
  if (b.brain !== undefined) {
    const bytes = new TextEncoder().encode(b.brain);
    if (bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `the brain is ${bytes.length} bytes; the limit is ${maxBundle}`, { field: 'brain' });
    return { name: b.name ?? null, brain: b.brain, bytes, ...shared };
  }
  const bytes = b.js !== undefined ? new TextEncoder().encode(b.js) : Uint8Array.from(atob(b.wasm!), (ch) => ch.charCodeAt(0));
  if (bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `the bundle is ${bytes.length} bytes; the limit is ${maxBundle}`, { field: b.js !== undefined ? 'js' : 'wasm' });
  const bundle: Bundle = b.js !== undefined ? { kind: 'js', code: b.js } : { kind: 'wasm', code: bytes };
  return { name: b.name ?? null, bundle, bytes, ...(b.game ? { game: b.game } : {}), ...shared };
}
