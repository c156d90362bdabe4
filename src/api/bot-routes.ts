import type { Hono, MiddlewareHandler } from 'hono';
import type { Bundle } from '../core/bots.js';
import { botLanguages } from '../core/bot-languages.js';
import { readBoundedForm } from '../core/bounded-body.js';
import type { GameModule } from '../core/game-module.js';
import { findGame, GAME_IDS, gameIdList, GAMES } from '../games/catalog.js';
import { bundleKey } from '../match/digest.js';
import type { MatchRunner } from '../match/runner.js';
import { forTenant, keyTenant } from '../match/tenant.js';
import { decodeBase64 } from '../match/seats.js';
import { botContentType } from '../match/store-match.js';
import type { LeaderboardStore } from '../store/contract/leaderboards.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import type { BlobStore } from '../store/contract/blobs.js';
import type { BotStore } from '../store/contract/bots.js';
import { isDeleted, latestVersion, versionOf } from '../store/contract/bot-versions.js';
import { presentBot, presentPublicBot } from './bot-access.js';
import { botVersionRoutes } from './bot-version-routes.js';
import { newBotFromFile, preparedBot, storeBot, validateBot, type NewBotInput } from './bots.js';
import { boardsOfBot } from './leaderboard-views.js';
import { ApiProblem } from './problems.js';
import { BotListQuery, BotPatch, checkId, newBotSchema, parseInput, readJson } from './schemas.js';
import { docs } from './route-docs.js';

type Env = { Variables: { owner: ApiKeyRecord } };

export interface BotRouteDeps {
  readonly blobs: BlobStore;
  readonly bots: BotStore;
  readonly runner: MatchRunner;
  /** For the boards a bot is on. */
  readonly leaderboards: LeaderboardStore;
}

/** Stored bots: upload, read and change (their owner only), and their bundles. */
export function botRoutes(app: Hono<Env>, deps: BotRouteDeps, auth: MiddlewareHandler<Env>, maxBundle: number): void {
  // The body's size is bounded before any route (bodyLimits in src/api/limits.ts).
  app.post('/v1/bots', docs.createBot, auth, async (c) => {
    const input = await readNewBot(c.req.raw, maxBundle);
    await validateBot(forTenant(deps.runner, keyTenant(c.get('owner').id)), input);
    const record = await storeBot(deps, input, c.get('owner').id, new Date());
    c.header('Location', `/v1/bots/${record.id}`);
    return c.json(presentBot(record), 201);
  });

  // Someone else's bot is not found, public or not: its record and bundle are its owner's. A deleted one is gone.
  const ownBot = async (id: string, owner: ApiKeyRecord) => {
    const record = await deps.bots.get(checkId('id', id));
    if (!record || record.owner !== owner.id || isDeleted(record))
      throw new ApiProblem(404, 'NOT_FOUND', `no bot '${id}' of yours`);
    return record;
  };
  // The caller's own bots (authenticated as writes are), or with scope=public everyone's public ones (no key needed).
  const listAuth: MiddlewareHandler<Env> = (c, next) => (c.req.query('scope') === 'public' ? next() : auth(c, next));
  app.get('/v1/bots', docs.listBots, listAuth, async (c) => {
    const query = parseInput(BotListQuery, c.req.query());
    if (query.scope === 'public') {
      const listed = await deps.bots.listPublic(query.limit, query.cursor);
      return c.json({ items: listed.items.map(presentPublicBot), cursor: listed.cursor });
    }
    const page = await deps.bots.listByOwner(c.get('owner').id, query.limit, query.cursor);
    return c.json({ items: page.items.map(presentBot), cursor: page.cursor });
  });

  app.get('/v1/bots/:id', docs.getBot, auth, async (c) =>
    c.json(presentBot(await ownBot(c.req.param('id'), c.get('owner')))),
  );

  app.get('/v1/bots/:id/boards', docs.botBoards, auth, async (c) => {
    const record = await ownBot(c.req.param('id'), c.get('owner'));
    return c.json({ items: await boardsOfBot(deps.leaderboards, record.id) });
  });

  app.patch('/v1/bots/:id', docs.patchBot, auth, async (c) => {
    const record = await ownBot(c.req.param('id'), c.get('owner'));
    const patch = parseInput(BotPatch, await readJson(c.req.raw));
    // Applied to the record as stored at the write, so a version uploaded meanwhile is kept.
    const updated = await deps.bots.modify(record.id, (stored) =>
      isDeleted(stored)
        ? null
        : {
            ...stored,
            ...(patch.public === undefined ? {} : { public: patch.public }),
            ...(patch.name === undefined ? {} : { name: patch.name }),
          },
    );
    if (!updated || isDeleted(updated)) throw new ApiProblem(404, 'NOT_FOUND', `no bot '${record.id}' of yours`);
    return c.json(presentBot(updated));
  });

  botVersionRoutes(app, deps, auth, ownBot, (raw, game) => readNewBot(raw, maxBundle, game));

  app.get('/v1/bots/:id/bundle', docs.botBundle, auth, async (c) => {
    const record = await ownBot(c.req.param('id'), c.get('owner'));
    const asked = c.req.query('version');
    const version = asked === undefined ? latestVersion(record) : versionOf(record, Number(asked));
    if (!version) throw new ApiProblem(404, 'NOT_FOUND', `bot ${record.id} has no version '${asked}'`);
    const bytes = await deps.blobs.get(bundleKey(version.sha256));
    if (!bytes) throw new ApiProblem(404, 'NOT_FOUND', 'the bundle is missing');
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'Content-Type': botContentType(version.kind) },
    });
  });
}

/** The multipart field `public`: `true` or `false`. */
function formPublic(value: FormDataEntryValue | null): boolean | undefined {
  if (value === null) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ApiProblem(400, 'INVALID_REQUEST', 'public: true or false', { field: 'public' });
}

/**
 * The game an upload names, or else the one game its text field or file
 * extension can only belong to. A bundle (JavaScript, Python, WebAssembly)
 * could be any sandboxed game's, so it must name one.
 */
function uploadGame(named: unknown, textGame: GameModule | undefined, botGame?: GameModule): GameModule {
  if (botGame) {
    if (named !== null && named !== undefined && named !== '' && named !== botGame.id)
      throw new ApiProblem(
        422,
        'BOT_GAME_MISMATCH',
        `game: bot versions keep their bot's game: this bot plays ${botGame.id}, not ${String(named).slice(0, 40)}`,
        { field: 'game', botGame: botGame.id, game: String(named).slice(0, 40) },
      );
    return botGame;
  }
  if (named === null || named === undefined || named === '') {
    if (textGame) return textGame;
    throw new ApiProblem(422, 'GAME_REQUIRED', `game: name the game this bot plays: ${gameIdList()}`, {
      field: 'game',
      games: GAME_IDS,
    });
  }
  const game = typeof named === 'string' ? findGame(named) : undefined;
  if (!game) throw new ApiProblem(400, 'INVALID_REQUEST', `game: one of ${gameIdList()}`, { field: 'game' });
  return game;
}

const textGames = () => GAMES.filter((g) => g.bots.form === 'text');

/**
 * A bot upload: JSON `{ name?, js | wasm | <text field>, game?, public? }`
 * (an ants brain is `brain`), or a multipart form with the file `bot` (a file
 * with a text game's extension, `.ant`, is a text bot) and fields `game`, `public`.
 * A new version of a bot (`botGame`) is of the bot's game.
 */
export async function readNewBot(raw: Request, maxBundle: number, botGame?: GameModule): Promise<NewBotInput> {
  const type = raw.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await readBoundedForm(raw);
    const file = form.get('bot');
    if (!file || typeof file === 'string')
      throw new ApiProblem(400, 'INVALID_REQUEST', 'bot: send the bundle as a file', { field: 'bot' });
    const visibility = formPublic(form.get('public'));
    const shared = visibility === undefined ? {} : { public: visibility };
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > maxBundle)
      throw new ApiProblem(
        413,
        'BUNDLE_TOO_LARGE',
        `bot: the bundle is ${bytes.length} bytes; the limit is ${maxBundle}`,
        { field: 'bot' },
      );
    const name = file.name ? file.name.slice(0, 100) : null;
    const byExtension = textGames().find((g) => g.bots.form === 'text' && file.name.endsWith(g.bots.extension));
    const game = uploadGame(form.get('game'), byExtension, botGame);
    return { ...newBotFromFile(name, game, bytes), ...shared };
  }
  const b = parseInput(newBotSchema(), await readJson(raw)) as Record<string, unknown> & {
    name?: string;
    game?: string;
    public?: boolean;
  };
  const shared = b.public === undefined ? {} : { public: b.public };
  const textGame = textGames().find((g) => g.bots.form === 'text' && typeof b[g.bots.field] === 'string');
  const game = uploadGame(b.game, textGame, botGame);
  if (textGame) {
    if (game !== textGame)
      throw new ApiProblem(400, 'WRONG_GAME', `game: a ${game.id} bot is not sent as text`, { field: 'game' });
    const text = b[(textGame.bots as { field: string }).field] as string;
    const bytes = new TextEncoder().encode(text);
    if (bytes.length > maxBundle)
      throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `the bot is ${bytes.length} bytes; the limit is ${maxBundle}`, {
        field: (textGame.bots as { field: string }).field,
      });
    return { name: b.name ?? null, game, text, bytes, ...shared };
  }
  if (game.bots.form === 'text')
    throw new ApiProblem(400, 'WRONG_GAME', `${game.id} bots are sent as '${game.bots.field}'`, {
      field: game.bots.field,
    });
  // The schema let exactly one field through: a language's, here.
  const language = botLanguages().find((l) => typeof b[l.field] === 'string')!;
  const code = b[language.field] as string;
  const bytes = language.encoding === 'base64' ? decodeBase64(code) : new TextEncoder().encode(code);
  if (bytes.length > maxBundle)
    throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `the bundle is ${bytes.length} bytes; the limit is ${maxBundle}`, {
      field: language.field,
    });
  const bundle: Bundle = { kind: language.kind, code: language.encoding === 'base64' ? bytes : code };
  return preparedBot({ name: b.name ?? null, game, bundle, bytes, ...shared });
}
