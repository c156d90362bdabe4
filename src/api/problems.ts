import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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

export function problemResponse(c: Context, p: ApiProblem): Response {
  return c.json({ error: { code: p.code, message: p.message, ...(p.details === undefined ? {} : { details: p.details }) } }, p.status);
}
