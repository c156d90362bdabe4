/** One page of a listing: opaque cursors, BAD_CURSOR (errors.ts) for one a store did not give out. */
export interface Page<T> {
  readonly items: T[];
  /** Pass back to get the next page; null on the last one. */
  readonly cursor: string | null;
}
