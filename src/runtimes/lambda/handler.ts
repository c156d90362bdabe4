import { existsSync } from 'node:fs';
import { handle } from 'hono/aws-lambda';
import { platformSiteFromEnv } from '../../api/site.js';
import { parseQueuedMessageText } from '../../leaderboard/queued-job-message.js';
import { COMPILED_MATCH_WORKER } from '../../match/pool/worker-url.js';
import { assembleRuntime } from '../assemble.js';
import { playQueuedJobs } from '../job-loop.js';
import { openRuntimeStores } from '../open-stores.js';
import type { Stores } from '../../store/contract/stores.js';
import { LAMBDA_STORAGE, lambdaKit } from './kit.js';
import { startGate } from './start-gate.js';

interface SqsEvent {
  Records: { messageId: string; body: string; eventSource: string }[];
}

/** A Lambda handler: HTTP from a Function URL or API Gateway, and SQS batches of rounds' and batches' matches. */
export type LambdaHandler = (event: unknown, context: unknown) => Promise<unknown>;

/**
 * Lambda's handler, its stores opened. `workerUrl`: the match worker beside the bundle
 * (dist/functions/match-worker.js), or the compiled one when the entry runs from source (tests).
 * `stores`: stores the caller already holds (one process embedding the handler, or a test that
 * provisions keys in memory), instead of those the settings choose.
 */
export async function lambdaHandler(
  env: Readonly<Record<string, string | undefined>>,
  workerUrl: URL,
  stores?: Stores,
): Promise<LambdaHandler> {
  stores ??= (await openRuntimeStores(LAMBDA_STORAGE, env)).stores;
  // URLs on PUBLIC_URL, or on the domain name Lambda gives each request (its Function URL or API domain).
  const site = platformSiteFromEnv(env);
  if (!site.ok) throw new Error(site.problems[0]!.message);
  // Set per invocation from its context: the runner stops a match shortly before it.
  let invocationEnds = Infinity;
  const kit = lambdaKit(env, existsSync(workerUrl) ? workerUrl : COMPILED_MATCH_WORKER, () => invocationEnds);
  const { deps, app } = assembleRuntime(kit, stores, site.value);
  const http = handle(app);
  return async (event, context) => {
    const remaining = (
      context as { getRemainingTimeInMillis?: () => number } | undefined
    )?.getRemainingTimeInMillis?.();
    invocationEnds = remaining === undefined ? Infinity : Date.now() + remaining;
    const records = (event as Partial<SqsEvent>).Records;
    if (Array.isArray(records) && records[0]?.eventSource === 'aws:sqs') {
      // Partial batch response: only the failed messages come back. A message delivered again
      // finds its jobs finished (or held by the invocation still playing them) and plays only the
      // rest. A job that might not finish before the invocation ends is left for that delivery.
      const verdicts = await playQueuedJobs(deps, records, (record) => parseQueuedMessageText(record.body), {
        mayStart: startGate(invocationEnds),
      });
      await kit.lanes.idle();
      return {
        batchItemFailures: records
          .filter((_, k) => verdicts[k]!.kind !== 'done')
          .map((r) => ({ itemIdentifier: r.messageId })),
      };
    }
    return http(event as Parameters<typeof http>[0], context as Parameters<typeof http>[1]);
  };
}
