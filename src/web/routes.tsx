import type { Context, Hono } from 'hono';
import { isBundleKind } from '../core/bot-languages.js';
import { readBoundedForm } from '../core/bounded-body.js';
import { InputError } from '../core/errors.js';
import type { GameModule } from '../core/game-module.js';
import { findGame, GAMES } from '../games/catalog.js';
import { SITE_CSS } from '../viewer/site-css.js';
import { formActions } from './actions.js';
import { adminActions } from './admin-actions.js';
import { ApiFailure, json, read, readOr, type ApiCall } from './api-client.js';
import { CLIENT_SCRIPT, ERRORS_PART } from './client-script.js';
import {
  botSource,
  botSourcesByLanguage,
  exampleBotsOf,
  firstBotsOf,
  firstInput,
  readmeOf,
  rulesOf,
  stillOf,
} from './game-info.js';
import { BotContent, BotLocked, type BoardStanding, type BotView } from './pages/bot.js';
import { ErrorPage, NewLeaderboardPage, UploadPage } from './pages/forms.js';
import { GameNotesPage, GamePage } from './pages/game.js';
import { HomePage, type BoardItem, type MatchItem } from './pages/home.js';
import { Page as Layout } from './layout.js';
import { LeaderboardPage, type BoardView, type MyBot } from './pages/leaderboard.js';
import { MatchPage } from './pages/match.js';
import { SeatErrors, type SeatErrorsItem } from './seat-errors.js';
import { BoardAdminContent, BoardAdminLocked, type AdminView } from './pages/board-admin.js';
import { SignedUpPage, SignupPage } from './pages/signup.js';
import {
  TeamContent,
  TeamLocked,
  type KeyView,
  type SeatView,
  type TeamBot,
  type VersionView,
  type EntryOfBot,
} from './pages/team.js';
import { fragment, html, wantsFragment } from './render.js';

export interface WebDeps {
  /** The API, called in-process: pages show what the API lets the reader see, no more. */
  readonly api: ApiCall;
  /** Fuel per millisecond of the calibrated machine (src/sandbox/policy.ts): bots' fuel shown as time. */
  readonly fuelPerMs: number;
}

type Handler = (c: Context) => Promise<Response>;
/** A path parameter (the routes are registered on an untyped app). */
const param = (c: Context, name: string): string => c.req.param(name) ?? '';
type List<T> = { readonly items: readonly T[] };
const NONE = { items: [] } as const;

/**
 * The web front end: server-rendered pages (hono/jsx) over the API, readable
 * without script; the stylesheet and the script they share; the forms' actions.
 */
export function webRoutes(app: Hono<any>, { api, fuelPerMs }: WebDeps): void {
  const asset = (body: string, type: string) => (c: Context) =>
    c.body(body, 200, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'public, max-age=300' });
  app.get('/assets/site.css', asset(SITE_CSS, 'text/css'));
  app.get('/assets/site.js', asset(CLIENT_SCRIPT, 'text/javascript'));

  const page =
    (handler: Handler): Handler =>
    async (c) => {
      try {
        return await handler(c);
      } catch (e) {
        if (!(e instanceof ApiFailure)) throw e;
        return html(c, <ErrorPage status={e.status} code={e.code} message={e.message} />, e.status);
      }
    };

  app.get(
    '/',
    page(async (c) => {
      const [matches, boards] = await Promise.all([
        readOr<List<MatchItem>, typeof NONE>(api, '/v1/matches?limit=10', NONE),
        readOr<List<BoardItem>, typeof NONE>(api, '/v1/leaderboards?limit=10', NONE),
      ]);
      return html(c, <HomePage games={GAMES} matches={matches.items} boards={boards.items} now={new Date()} />);
    }),
  );

  app.get(
    '/games/:game',
    page(async (c) => {
      const game = gameOr404(param(c, 'game'));
      return html(
        c,
        <GamePage
          game={game}
          rules={rulesOf(game)}
          input={await firstInput(game)}
          bots={exampleBotsOf(game)}
          sources={botSourcesByLanguage(game)}
          firstBots={firstBotsOf(game)}
          still={stillOf(game, 'start')}
        />,
      );
    }),
  );

  app.get(
    '/games/:game/notes',
    page(async (c) => {
      const game = gameOr404(param(c, 'game'));
      return html(c, <GameNotesPage game={game} readme={readmeOf(game)} />);
    }),
  );

  app.get(
    '/assets/games/:game/:still{[a-z0-9-]+\\.png}',
    page(async (c) => {
      const game = gameOr404(param(c, 'game'));
      const name = param(c, 'still').replace(/\.png$/, '');
      const still = stillOf(game, name);
      if (!still) throw new ApiFailure(404, 'NOT_FOUND', `${game.title} has no still '${name}'`);
      return c.body(still.bytes, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' });
    }),
  );

  app.get(
    '/games/:game/bots/:name',
    page(async (c) => {
      const game = gameOr404(param(c, 'game'));
      const bot = botSource(game, param(c, 'name'));
      if (!bot) throw new ApiFailure(404, 'NOT_FOUND', `${game.title} has no example bot '${param(c, 'name')}'`);
      return c.body(bot.text, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${bot.name}"`,
      });
    }),
  );

  app.get(
    '/upload',
    page(async (c) =>
      html(c, <UploadPage games={GAMES} selected={findGame(c.req.query('game') ?? '')?.id ?? GAMES[0]!.id} />),
    ),
  );
  app.get(
    '/leaderboards/new',
    page(async (c) => html(c, <NewLeaderboardPage games={GAMES} />)),
  );

  app.get(
    '/leaderboards/:id',
    page(async (c) => {
      const id = encodeURIComponent(param(c, 'id'));
      const auth = c.req.header('Authorization');
      const [view, mine] = await Promise.all([
        read<BoardView>(api, `/v1/leaderboards/${id}?history=1`, auth),
        readOr<List<MyBot>, typeof NONE>(api, '/v1/bots?limit=100', NONE, auth),
      ]);
      return html(
        c,
        <LeaderboardPage
          view={view}
          game={findGame(view.leaderboard.game)}
          myBots={mine.items.filter((b) => b.game === null || b.game === view.leaderboard.game)}
          now={new Date()}
        />,
      );
    }),
  );

  app.get(
    '/bots/:id',
    page(async (c) => {
      const id = param(c, 'id');
      const auth = c.req.header('Authorization');
      const bot = await readOr<BotView, null>(api, `/v1/bots/${encodeURIComponent(id)}`, null, auth);
      if (!bot) {
        if (wantsFragment(c)) throw new ApiFailure(404, 'NOT_FOUND', `no bot '${id}' of this key`);
        return html(c, <BotLocked id={id} />);
      }
      const [matches, boards, publicBots] = await Promise.all([
        readOr<List<MatchItem>, typeof NONE>(api, `/v1/matches?bot=${bot.sha256}&limit=20`, NONE, auth),
        readOr<List<BoardStanding>, typeof NONE>(api, `/v1/bots/${encodeURIComponent(id)}/boards`, NONE, auth),
        readOr<List<{ id: string; name: string | null; kind: string; game: string | null }>, typeof NONE>(
          api,
          '/v1/bots?scope=public&limit=50',
          NONE,
        ),
      ]);
      // A bot bound to a game is offered that game's opponents only; an unbound one (stored before bots had a game), every game its kind plays.
      const games = GAMES.filter((g) => (bot.game === null ? playable(g, bot.kind) : g.id === bot.game));
      const opponents = {
        examples: games.map((game) => ({ game, bots: exampleBotsOf(game) })),
        publicBots: publicBots.items.filter((b) => b.id !== bot.id && (bot.game === null || b.game === bot.game)),
      };
      const content = (
        <BotContent
          bot={bot}
          matches={matches.items}
          boards={boards.items}
          opponents={opponents}
          games={games}
          now={new Date()}
        />
      );
      if (wantsFragment(c)) return fragment(c, content);
      return html(c, <Layout title={bot.name ?? bot.id}>{content}</Layout>);
    }),
  );

  app.get(
    '/matches/:id',
    page(async (c) => {
      const id = encodeURIComponent(param(c, 'id'));
      const record = await read<MatchItem>(api, `/v1/matches/${id}`);
      // Each seat's errors, as far as the reader's key may read them (none without a key where keys are required).
      const seats = await readOr<{ items: SeatErrorsItem[] }, null>(
        api,
        `/v1/matches/${id}/seats`,
        null,
        c.req.header('Authorization'),
      );
      const readable = seats && seats.items.some((s) => s.readable) ? seats.items : null;
      const keySent = c.req.header('Authorization') !== undefined;
      if (c.req.header('X-Umpire-Fragment') === ERRORS_PART)
        return fragment(c, <SeatErrors seats={readable} keySent={keySent} />);
      const game = findGame(record.game);
      const formats = game?.replayFormats
        ? Object.entries(game.replayFormats).map(([name, f]) => ({ name, extension: f.extension }))
        : [];
      return html(
        c,
        <MatchPage
          record={record}
          game={game}
          formats={formats}
          seats={readable}
          keySent={keySent}
          fuelPerMs={fuelPerMs}
          now={new Date()}
        />,
      );
    }),
  );

  app.get(
    '/leaderboards/:id/admin',
    page(async (c) => {
      const id = encodeURIComponent(param(c, 'id'));
      const auth = c.req.header('Authorization');
      if (!auth) return html(c, <BoardAdminLocked id={param(c, 'id')} />);
      // Only the board's owner reads its webhooks: the same check decides who sees this page.
      await read(api, `/v1/leaderboards/${id}/webhooks`, auth);
      const view = await read<BoardView & { leaderboard: AdminView['board'] }>(api, `/v1/leaderboards/${id}`, auth);
      const invite = c.req.query('invite');
      const admin: AdminView = {
        board: view.leaderboard,
        table: view.table,
        latestRound: view.latestRound ?? null,
        recentMatches: view.recentMatches,
        ...(invite ? { invite } : {}),
      };
      const content = <BoardAdminContent view={admin} game={findGame(view.leaderboard.game)} now={new Date()} />;
      if (wantsFragment(c)) return fragment(c, content);
      return html(c, <Layout title={`Organize ${view.leaderboard.name}`}>{content}</Layout>);
    }),
  );

  app.get(
    '/team',
    page(async (c) => {
      const auth = c.req.header('Authorization');
      if (!auth) return html(c, <TeamLocked />);
      const [me, mine] = await Promise.all([
        read<KeyView>(api, '/v1/me', auth),
        read<List<BotView>>(api, '/v1/bots?limit=50', auth),
      ]);
      const bots = await Promise.all(
        mine.items.map(async (bot): Promise<TeamBot> => {
          const id = encodeURIComponent(bot.id);
          const [versions, entries, matches] = await Promise.all([
            readOr<List<VersionView>, typeof NONE>(api, `/v1/bots/${id}/versions`, NONE, auth),
            readOr<List<EntryOfBot>, typeof NONE>(api, `/v1/bots/${id}/boards`, NONE, auth),
            readOr<List<MatchItem>, typeof NONE>(api, `/v1/matches?bot=${id}&limit=10`, NONE, auth),
          ]);
          // Each match's seats as this key may read them: its own seat's failure.
          const seated = await Promise.all(
            matches.items.map(async (record) => ({
              record,
              seats: (
                await readOr<List<SeatView>, typeof NONE>(
                  api,
                  `/v1/matches/${encodeURIComponent(record.id)}/seats`,
                  NONE,
                  auth,
                )
              ).items,
            })),
          );
          return { bot, versions: versions.items, entries: entries.items, matches: seated };
        }),
      );
      const content = <TeamContent me={me} bots={bots} now={new Date()} />;
      if (wantsFragment(c)) return fragment(c, content);
      return html(c, <Layout title="Your team">{content}</Layout>);
    }),
  );

  app.get(
    '/signup',
    page(async (c) =>
      html(
        c,
        <SignupPage
          invite={(c.req.query('invite') ?? '').slice(0, 200)}
          board={(c.req.query('board') ?? '').slice(0, 100)}
        />,
      ),
    ),
  );

  // A plain form post, with or without script: the answer is the page with the new key, never cached.
  app.post(
    '/ui/signup',
    page(async (c) => {
      const form = await readBoundedForm(c.req.raw).catch((e: unknown) => {
        throw e instanceof InputError ? new ApiFailure(e.status, e.code, e.message) : e;
      });
      const made = await json<{ key: string; team?: string; boards?: string[] }>(
        await api('/v1/signup', {
          method: 'POST',
          body: JSON.stringify({
            invite: String(form.get('invite') ?? '').trim(),
            team: String(form.get('team') ?? '').trim(),
          }),
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      c.header('Cache-Control', 'no-store');
      return html(c, <SignedUpPage team={made.team ?? ''} secret={made.key} boards={made.boards ?? []} />, 201);
    }),
  );

  formActions(app, api);
  adminActions(app, api);
}

/** An error as a page (a refused form post, a page request refused before any route). */
export function problemPage(c: Context, status: number, code: string, message: string): Promise<Response> {
  return html(c, <ErrorPage status={status} code={code} message={message} />, status);
}

function gameOr404(id: string): GameModule {
  const game = findGame(id);
  if (!game) throw new ApiFailure(404, 'NOT_FOUND', `no game '${id}'`);
  return game;
}

/** Whether a bot of this kind can play the game: text games take their own kind, the others bundles. */
function playable(game: GameModule, kind: string): boolean {
  return game.bots.form === 'text' ? game.bots.kind === kind : isBundleKind(kind);
}
