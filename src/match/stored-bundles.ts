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
