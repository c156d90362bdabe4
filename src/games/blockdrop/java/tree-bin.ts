/**
 * The red-black tree bins of java.util.HashMap (Java 8 and later), as far
 * as they decide the iteration order: a bin's chain follows insertion
 * order, except that a new tree entry is linked right after its tree parent
 * and that the tree's root is moved to the front of the chain after every
 * change. So the tree must take the same shape as the platform's, rotation
 * for rotation. Keys never compare equal here (distinct squares), so no
 * tie-break is needed.
 */
import type { Bins, Entry, KeyOrder } from './entry.js';

type Side = 'left' | 'right';

const opposite = (side: Side): Side => (side === 'left' ? 'right' : 'left');
const isBlack = <K>(e: Entry<K> | null) => !e || !e.red;

function rootOf<K>(e: Entry<K>): Entry<K> {
  let r = e;
  while (r.parent) r = r.parent;
  return r;
}

/** Puts `young` where `old` hangs (its parent's child, or the root); returns the root. */
function replaceChild<K>(root: Entry<K>, old: Entry<K>, young: Entry<K> | null): Entry<K> {
  const above = old.parent;
  if (young) young.parent = above;
  if (!above) return young ?? root;
  if (above.left === old) above.left = young;
  else if (above.right === old) above.right = young;
  return root;
}

/** Puts the root first on its bin's chain. */
export function rootToFront<K>(bins: Bins<K>, root: Entry<K>): void {
  const index = root.hash & (bins.table.length - 1);
  const first = bins.table[index] ?? null;
  if (root === first) return;
  bins.table[index] = root;
  if (root.next) root.next.prev = root.prev;
  if (root.prev) root.prev.next = root.next;
  if (first) first.prev = root;
  root.next = first;
  root.prev = null;
}

/**
 * Turns the subtree at `pivot` toward `side`: the child on the other side
 * rises into the pivot's place and the pivot becomes its `side` child. A
 * new root is painted black. Returns the root.
 */
function rotate<K>(root: Entry<K>, pivot: Entry<K>, side: Side): Entry<K> {
  const other = opposite(side);
  const riser = pivot[other];
  if (!riser) return root;
  const handed = riser[side];
  pivot[other] = handed;
  if (handed) handed.parent = pivot;
  const top = replaceChild(root, pivot, riser);
  if (!riser.parent) riser.red = false;
  riser[side] = pivot;
  pivot.parent = riser;
  return top;
}

/** Recolours and rotates after `x` was hung as a leaf; returns the root. */
function rebalanceAfterInsert<K>(root: Entry<K>, x: Entry<K>): Entry<K> {
  x.red = true;
  for (;;) {
    let parent = x.parent;
    if (!parent) {
      x.red = false;
      return x;
    }
    let grand = parent.parent;
    if (!parent.red || !grand) return root;
    const side: Side = parent === grand.left ? 'left' : 'right';
    const uncle = grand[opposite(side)];
    if (uncle && uncle.red) {
      uncle.red = parent.red = false;
      grand.red = true;
      x = grand;
      continue;
    }
    // An inner grandchild first turns into an outer one.
    if (x === parent[opposite(side)]) {
      x = parent;
      root = rotate(root, x, side);
      parent = x.parent;
      grand = parent ? parent.parent : null;
    }
    if (parent) {
      parent.red = false;
      if (grand) {
        grand.red = true;
        root = rotate(root, grand, opposite(side));
      }
    }
  }
}

/** Recolours and rotates after a black entry left the tree at `x`; returns the root. */
function rebalanceAfterRemove<K>(root: Entry<K>, x: Entry<K> | null): Entry<K> {
  for (;;) {
    if (!x || x === root) return root;
    let parent = x.parent;
    if (!parent) {
      x.red = false;
      return x;
    }
    if (x.red) {
      x.red = false;
      return root;
    }
    const side: Side = parent.left === x ? 'left' : 'right';
    const far = opposite(side);
    let sibling = parent[far];
    if (sibling && sibling.red) {
      sibling.red = false;
      parent.red = true;
      root = rotate(root, parent, side);
      parent = x.parent;
      sibling = parent ? parent[far] : null;
    }
    if (!sibling || (isBlack(sibling.left) && isBlack(sibling.right))) {
      if (sibling) sibling.red = true;
      x = parent;
      continue;
    }
    if (isBlack(sibling[far])) {
      const near = sibling[side];
      if (near) near.red = false;
      sibling.red = true;
      root = rotate(root, sibling, far);
      parent = x.parent;
      sibling = parent ? parent[far] : null;
    }
    if (sibling) {
      sibling.red = parent ? parent.red : false;
      const outer = sibling[far];
      if (outer) outer.red = false;
    }
    if (parent) {
      parent.red = false;
      root = rotate(root, parent, side);
    }
    x = root;
  }
}

/** Hangs `x` as a leaf below `root` by key order; returns the entry it hangs from. */
function hang<K>(root: Entry<K>, x: Entry<K>, order: KeyOrder<K>): Entry<K> {
  for (let p = root; ; ) {
    const cmp = order(x, p);
    if (cmp === 0) throw new RangeError('two keys of one bin compare equal: this emulation does not tie-break');
    const side: Side = cmp < 0 ? 'left' : 'right';
    const child = p[side];
    if (!child) {
      x.parent = p;
      p[side] = x;
      return p;
    }
    p = child;
  }
}

/** Builds the tree of a bin from its chain (entries already marked `tree`, with `prev` set), in chain order. */
export function treeify<K>(bins: Bins<K>, head: Entry<K>, order: KeyOrder<K>): void {
  let root: Entry<K> | null = null;
  for (let x: Entry<K> | null = head; x; ) {
    const following: Entry<K> | null = x.next;
    x.left = x.right = null;
    if (!root) {
      x.parent = null;
      x.red = false;
      root = x;
    } else {
      hang(root, x, order);
      root = rebalanceAfterInsert(root, x);
    }
    x = following;
  }
  if (root) rootToFront(bins, root);
}

/** Adds a new entry to a tree bin whose chain starts at `first`: linked after its tree parent on the chain. */
export function treeAdd<K>(bins: Bins<K>, first: Entry<K>, x: Entry<K>, order: KeyOrder<K>): void {
  const root = rootOf(first);
  x.tree = true;
  const parent = hang(root, x, order);
  x.next = parent.next;
  x.prev = parent;
  if (parent.next) parent.next.prev = x;
  parent.next = x;
  rootToFront(bins, rebalanceAfterInsert(root, x));
}

/**
 * Swaps the places (and colours) of `p`, which has two children, and its
 * in-order successor, the leftmost entry of its right subtree, so that `p`
 * has at most a right child. Returns the root.
 */
function swapWithSuccessor<K>(root: Entry<K>, p: Entry<K>): Entry<K> {
  const left = p.left!;
  const right = p.right!;
  let s = right;
  while (s.left) s = s.left;
  [s.red, p.red] = [p.red, s.red];
  const sRight = s.right;
  const above = p.parent;
  if (s === right) {
    p.parent = s;
    s.right = p;
  } else {
    const sParent = s.parent!;
    p.parent = sParent;
    if (s === sParent.left) sParent.left = p;
    else sParent.right = p;
    s.right = right;
    right.parent = s;
  }
  p.left = null;
  p.right = sRight;
  if (sRight) sRight.parent = p;
  s.left = left;
  left.parent = s;
  s.parent = above;
  if (!above) return s;
  if (above.left === p) above.left = s;
  else above.right = s;
  return root;
}

/**
 * Takes `p` out of its tree bin. A tree left too small (its root without
 * two children, or without a left grandchild on the left) turns back into a
 * plain chain first, as the platform does before unlinking the entry from
 * the tree.
 */
export function treeRemove<K>(bins: Bins<K>, p: Entry<K>): void {
  const index = p.hash & (bins.table.length - 1);
  if (p.prev) p.prev.next = p.next;
  else bins.table[index] = p.next;
  if (p.next) p.next.prev = p.prev;
  const first = bins.table[index] ?? null;
  if (!first) return;
  let root = rootOf(first);
  if (!root.right || !root.left || !root.left.left) {
    for (let e: Entry<K> | null = first; e; e = e.next) e.plain();
    return;
  }
  if (p.left && p.right) root = swapWithSuccessor(root, p);
  // p now has one child at most: that child takes its place, or p itself stands in until rebalanced.
  const child = p.left ?? p.right;
  if (child) {
    root = replaceChild(root, p, child);
    if (!child.parent) child.red = false;
    p.left = p.right = p.parent = null;
  }
  root = p.red ? root : rebalanceAfterRemove(root, child ?? p);
  if (!child) {
    const above = p.parent;
    p.parent = null;
    if (above) {
      if (above.left === p) above.left = null;
      else if (above.right === p) above.right = null;
    }
  }
  rootToFront(bins, root);
}
