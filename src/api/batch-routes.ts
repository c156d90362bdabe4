import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { batchResults, resultsCsv } from '../leaderboard/batch-results.js';
import { isBatchId, newBatchId } from '../leaderboard/batch-ids.js';
import { newBatchHook, queueBatch } from '../leaderboard/queue-batch.js';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../leaderboard/webhook-settings.js';
import type { Batch, BatchState, BatchStore } from '../store/contract/batches.js';
import type { BlobStore } from '../store/contract/blobs.js';
import type { BotStore } from '../store/contract/bots.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { MatchStore } from '../store/contract/matches.js';
import type { RoundJob } from '../store/contract/round-job.js';
import type { RoundJobStore } from '../store/contract/round-jobs.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import { batchDocs } from './batch-route-docs.js';
import { readBatchRequest } from './batch-request.js';
import { ApiProblem } from './problems.js';
import { checkId, PageQuery, parseInput } from './schemas.js';

/** The app's environment (as app.ts's ApiEnv): the write owner the auth middleware found. */
type ApiEnv = { Variables: { owner: ApiKeyRecord } };

export interface BatchRouteDeps {
  readonly batches?: BatchStore;
  readonly roundJobs: RoundJobStore;
  readonly blobs: BlobStore;
  readonly bots: BotStore;
  readonly matches: MatchStore;
  readonly webhookSettings?: WebhookSettings;
}

const ResultsQuery = z
  .object({
    format: z.enum(['json', 'csv']).default('json'),
    from: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(10_000).default(10_000),
  })
  .strict();

/** A batch as the API shows it: its progress and status, never its webhooks' secrets. */
export function presentBatch(batch: BatchState) {
  const settled = batch.done + batch.failed;
  return {
    id: batch.id,
    game: batch.game,
    status: settled >= batch.total ? 'finished' : settled > 0 ? 'running' : 'queued',
    total: batch.total,
    done: batch.done,
    failed: batch.failed,
    public: batch.public,
    createdAt: batch.createdAt,
    finishedAt: batch.finishedAt ?? null,
    ...(batch.settings ? { settings: batch.settings } : {}),
    webhook: batch.webhook ? { url: batch.webhook.url } : null,
    matchWebhook: batch.matchWebhook ? { url: batch.matchWebhook.url } : null,
    resultsUrl: `/v1/batches/${batch.id}/results`,
  };
}

/**
 * Batches (docs/batches.md): an external matchmaker's pairings, played through
 * the queue rounds use. Only the key that created a batch sees it; to any
 * other it does not exist.
 */
export function batchRoutes(
  app: Hono<ApiEnv>,
  deps: BatchRouteDeps,
  auth: MiddlewareHandler<ApiEnv>,
  queue: JobQueue<RoundJob> | undefined,
): void {
  const hookSettings = deps.webhookSettings ?? DEFAULT_WEBHOOK_SETTINGS;
  const store = (): BatchStore => {
    if (!queue || !deps.batches)
      throw new ApiProblem(501, 'NO_QUEUE', 'this deployment has no match queue for batches');
    return deps.batches;
  };
  const mine = async (id: string, owner: string): Promise<BatchState> => {
    checkId('id', id);
    const batch = isBatchId(id) ? await store().getBatch(id) : null;
    if (!batch || batch.owner !== owner || batch.kind !== 'batch')
      throw new ApiProblem(404, 'NOT_FOUND', `no batch '${id.slice(0, 100)}'`);
    return batch;
  };

  app.post('/v1/batches', batchDocs.createBatch, auth, async (c) => {
    const batches = store();
    const owner = c.get('owner').id;
    const request = await readBatchRequest(c.req.raw, owner, deps.bots, hookSettings);
    const now = new Date();
    const webhook = request.webhook === undefined ? undefined : newBatchHook(request.webhook, now);
    const matchWebhook = request.matchWebhook === undefined ? undefined : newBatchHook(request.matchWebhook, now);
    const batch: Batch = {
      id: newBatchId(),
      kind: 'batch',
      owner,
      game: request.game.id,
      total: request.pairings.length,
      createdAt: now.toISOString(),
      public: request.public,
      settings: request.settings,
      ...(webhook ? { webhook } : {}),
      ...(matchWebhook ? { matchWebhook } : {}),
    };
    await queueBatch({ ...deps, batches }, queue!, batch, request.pairings);
    c.header('Location', `/v1/batches/${batch.id}`);
    return c.json(
      {
        ...presentBatch({ ...batch, done: 0, failed: 0 }),
        // The secrets are shown once, here: the receivers verify signatures with them.
        webhook: webhook ? { url: webhook.url, secret: webhook.secret } : null,
        matchWebhook: matchWebhook ? { url: matchWebhook.url, secret: matchWebhook.secret } : null,
      },
      202,
    );
  });

  app.get('/v1/batches', batchDocs.listBatches, auth, async (c) => {
    const query = parseInput(PageQuery, c.req.query());
    const page = await store().listBatches(c.get('owner').id, query.limit, query.cursor);
    return c.json({
      items: page.items.map(presentBatch),
      cursor: page.cursor,
    });
  });

  app.get('/v1/batches/:id', batchDocs.getBatch, auth, async (c) =>
    c.json(presentBatch(await mine(c.req.param('id'), c.get('owner').id))),
  );

  app.get('/v1/batches/:id/results', batchDocs.batchResults, auth, async (c) => {
    const batch = await mine(c.req.param('id'), c.get('owner').id);
    const query = parseInput(ResultsQuery, c.req.query());
    const results = await batchResults(deps, batch, query.from, query.limit);
    if (query.format === 'csv')
      return c.body(resultsCsv(results), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${batch.id}.csv"`,
      });
    return c.body(results.map((r) => `${JSON.stringify(r)}\n`).join(''), 200, {
      'Content-Type': 'application/x-ndjson',
    });
  });
}
