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
}
