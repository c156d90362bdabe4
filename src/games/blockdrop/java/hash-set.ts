/**
 * The iteration order of a java.util.HashSet (a HashMap of Java 8 and
 * later): the JavaChallenge 2015 engine draws a starting square by index
 * from a HashSet of squares turned into an array, so the order decides the
 * game. Emulated are the table of power-of-two size (16 first, doubled when
 * the size passes three quarters of it), bins as chains in insertion order,
 * the resize that splits each bin in order, and the bins of more than 8
 * entries that become red-black trees once the table has 64 bins (before
 * that such a bin doubles the table instead).
 */
import { Entry, type Bins, type KeyOrder } from './entry.js';
import { treeAdd, treeify, treeRemove } from './tree-bin.js';

const FIRST_CAPACITY = 16;
/** A chain that reaches this many entries becomes a tree... */
const TREE_AT = 8;
/** ...if the table has this many bins. */
const TREE_TABLE = 64;
/** A tree split by a resize into this many entries or fewer is a chain again. */
const CHAIN_AT = 6;

/** What the set needs of its keys: Java's hashCode, equals and compareTo. */
export interface JavaKey<K> {
  hashCode(key: K): number;
  equals(a: K, b: K): boolean;
  compare(a: K, b: K): number;
}

/** HashMap's spreading of a key's hashCode. */
const spread = (h: number) => (h ^ (h >>> 16)) | 0;

export class JavaHashSet<K> implements Bins<K> {
  table: (Entry<K> | null)[] = [];
  private size = 0;
  private threshold = 0;
  private readonly order: KeyOrder<K>;

  constructor(private readonly keys: JavaKey<K>) {
    this.order = (a, b) => (a.hash !== b.hash ? (a.hash < b.hash ? -1 : 1) : keys.compare(a.key, b.key));
  }

  /** `add`: whether the key was new. */
  add(key: K): boolean {
    const hash = spread(this.keys.hashCode(key));
    if (this.table.length === 0) this.resize();
    const index = hash & (this.table.length - 1);
    const first = this.table[index];
    if (!first) {
      this.table[index] = new Entry(hash, key);
    } else {
      for (let e: Entry<K> | null = first; e; e = e.next)
        if (e.hash === hash && this.keys.equals(e.key, key)) return false;
      if (first.tree) {
        treeAdd(this, first, new Entry(hash, key), this.order);
      } else {
        let last = first;
        let count = 1;
        while (last.next) {
          last = last.next;
          count++;
        }
        last.next = new Entry(hash, key);
        if (count >= TREE_AT) this.toTree(hash);
      }
    }
    if (++this.size > this.threshold) this.resize();
    return true;
  }

  /** `remove`: whether the key was there. */
  remove(key: K): boolean {
    if (this.table.length === 0) return false;
    const hash = spread(this.keys.hashCode(key));
    const index = hash & (this.table.length - 1);
    let before: Entry<K> | null = null;
    for (let e = this.table[index] ?? null; e; before = e, e = e.next) {
      if (e.hash !== hash || !this.keys.equals(e.key, key)) continue;
      if (e.tree) treeRemove(this, e);
      else if (before) before.next = e.next;
      else this.table[index] = e.next;
      this.size--;
      return true;
    }
    return false;
  }

  /** `toArray()`: bin by bin, each bin along its chain. */
  toArray(): K[] {
    const out: K[] = [];
    for (const first of this.table) for (let e = first; e; e = e.next) out.push(e.key);
    return out;
  }

  /** A chain of more than 8: a tree, or a larger table while it has fewer than 64 bins. */
  private toTree(hash: number): void {
    if (this.table.length < TREE_TABLE) {
      this.resize();
      return;
    }
    const head = this.table[hash & (this.table.length - 1)]!;
    let before: Entry<K> | null = null;
    for (let e: Entry<K> | null = head; e; before = e, e = e.next) {
      e.tree = true;
      e.prev = before;
    }
    treeify(this, head, this.order);
  }

  private resize(): void {
    const old = this.table;
    const capacity = old.length === 0 ? FIRST_CAPACITY : old.length * 2;
    this.threshold = old.length === 0 ? (FIRST_CAPACITY * 3) / 4 : this.threshold * 2;
    this.table = new Array<Entry<K> | null>(capacity).fill(null);
    old.forEach((first, index) => {
      if (!first) return;
      if (!first.next) this.table[first.hash & (capacity - 1)] = first;
      else this.split(first, index, old.length);
    });
  }

  /** Splits a bin of the old table into the entries that stay at `index` and those that move up by `bit`, each in chain order. */
  private split(first: Entry<K>, index: number, bit: number): void {
    const stay: Entry<K>[] = [];
    const move: Entry<K>[] = [];
    for (let e: Entry<K> | null = first; e; e = e.next) (e.hash & bit ? move : stay).push(e);
    const wasTree = first.tree;
    const place = (group: Entry<K>[], at: number, other: Entry<K>[]) => {
      if (group.length === 0) return;
      group.forEach((e, k) => {
        e.next = group[k + 1] ?? null;
        if (wasTree) e.prev = group[k - 1] ?? null;
      });
      this.table[at] = group[0]!;
      if (!wasTree) return;
      if (group.length <= CHAIN_AT) group.forEach((e) => e.plain());
      // A tree that lost entries to the other half is built again; one that kept them all stays as it is.
      else if (other.length > 0) treeify(this, group[0]!, this.order);
    };
    place(stay, index, move);
    place(move, index + bit, stay);
  }
}
