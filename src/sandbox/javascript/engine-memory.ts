/**
 * QuickJS memories of this thread, kept for the next bots to load. Each bot
 * has 16 MiB of WebAssembly memory of its own; dropping it leaves V8 to find
 * it in a full collection, which it starts for every few of them (the
 * memory is outside its heap, but counted): about a third of an idle match's
 * CPU time went to those collections. And a new memory's pages are given by
 * the system on first touch, which on a VM costs about 3 ms per MiB the
 * engine touches. A memory that comes back at its first size is kept, a
 * few per size, and zeroed when the next bot takes it: that bot gets it
 * exactly as a new one would be, all zero, so it plays and burns fuel the
 * same. Zeroing a kept memory the first time touches all its pages (some
 * 45 ms on that VM, once per memory); later it takes about 0.3 ms. A
 * process that plays one match (`umpire match`) takes none back, and pays
 * nothing.
 */

const PAGE = 65536;
/** Memories kept per maximum size: a thread plays one match at a time, of a few bots. */
const KEPT_PER_SIZE = 4;
const kept = new Map<number, WebAssembly.Memory[]>();

/** A memory of `initialPages` that may grow to `maximumPages`, all zero: one kept (zeroed now), or a new one. */
export function engineMemory(initialPages: number, maximumPages: number): WebAssembly.Memory {
  const memory = kept.get(maximumPages)?.pop();
  if (!memory) return new WebAssembly.Memory({ initial: initialPages, maximum: maximumPages });
  new Uint8Array(memory.buffer).fill(0);
  return memory;
}

/** Gives back a memory no engine will run in again: kept when it is still at `initialPages` (a grown one is left to the collector). */
export function keepEngineMemory(memory: WebAssembly.Memory, initialPages: number, maximumPages: number): void {
  if (memory.buffer.byteLength !== initialPages * PAGE) return;
  const list = kept.get(maximumPages) ?? [];
  if (list.length >= KEPT_PER_SIZE) return;
  list.push(memory);
  kept.set(maximumPages, list);
}
