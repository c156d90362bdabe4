import type { StdinSource } from './micropython-host.js';

const utf8 = new TextEncoder();

/**
 * A stdin program's input and the host's view of where it waits. Each turn's
 * text is pushed; a read takes what has arrived, and a read of an empty
 * feed waits (JSPI suspends the interpreter) until the next push, which is
 * where a turn ends. After a read that got bytes, the next read of an empty
 * feed answers 0 bytes once without waiting: that ends MicroPython's own
 * fill loop (it reads until its buffer is full or a read gives 0), so one
 * `readinto` returns what has arrived, as a pipe's read does. A second read
 * of the empty feed waits. The input never ends while the match goes on.
 */
export class StdinFeed implements StdinSource {
  private chunks: Uint8Array[] = [];
  private justRead = false;
  private waiting: (() => void) | null = null;
  private blocked: (() => void) | null = null;

  constructor(readonly byteFuel: number) {}

  take(max: number): Uint8Array | null {
    const head = this.chunks[0];
    if (!head) {
      if (!this.justRead) return null;
      if (max > 0) this.justRead = false;
      return new Uint8Array(0);
    }
    if (max === 0) return new Uint8Array(0);
    this.justRead = true;
    if (head.length <= max) {
      this.chunks.shift();
      return head;
    }
    this.chunks[0] = head.subarray(max);
    return head.subarray(0, max);
  }

  wait(): Promise<void> {
    const turnOver = this.blocked;
    this.blocked = null;
    const more = new Promise<void>((resolve) => {
      this.waiting = resolve;
    });
    turnOver?.();
    return more;
  }

  /** Settles when the program next waits for input it has not got. */
  nextWait(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.blocked = resolve;
    });
  }

  /** Adds a turn's text and wakes a waiting program. */
  push(text: string): void {
    const bytes = utf8.encode(text);
    if (bytes.length > 0) this.chunks.push(bytes);
    const wake = this.waiting;
    this.waiting = null;
    wake?.();
  }
}
