/** One probe of the compatibility layer (cases.mjs). */
export interface CompatCase {
  readonly module: string;
  readonly names: readonly string[];
  /** Printed output compared with CPython's, unless false (then `why` says why not). */
  readonly cpython?: false;
  readonly why?: string;
  readonly code: string;
}

export const CASES: readonly CompatCase[];
export const STDIN: string;
