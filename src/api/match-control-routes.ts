import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { allResults } from '../leaderboard/all-results.js';
import type { LeaderboardDeps } from '../leaderboard/deps.js';
import { rerateBoard } from '../leaderboard/rerate.js';
import { rerunMatch } from '../leaderboard/rerun-match.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import type { Leaderboard, ResultLine } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { ownBoard, refuseFrozen, refuseRunningRound } from './board-access.js';
import { boardDocs } from './board-route-docs.js';
import { ApiProblem } from './problems.js';
import { checkId, parseInput, readJson } from './schemas.js';

type Env = { Variables: { owner: ApiKeyRecord } };

export const VoidRequest = z
  .object({ reason: z.string().trim().min(1).max(500).describe('why, shown with the match') })
  .strict();

/** A rated match of the board, by its id, or 404. */
async function resultOf(deps: LeaderboardDeps, board: Leaderboard, match: string): Promise<ResultLine> {
  checkId('match', match);
  const line = (await allResults(deps.leaderboards, board.id)).find((l) => l.match === match);
  if (!line) throw new ApiProblem(404, 'NOT_FOUND', `no rated match '${match}' on this leaderboard`);
  return line;
}

/** The organizer's controls on a board's matches: void one (and re-rate), play one again, re-rate the board. */
export function matchControlRoutes(
  app: Hono<Env>,
  deps: LeaderboardDeps,
  auth: MiddlewareHandler<Env>,
  queue: JobQueue<RoundJob> | undefined,
): void {
  app.post('/v1/leaderboards/:id/matches/:match/void', boardDocs.voidMatch(VoidRequest), auth, async (c) => {
    const b = await ownBoard(deps.leaderboards, c.req.param('id'), c.get('owner'));
    const { reason } = parseInput(VoidRequest, await readJson(c.req.raw));
    refuseFrozen(b, 'void');
    await refuseRunningRound(deps.leaderboards, b, 'void');
    const line = await resultOf(deps, b, c.req.param('match'));
    if (line.void)
      throw new ApiProblem(409, 'ALREADY_VOID', `match ${line.match} was voided at ${line.void.at}`, {
        void: line.void,
      });
    // The line is rewritten in place (the same key), then every rating is rebuilt without the match.
    const voided = { reason, at: new Date().toISOString() };
    await deps.leaderboards.appendResult(b.id, { ...line, void: voided });
    const { matches } = await rerateBoard(deps, b);
    return c.json({ match: line.match, void: voided, rerated: matches });
  });

  app.post('/v1/leaderboards/:id/matches/:match/rerun', boardDocs.rerunMatch, auth, async (c) => {
    const b = await ownBoard(deps.leaderboards, c.req.param('id'), c.get('owner'));
    if (!queue) throw new ApiProblem(501, 'NO_QUEUE', 'this deployment has no match queue for rounds');
    refuseFrozen(b, 'rerun');
    const line = await resultOf(deps, b, c.req.param('match'));
    const round = await rerunMatch(deps, queue, b, line, new Date());
    c.header('Location', `/v1/leaderboards/${b.id}/rounds/${round.id}`);
    return c.json({ ...round, status: 'running' }, 202);
  });

  app.post('/v1/leaderboards/:id/rerate', boardDocs.rerate, auth, async (c) => {
    const b = await ownBoard(deps.leaderboards, c.req.param('id'), c.get('owner'));
    refuseFrozen(b, 'rerate');
    await refuseRunningRound(deps.leaderboards, b, 'rerate');
    const { matches } = await rerateBoard(deps, b);
    return c.json({ rerated: matches });
  });
}
