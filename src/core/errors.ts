/** Errors are values with a stable code; messages are for people. */
export interface Problem<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export type Result<T, P extends Problem = Problem> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: readonly P[] };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<P extends Problem>(...problems: P[]): { ok: false; problems: P[] } {
  return { ok: false, problems };
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
