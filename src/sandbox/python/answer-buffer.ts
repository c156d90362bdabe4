/** A UTF-16 unit of JavaScript text takes at most this many bytes of UTF-8. */
const UTF8_BYTES_PER_UNIT = 3;

/**
 * What a stdin program writes to stdout in one turn: kept up to a limit in
 * bytes (the rest is paid for by the program and dropped unread), then
 * taken as the turn's answer.
 */
export class AnswerBuffer {
  private chunks: Uint8Array[] = [];
  private kept = 0;
  private cap: number;

  constructor(limitBytes: number) {
    this.cap = limitBytes;
  }

  /** The bytes that hold more than `chars` UTF-16 units of any text (so a longer answer shows as longer). */
  static bytesFor(chars: number): number {
    return UTF8_BYTES_PER_UNIT * (chars + 2);
  }

  get size(): number {
    return this.kept;
  }

  limit(bytes: number): void {
    this.cap = Math.max(bytes, this.kept);
  }

  room(): number {
    return Math.max(0, this.cap - this.kept);
  }

  write(bytes: Uint8Array): void {
    const keep = bytes.subarray(0, this.room());
    if (keep.length === 0) return;
    this.chunks.push(keep);
    this.kept += keep.length;
  }

  /** The text kept, cut at `chars` UTF-16 units, and whether it was longer; the buffer is emptied. */
  take(chars: number): { text: string; truncated: boolean } {
    const all = new Uint8Array(this.kept);
    let at = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    this.chunks = [];
    this.kept = 0;
    const text = new TextDecoder().decode(all);
    return text.length > chars ? { text: text.slice(0, chars), truncated: true } : { text, truncated: false };
  }
}
