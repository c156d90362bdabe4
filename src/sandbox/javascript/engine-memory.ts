/**
 * QuickJS memories of this thread, kept for the next bots to load. Each bot
 * has 16 MiB of WebAssembly memory of its own; dropping it leaves V8 to find
 * it in a full collection, which it starts for every few of them (the
 * memory is outside its heap, but counted): about a third of an idle match's
 * CPU time went to those collections. A memory that comes back at its first
 * size is zeroed and kept, a few per size; the next bot gets it exactly as a
 * new one would be, all zero, so it plays and burns fuel the same.
 */

const PAGE = 65536;
/** Memories kept per maximum size: a thread plays one match at a time, of a few bots. */
const KEPT_PER_SIZE = 4;
const kept = new Map<number, WebAssembly.Memory[]>();

/** A memory of `initialPages` that may grow to `maximumPages`: one kept, or a new one. */
export function engineMemory(initialPages: number, maximumPages: number): WebAssembly.Memory {
  return kept.get(maximumPages)?.pop() ?? new WebAssembly.Memory({ initial: initialPages, maximum: maximumPages });
}

/**
 * Gives back a memory no engine will run in again: zeroed and kept when it
 * is still at `initialPages` (a grown one is left to the collector).
 */
export function keepEngineMemory(memory: WebAssembly.Memory, initialPages: number, maximumPages: number): void {
  if (memory.buffer.byteLength !== initialPages * PAGE) return;
  const list = kept.get(maximumPages) ?? [];
  if (list.length >= KEPT_PER_SIZE) return;
  new Uint8Array(memory.buffer).fill(0);
  list.push(memory);
  kept.set(maximumPages, list);
}
