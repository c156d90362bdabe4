import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { StoreError } from '../contract/errors.js';
import { type BlobMeta, type BlobStore, validRange } from '../contract/blobs.js';

/** Blobs as objects in an S3 bucket (AWS S3, Cloudflare R2, or a local S3 server). */
export class S3BlobStore implements BlobStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, bytes: Uint8Array, meta: BlobMeta): Promise<void> {
    try {
      await this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentType: meta.contentType,
          ...(meta.contentEncoding ? { ContentEncoding: meta.contentEncoding } : {}),
        }),
      );
    } catch (e) {
      throw unavailable(`storing ${key}`, e);
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (e) {
      if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return null;
      throw unavailable(`reading ${key}`, e);
    }
  }

  async getRange(key: string, start: number, end: number): Promise<Uint8Array | null> {
    if (!validRange(start, end)) return null;
    try {
      const out = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }),
      );
      const bytes = out.Body ? await out.Body.transformToByteArray() : null;
      // A shorter object answers with what it has (or 416): not the object the caller knew.
      return bytes && bytes.length === end - start ? bytes : null;
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (e instanceof NoSuchKey || name === 'NoSuchKey' || name === 'InvalidRange') return null;
      throw unavailable(`reading ${key}`, e);
    }
  }
}

export function unavailable(what: string, e: unknown): StoreError {
  return new StoreError('STORAGE_UNAVAILABLE', `${what} failed: ${(e as Error).message ?? String(e)}`);
}
