import type { BlobStore } from '../store/contract/blobs.js';
import { bundleKey } from './digest.js';

/** A bundle sent with a request, to be kept under its sha256. */
export interface SentBundle {
  readonly sha256: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/** Bundles this process wrote, by store: most recent last, at most this many per store. */
const REMEMBERED = 4096;
const written = new WeakMap<BlobStore, Set<string>>();

/**
 * Writes the bundles sent with a match under their sha256, each once: two seats sending the same
 * bot write it once, and a bot sent again to this process (a client replaying its matches) is not
 * written again. Bundles are kept by content and never deleted, so one written is there for good.
 */
export async function storeSentBundles(blobs: BlobStore, bundles: readonly SentBundle[]): Promise<void> {
  let known = written.get(blobs);
  if (!known) written.set(blobs, (known = new Set()));
  const fresh = new Map<string, SentBundle>();
  for (const b of bundles) if (!known.has(b.sha256)) fresh.set(b.sha256, b);
  await Promise.all(
    [...fresh.values()].map(async (b) => {
      await blobs.put(bundleKey(b.sha256), b.bytes, { contentType: b.contentType });
      known.add(b.sha256);
      if (known.size > REMEMBERED) known.delete(known.values().next().value!);
    }),
  );
}

/** Bundles kept after a read, by store: at most this many bytes in all, none larger than a part of it. */
const CACHED_BYTES = 32 * 1024 * 1024;
const CACHED_LARGEST = 4 * 1024 * 1024;
const cached = new WeakMap<BlobStore, { readonly bundles: Map<string, Uint8Array>; bytes: number }>();

/**
 * The bundle stored under `sha256`, or null. A bundle never changes (its key is its content), so
 * the ones read lately are kept in this process: a board's bots are read for every match they
 * play, and each read is a request to the store.
 */
export async function readBundle(blobs: BlobStore, sha256: string): Promise<Uint8Array | null> {
  let cache = cached.get(blobs);
  if (!cache) cached.set(blobs, (cache = { bundles: new Map(), bytes: 0 }));
  const kept = cache.bundles.get(sha256);
  if (kept) {
    cache.bundles.delete(sha256);
    cache.bundles.set(sha256, kept);
    return kept;
  }
  const bytes = await blobs.get(bundleKey(sha256));
  if (!bytes || bytes.length > CACHED_LARGEST || cache.bundles.has(sha256)) return bytes;
  cache.bundles.set(sha256, bytes);
  cache.bytes += bytes.length;
  for (const [key, old] of cache.bundles) {
    if (cache.bytes <= CACHED_BYTES) break;
    cache.bundles.delete(key);
    cache.bytes -= old.length;
  }
  return bytes;
}
