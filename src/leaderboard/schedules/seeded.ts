/** A 32-bit seed from a text (FNV-1a): the same text gives the same seed everywhere. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) {
    hash ^= text.charCodeAt(k);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * A small deterministic generator of numbers in [0, 1), for tie-breaks and map
 * picks: a counter stepped by the golden ratio, mixed by MurmurHash3's finalizer.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z ^= z >>> 16;
    return (z >>> 0) / 0x100000000;
  };
}

/** A tie-break rank per id, fixed by the seed: ids sorted by it come in a seeded, shuffled order. */
export function tieBreaks(ids: readonly string[], seed: number): ReadonlyMap<string, number> {
  return new Map(ids.map((id) => [id, seedOf(`${seed}:${id}`)]));
}
