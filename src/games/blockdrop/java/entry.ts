/**
 * One key of the emulated java.util.HashSet (java/hash-set.ts). Every entry
 * sits on its bin's `next` chain, which is the set's iteration order; in a
 * bin turned into a red-black tree (`tree`), the tree links, `prev` and the
 * colour are in use as well.
 */
export class Entry<K> {
  next: Entry<K> | null = null;
  tree = false;
  parent: Entry<K> | null = null;
  left: Entry<K> | null = null;
  right: Entry<K> | null = null;
  prev: Entry<K> | null = null;
  red = false;

  constructor(
    readonly hash: number,
    readonly key: K,
  ) {}

  /** Back to a plain chain entry (the tree links dropped). */
  plain(): this {
    this.tree = false;
    this.parent = this.left = this.right = this.prev = null;
    this.red = false;
    return this;
  }
}

/** Orders two keys of one bin: the keys' hashes first, then their natural order (Comparable). */
export type KeyOrder<K> = (a: Entry<K>, b: Entry<K>) => number;

/** The table of bins, shared by the chain and tree code. */
export interface Bins<K> {
  table: (Entry<K> | null)[];
}
