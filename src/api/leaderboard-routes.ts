import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { JobQueue } from '../leaderboard/queue.js';
import { newEntry, newLeaderboard, scheduleRound, standings, type LeaderboardDeps, type MatchJob } from '../leaderboard/service.js';
import type { ApiKeyRecord } from '../store/types.js';
import { ApiProblem } from './problems.js';
import { BudgetsInput, parseInput } from './schemas.js';
import { DEFAULT_ROUNDS } from '../games/ants/index.js';
import { resolveAntsWorld } from '../match/ants-worlds.js';
import { base64UrlEncode } from '../store/dynamo-matches.js';
import type { Webhook } from '../leaderboard/webhooks.js';

type Env = { Variables: { owner: ApiKeyRecord } };

const NewIcyLeaderboard = z
  .object({
    name: z.string().min(1).max(100),
    game: z.literal('icy'),
    rules: z.enum(['queue2011', 'icpc2010']).default('queue2011'),
    maps: z.array(z.string().min(1).max(100)).min(1).max(20).default(['default']),
    budgets: BudgetsInput.default({}),
    rating: z.enum(['openskill', 'elo']).default('openskill'),
  })
  .strict();

const NewAntsLeaderboard = z
  .object({
    name: z.string().min(1).max(100),
    game: z.literal('ants'),
    worlds: z.array(z.string().min(1).max(100)).min(1).max(20).default(['sample0']),
    rounds: z.number().int().min(1).max(DEFAULT_ROUNDS).default(DEFAULT_ROUNDS),
    rating: z.enum(['openskill', 'elo']).default('openskill'),
  })
  .strict();

const NewBlockDropLeaderboard = z
  .object({
    name: z.string().min(1).max(100),
    game: z.literal('blockdrop'),
    budgets: BudgetsInput.default({}),
    rating: z.enum(['openskill', 'elo']).default('openskill'),
  })
  .strict();

const NewCaptureLeaderboard = z
  .object({
    name: z.string().min(1).max(100),
    game: z.literal('capture'),
    budgets: BudgetsInput.default({}),
    rating: z.enum(['openskill', 'elo']).default('openskill'),
  })
  .strict();

const NewLeaderboard = z.discriminatedUnion('game', [NewIcyLeaderboard, NewAntsLeaderboard, NewBlockDropLeaderboard, NewCaptureLeaderboard]);

const NewWebhook = z.object({ url: z.url({ protocol: /^https?$/ }).max(2000) }).strict();

const NewEntry = z.object({ bot: z.string().regex(/^bot_[A-Za-z0-9_-]{22}$/, 'must be a bot id from POST /v1/bots') }).strict();

async function parse<T>(schema: z.ZodType<T>, raw: Request): Promise<T> {
  let input: unknown;
  try {
    input = await raw.json();
  } catch (e) {
    throw new ApiProblem(400, 'INVALID_JSON', `the body is not JSON: ${(e as Error).message}`, { field: '(body)' });
  }
  return parseInput(schema, input);
}

/** Leaderboards, their entries and rounds, and the export of their results. */
export function leaderboardRoutes(
  app: Hono<Env>,
  deps: LeaderboardDeps & { maps: Readonly<Record<string, string>> },
  auth: MiddlewareHandler<Env>,
  queue: JobQueue<MatchJob> | undefined,
): void {
  const board = async (id: string) => {
    const b = await deps.leaderboards.getBoard(id);
    if (!b) throw new ApiProblem(404, 'NOT_FOUND', `no leaderboard '${id}'`);
    return b;
  };
  const mine = async (id: string, owner: ApiKeyRecord) => {
    const b = await board(id);
    if (b.owner !== owner.id) throw new ApiProblem(403, 'FORBIDDEN', 'only the key that created a leaderboard changes it');
    return b;
  };

  app.post('/v1/leaderboards', auth, async (c) => {
    const input = await parse(NewLeaderboard, c.req.raw);
    if (input.game === 'ants') {
      const bad = input.worlds.map((w) => ({ w, resolved: resolveAntsWorld(w) })).find(({ w, resolved }) => !resolved.ok || w.includes('\n'));
      if (bad) throw new ApiProblem(400, 'UNKNOWN_WORLD', `worlds: no world named '${bad.w.slice(0, 100)}' (sample0..sample9, tiny, generated:SEED)`, { field: 'worlds' });
    } else if (input.game === 'icy') {
      const unknown = input.maps.find((m) => !Object.hasOwn(deps.maps, m));
      if (unknown) throw new ApiProblem(400, 'UNKNOWN_MAP', `maps: no map named '${unknown}'`, { field: 'maps' });
    }
    const created = newLeaderboard({ ...input, owner: c.get('owner').id }, new Date());
    await deps.leaderboards.createBoard(created);
    c.header('Location', `/v1/leaderboards/${created.id}`);
    return c.json(created, 201);
  });

  app.post('/v1/leaderboards/:id/entries', auth, async (c) => {
    const b = await mine(c.req.param('id'), c.get('owner'));
    const { bot } = await parse(NewEntry, c.req.raw);
    const record = await deps.bots.get(bot);
    if (!record) throw new ApiProblem(400, 'UNKNOWN_BOT', `bot: no bot with id '${bot}'`, { field: 'bot' });
    if ((record.kind === 'ant') !== (b.game === 'ants')) {
      throw new ApiProblem(400, 'WRONG_GAME', `bot: a ${record.kind} bot cannot play on a ${b.game} leaderboard`, { field: 'bot' });
    }
    const entry = newEntry(b, record);
    if (!(await deps.leaderboards.addEntry(b.id, entry))) throw new ApiProblem(409, 'ALREADY_ENTERED', `bot ${bot} is on this leaderboard already`);
    return c.json(entry, 201);
  });

  app.post('/v1/leaderboards/:id/webhooks', auth, async (c) => {
    const b = await mine(c.req.param('id'), c.get('owner'));
    const { url } = await parse(NewWebhook, c.req.raw);
    const hook: Webhook = {
      id: `hook_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(9)))}`,
      url,
      secret: `whsec_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(24)))}`,
      createdAt: new Date().toISOString(),
    };
    await deps.leaderboards.addWebhook(b.id, hook);
    // The secret is shown once, here: the receiver verifies signatures with it.
    return c.json(hook, 201);
  });

  app.get('/v1/leaderboards/:id', async (c) => {
    const b = await board(c.req.param('id'));
    return c.json({ leaderboard: b, table: standings(await deps.leaderboards.entries(b.id), c.req.query('history') === '1', b.game === 'ants') });
  });

  app.post('/v1/leaderboards/:id/rounds', auth, async (c) => {
    const b = await mine(c.req.param('id'), c.get('owner'));
    if (!queue) throw new ApiProblem(501, 'NO_QUEUE', 'this deployment has no match queue for rounds');
    const round = await scheduleRound(deps, queue, b, new Date());
    c.header('Location', `/v1/leaderboards/${b.id}/rounds/${round.id}`);
    return c.json({ ...round, status: round.total === 0 ? 'finished' : 'running' }, 202);
  });

  app.get('/v1/leaderboards/:id/rounds/:rid', async (c) => {
    const b = await board(c.req.param('id'));
    const round = await deps.leaderboards.getRound(b.id, c.req.param('rid'));
    if (!round) throw new ApiProblem(404, 'NOT_FOUND', `no round '${c.req.param('rid')}'`);
    return c.json({ ...round, status: round.done + round.failed >= round.total ? 'finished' : 'running' });
  });

  // For sites that keep their own table: every rated match once, in order, as JSON lines.
  app.get('/v1/leaderboards/:id/matches', async (c) => {
    const b = await board(c.req.param('id'));
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    const { lines, cursor } = await deps.leaderboards.results(b.id, c.req.query('since'), limit);
    if (cursor) c.header('Umpire-Cursor', cursor);
    return c.body(lines.map((l) => JSON.stringify(l) + '\n').join(''), 200, { 'Content-Type': 'application/x-ndjson' });
  });
}
