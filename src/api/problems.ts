import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { runnerErrorCode } from '../match/runner.js';

/** The one error shape of the API: `{ error: { code, message, details? } }`. */
export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiProblem';
  }
}

/** The longest message an error carries: messages that quote the request say only its start. */
export const MAX_MESSAGE_CHARS = 1000;

export function problemResponse(c: Context, p: ApiProblem): Response {
  const message = p.message.length > MAX_MESSAGE_CHARS ? `${p.message.slice(0, MAX_MESSAGE_CHARS)}…` : p.message;
  return c.json(
    { error: { code: p.code, message, ...(p.details === undefined ? {} : { details: p.details }) } },
    p.status,
  );
}

/** Seconds a client is asked to wait when the match pool, or its key's part of it, is full. */
export const POOL_BUSY_RETRY_AFTER_S = 10;

/**
 * The match runner's own failures (deadline, crash, full pool): the service
 * is at fault, not the request (503); except KEY_QUEUE_FULL, the caller's key
 * having too many jobs waiting already (429).
 */
export function runnerProblem(e: unknown): ApiProblem | null {
  const code = runnerErrorCode(e);
  if (!code) return null;
  return new ApiProblem(code === 'KEY_QUEUE_FULL' ? 429 : 503, code, (e as Error).message);
}
