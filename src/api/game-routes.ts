import type { Hono } from 'hono';
import { z } from 'zod';
import { botLanguages } from '../core/bot-languages.js';
import type { GameModule } from '../core/game-module.js';
import { DEFAULT_GAME, findGame, GAMES } from '../games/catalog.js';
import { defaultBudgets } from '../match/budgets.js';
import { ApiProblem } from './problems.js';
import { docs } from './route-docs.js';

type AnyEnv = { Variables: Record<string, unknown> };

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** What GET /v1/games shows of a game. */
export function describeGame(game: GameModule) {
  return {
    id: game.id,
    title: game.title,
    summary: game.summary,
    seats: game.seats,
    bots:
      game.bots.form === 'code'
        ? { form: 'code', kinds: botLanguages().map((l) => l.kind) }
        : { form: 'text', kind: game.bots.kind, field: game.bots.field, extension: game.bots.extension },
    ...(game.engine.kind === 'sandbox'
      ? { timeLimits: game.engine.timeLimits, defaultBudgets: defaultBudgets(game.id) }
      : {}),
    maps: game.maps ? game.maps.names.length : 0,
    default: game.isDefault === true,
    links: {
      self: `/v1/games/${game.id}`,
      maps: `/v1/games/${game.id}/maps`,
      replaySchema: `/v1/games/${game.id}/replay-schema`,
    },
  };
}

function game(id: string): GameModule {
  const found = findGame(id);
  if (!found) throw new ApiProblem(404, 'NOT_FOUND', `no game '${id.slice(0, 100)}' (GET /v1/games lists them)`);
  return found;
}

function listMaps(g: GameModule) {
  const maps = g.maps;
  return {
    game: g.id,
    maps: (maps?.names ?? []).map((name) => ({ name, ...maps!.describe(name), url: `/v1/games/${g.id}/maps/${name}` })),
  };
}

function oneMap(g: GameModule, name: string) {
  const text = g.maps?.text(name);
  if (text === undefined) throw new ApiProblem(404, 'NOT_FOUND', `no ${g.id} map named '${name.slice(0, 100)}'`);
  return { name, ...g.maps!.describe(name), text };
}

/** The registered games, their request and replay schemas, and their named maps. */
export function gameRoutes<E extends AnyEnv>(app: Hono<E>): void {
  app.get('/v1/games', docs.listGames, (c) => c.json({ games: GAMES.map(describeGame) }));
  app.get('/v1/games/:game', docs.getGame, (c) => {
    const g = game(c.req.param('game'));
    return c.json({
      ...describeGame(g),
      request: jsonSchema(g.request.schema),
      leaderboardSettings: jsonSchema(g.leaderboard.settings),
    });
  });
  app.get('/v1/games/:game/replay-schema', docs.replaySchema, (c) =>
    c.json(jsonSchema(game(c.req.param('game')).replaySchema)),
  );
  app.get('/v1/games/:game/maps', docs.gameMaps, (c) => c.json(listMaps(game(c.req.param('game')))));
  app.get('/v1/games/:game/maps/:name', docs.gameMap, (c) =>
    c.json(oneMap(game(c.req.param('game')), c.req.param('name'))),
  );
  // The default game's maps, where they were before games had their own.
  app.get('/v1/maps', docs.defaultMaps, (c) => c.json(listMaps(DEFAULT_GAME)));
  app.get('/v1/maps/:name', docs.defaultMap, (c) => c.json(oneMap(DEFAULT_GAME, c.req.param('name'))));
}
