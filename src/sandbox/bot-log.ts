/** The note that ends a log its bot wrote past the cap. */
export const LOG_CUT_NOTE = '\n[log cut: the bot wrote more than the cap]';

/**
 * A bot's log over a match, capped at `limit` characters. A runtime either
 * streams what the bot writes (write: cut at the cap, then one note), or
 * hands over chunks it collected and capped itself (addChunk: one line each).
 */
export class BotLog {
  private text_ = '';
  private full = false;

  constructor(readonly limit: number) {}

  get text(): string {
    return this.text_;
  }

  /** Characters the bot may still write before the cap (0 once it is full). */
  room(): number {
    return this.full ? 0 : Math.max(0, this.limit - this.text_.length);
  }

  /** What the bot writes, up to the cap, then one note; the rest is dropped. */
  write(text: string): void {
    if (this.full) return;
    const room = this.limit - this.text_.length;
    if (text.length <= room) {
      this.text_ += text;
      return;
    }
    this.text_ += text.slice(0, Math.max(0, room)) + LOG_CUT_NOTE;
    this.full = true;
  }

  /** A chunk the runtime collected, on a line of its own; kept up to the cap plus `headroom` where one is given. */
  addChunk(text: string, headroom?: number): void {
    if (!text) return;
    if (headroom === undefined) {
      this.text_ += (this.text_ ? '\n' : '') + text;
      return;
    }
    const cap = this.limit + headroom;
    if (this.text_.length >= cap) return;
    this.text_ += (this.text_ ? '\n' : '') + text;
    if (this.text_.length > cap) this.text_ = this.text_.slice(0, cap);
  }
}
