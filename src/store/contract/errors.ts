/**
 * STORAGE_UNAVAILABLE: the backend failed (the API's 503); BAD_CURSOR: a cursor the store did
 * not give out, or one of another listing (the API's 400).
 */
export type StoreErrorCode = 'STORAGE_UNAVAILABLE' | 'BAD_CURSOR';

/** A storage failure the API reports as such (503), never as a crash. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
