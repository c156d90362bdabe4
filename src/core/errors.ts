/** Errors are values with a stable code; messages are for people. */
export interface Problem<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export type Result<T, P extends Problem = Problem> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: Problems<P> };

/** A failure's problems: never none. */
export type Problems<P extends Problem = Problem> = readonly [P, ...P[]];

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<P extends Problem>(...problems: [P, ...P[]]): { ok: false; problems: [P, ...P[]] } {
  return { ok: false, problems };
}

/** Whether a list of problems found has any, so that it can be a failure's. */
export function hasProblems<P extends Problem>(problems: P[]): problems is [P, ...P[]] {
  return problems.length > 0;
}

/** Thrown only at boundaries (CLI, API) to carry a Problem through non-Result code. */
export class UmpireError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly details?: Readonly<Record<string, unknown>>;

  constructor(problem: Problem<Code>) {
    super(problem.message);
    this.name = 'UmpireError';
    this.code = problem.code;
    this.details = problem.details;
  }
}

/**
 * A request the caller got wrong, found by code below the HTTP layer (a game's
 * module reading its request, a map that does not parse): the API answers it
 * with `status` and `code`, the CLI prints the message.
 */
export class InputError<Code extends string = string> extends UmpireError<Code> {
  readonly status: 400 | 404 | 409 | 413 | 422;

  constructor(status: InputError['status'], problem: Problem<Code>) {
    super(problem);
    this.name = 'InputError';
    this.status = status;
  }
}
