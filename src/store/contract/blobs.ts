/** Replays, logs and bot bundles: bytes under a key. */

export interface BlobMeta {
  readonly contentType: string;
  /** `gzip` for gzipped JSON. */
  readonly contentEncoding?: string;
}

export interface BlobStore {
  put(key: string, bytes: Uint8Array, meta: BlobMeta): Promise<void>;
  /** The stored bytes, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /**
   * Bytes `start` (included) to `end` (excluded) of the stored object: one read of part of it.
   * Null when there is no object, or when it is shorter than `end` (it is not the object the caller knew).
   */
  getRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
}

/** Whether `start`..`end` names at least one byte: whole numbers, 0 <= start < end. */
export function validRange(start: number, end: number): boolean {
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end > start;
}
