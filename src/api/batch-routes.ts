import type { Context, Hono, MiddlewareHandler } from 'hono';
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
import type { ApiKeyRecord, KeyStore } from '../store/contract/keys.js';
import { readerOf, type AuthMode } from './auth.js';
import { batchDocs } from './batch-route-docs.js';
import { MAX_QUEUED_PAIRINGS, readBatchRequest } from './batch-request.js';
import { ApiProblem } from './problems.js';
import { checkId, PageQuery, parseInput } from './schemas.js';

/** The app's environment (as app.ts's ApiEnv): the write owner the auth middleware found. */
type ApiEnv = { Variables: { owner: ApiKeyRecord } };

export interface BatchRouteDeps {
  readonly batches?: BatchStore;
  readonly keys: KeyStore;
  readonly auth: AuthMode;
  readonly roundJobs: RoundJobStore;
  readonly blobs: BlobStore;
  readonly bots: BotStore;
  readonly matches: MatchStore;
  readonly webhookSettings?: WebhookSettings;
}

/** Unfinished batches one key may have. */
const MAX_OPEN_BATCHES = 100;

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
  // Reads take the key without counting against its rate (a matchmaker polls), as board reads do.
  const reader = async (c: Context<ApiEnv>): Promise<string> => {
    const record = await readerOf(deps.keys, deps.auth, c.req.header('Authorization'));
    if (!record) throw new ApiProblem(401, 'UNAUTHORIZED', 'a batch is read with the key that created it');
    return record.id;
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
    await checkQueued(batches, owner, request.pairings.length);
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

  app.get('/v1/batches', batchDocs.listBatches, async (c) => {
    const query = parseInput(PageQuery, c.req.query());
    const page = await store().listBatches(await reader(c), query.limit, query.cursor);
    return c.json({
      items: page.items.map(presentBatch),
      cursor: page.cursor,
    });
  });

  app.get('/v1/batches/:id', batchDocs.getBatch, async (c) =>
    c.json(presentBatch(await mine(c.req.param('id'), await reader(c)))),
  );

  app.get('/v1/batches/:id/results', batchDocs.batchResults, async (c) => {
    const batch = await mine(c.req.param('id'), await reader(c));
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

/**
 * 429 KEY_QUEUE_FULL when the key's unfinished batches (its newest 100) and
 * this one would leave more than MAX_QUEUED_PAIRINGS pairings waiting, or
 * it has MAX_OPEN_BATCHES unfinished: one key cannot fill the queue for all.
 */
async function checkQueued(batches: BatchStore, owner: string, adding: number): Promise<void> {
  const open = (await batches.listBatches(owner, MAX_OPEN_BATCHES)).items.filter((b) => b.done + b.failed < b.total);
  const waiting = open.reduce((sum, b) => sum + b.total - b.done - b.failed, 0);
  if (waiting + adding <= MAX_QUEUED_PAIRINGS && open.length < MAX_OPEN_BATCHES) return;
  throw new ApiProblem(
    429,
    'KEY_QUEUE_FULL',
    `this key has ${waiting} pairings waiting in ${open.length} unfinished batches; at most ${MAX_QUEUED_PAIRINGS} pairings in ${MAX_OPEN_BATCHES - 1} batches may wait`,
    { limit: 'queuedPairingsPerKey', max: MAX_QUEUED_PAIRINGS, count: waiting + adding },
  );
}
