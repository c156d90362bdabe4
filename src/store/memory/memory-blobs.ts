import { type BlobMeta, type BlobStore, validRange } from '../contract/blobs.js';

/** Blobs in memory: a copy of the bytes is stored and a copy handed out. */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, { bytes: Uint8Array; meta: BlobMeta }>();

  async put(key: string, bytes: Uint8Array, meta: BlobMeta): Promise<void> {
    this.blobs.set(key, { bytes: bytes.slice(), meta: { ...meta } });
  }

  async get(key: string): Promise<Uint8Array | null> {
    return this.blobs.get(key)?.bytes.slice() ?? null;
  }

  async getRange(key: string, start: number, end: number): Promise<Uint8Array | null> {
    const bytes = this.blobs.get(key)?.bytes;
    if (!bytes || !validRange(start, end) || end > bytes.length) return null;
    return bytes.slice(start, end);
  }
}
