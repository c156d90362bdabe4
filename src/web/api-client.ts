/** How the pages reach the API: the app itself (Hono's app.request), so every read and write keeps the API's rules. */
export type ApiCall = (path: string, init?: RequestInit) => Promise<Response>;

/** An answer of the API that is not a success, with its error code and message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The JSON of a successful answer; an ApiFailure otherwise. */
export async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiFailure(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? `the API answered ${response.status}`,
    );
  }
  return body as T;
}

/** GET `path` and its JSON, passing the reader's Authorization header on (absent for most page loads). */
export async function read<T>(api: ApiCall, path: string, authorization?: string): Promise<T> {
  return json<T>(await api(path, authorization ? { headers: { Authorization: authorization } } : {}));
}

/** The same, or `fallback` when the API refuses it (a reader who may not see it, a missing thing). */
export async function readOr<T, F>(api: ApiCall, path: string, fallback: F, authorization?: string): Promise<T | F> {
  try {
    return await read<T>(api, path, authorization);
  } catch (e) {
    if (e instanceof ApiFailure && e.status < 500) return fallback;
    throw e;
  }
}
