import type { Context, Hono } from 'hono';
import { languageOfFile } from '../core/bot-languages.js';
import { readBoundedForm } from '../core/bounded-body.js';
import { InputError } from '../core/errors.js';
import type { GameModule } from '../core/game-module.js';
import { findGame } from '../games/catalog.js';
import { ApiFailure, json, type ApiCall } from './api-client.js';
import { exampleBot, matchRequest, type WebSeat } from './game-info.js';
import { ErrorPage } from './pages/forms.js';
import { html } from './render.js';

/**
 * The forms' endpoints (POST /ui/...): each reads its form, makes the API
 * request it stands for with the caller's Authorization header, and sends the
 * browser to the page of what was made. A script's fetch (Accept: application/json)
 * gets `{ location }` or the API's error instead of a redirect.
 */
export function formActions(app: Hono<any>, api: ApiCall): void {
  app.post('/ui/games/:game/try', (c) =>
    act(c, async (form, auth) => {
      const game = gameNamed(c.req.param('game') ?? '');
      const seats = game.seats.map((_, k) => exampleSeat(game, String(form.get(`seat${k}`) ?? '')));
      return playMatch(api, game, seats, form, auth);
    }),
  );

  app.post('/ui/bots', (c) =>
    act(c, async (form, auth) => {
      const file = form.get('bot');
      if (!file || typeof file === 'string')
        throw new ApiFailure(400, 'INVALID_REQUEST', 'choose a bot file to upload');
      const name = String(form.get('name') ?? '').trim();
      const upload = new FormData();
      // The file's extension says what it is (.py, .wasm, .ant...): a new name keeps it.
      const extension = /\.[A-Za-z0-9]+$/.exec(file.name)?.[0] ?? '';
      const named = name && extension && !name.endsWith(extension) ? `${name}${extension}` : name;
      upload.set('bot', named ? new File([file], named, { type: file.type }) : file);
      upload.set('game', String(form.get('game') ?? ''));
      upload.set('public', checked(form.get('public')) ? 'true' : 'false');
      const bot = await json<{ id: string }>(
        await api('/v1/bots', { method: 'POST', body: upload, headers: authHeaders(auth) }),
      );
      return `/bots/${bot.id}`;
    }),
  );

  app.post('/ui/bots/:id/challenge', (c) =>
    act(c, async (form, auth) => {
      const opponent = String(form.get('opponent') ?? '');
      const example = /^example:([a-z0-9]+):(.+)$/.exec(opponent);
      const game = gameNamed(example ? example[1]! : String(form.get('game') ?? ''));
      let theirs: WebSeat;
      if (example) theirs = exampleSeat(game, example[2]!);
      else if (opponent.startsWith('bot:')) theirs = { bot: opponent.slice(4) };
      else throw new ApiFailure(400, 'INVALID_REQUEST', 'choose an opponent');
      const seats = game.seats.map((_, k): WebSeat => (k === 0 ? { bot: c.req.param('id') ?? '' } : theirs));
      return playMatch(api, game, seats, form, auth);
    }),
  );

  app.post('/ui/leaderboards', (c) =>
    act(c, async (form, auth) => {
      const board = await postJson<{ id: string }>(
        api,
        '/v1/leaderboards',
        {
          name: String(form.get('name') ?? ''),
          game: String(form.get('game') ?? ''),
          rating: String(form.get('rating') ?? 'openskill'),
          public: checked(form.get('public')),
        },
        auth,
      );
      return `/leaderboards/${board.id}`;
    }),
  );

  app.post('/ui/leaderboards/:id/entries', (c) =>
    act(c, async (form, auth) => {
      const id = c.req.param('id') ?? '';
      await postJson(
        api,
        `/v1/leaderboards/${encodeURIComponent(id)}/entries`,
        { bot: String(form.get('bot') ?? '').trim() },
        auth,
      );
      return `/leaderboards/${id}`;
    }),
  );
}

/** Plays a match of these seats on the game's defaults (listed if the form asks), and names its page. */
async function playMatch(
  api: ApiCall,
  game: GameModule,
  seats: readonly WebSeat[],
  form: FormData,
  auth: string | undefined,
): Promise<string> {
  const record = await postJson<{ id: string }>(
    api,
    '/v1/matches',
    { ...matchRequest(game, seats, randomSeed()), public: checked(form.get('public')) },
    auth,
  );
  return `/matches/${record.id}`;
}

/** Runs a form's action; answers with where to go next, or the failure. */
export async function act(
  c: Context,
  run: (form: FormData, authorization: string | undefined) => Promise<string>,
): Promise<Response> {
  const byScript = (c.req.header('Accept') ?? '').includes('application/json');
  try {
    // Its fields are counted before it is parsed: a form of thousands of fields is refused, not parsed.
    const form = await readBoundedForm(c.req.raw).catch((e: unknown) => {
      throw e instanceof InputError ? new ApiFailure(e.status, e.code, e.message) : e;
    });
    const location = await run(form, c.req.header('Authorization'));
    return byScript ? c.json({ location }) : c.redirect(location, 303);
  } catch (e) {
    if (!(e instanceof ApiFailure)) throw e;
    if (byScript) return c.json({ error: { code: e.code, message: e.message } }, e.status as 400);
    return html(c, ErrorPage({ status: e.status, code: e.code, message: e.message }), e.status);
  }
}

function gameNamed(id: string): GameModule {
  const game = findGame(id);
  if (!game) throw new ApiFailure(404, 'NOT_FOUND', `no game '${id}'`);
  return game;
}

function exampleSeat(game: GameModule, name: string): WebSeat {
  const bot = exampleBot(game, name);
  if (!bot) throw new ApiFailure(400, 'INVALID_REQUEST', `${game.title} has no example bot '${name}'`);
  // A text game's seat carries the text in the game's own field (ants: `brain`).
  if (game.bots.form === 'text') return { [game.bots.field]: bot.text, name: bot.name };
  // An example is a source file: its language by its name.
  return { [languageOfFile(bot.name, null).field]: bot.text, name: bot.name };
}

export const checked = (value: FormDataEntryValue | null) => value === 'true' || value === 'on';
const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0]!;
export const authHeaders = (authorization: string | undefined): Record<string, string> =>
  authorization ? { Authorization: authorization } : {};

/** A JSON request to the API with the caller's Authorization header, and the JSON of its answer. */
export async function sendJson<T>(
  api: ApiCall,
  method: string,
  path: string,
  body: unknown,
  authorization: string | undefined,
): Promise<T> {
  return json<T>(
    await api(path, {
      method,
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...authHeaders(authorization) },
    }),
  );
}

const postJson = <T>(api: ApiCall, path: string, body: unknown, authorization: string | undefined): Promise<T> =>
  sendJson<T>(api, 'POST', path, body, authorization);
