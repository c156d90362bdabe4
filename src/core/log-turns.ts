/**
 * Where each turn's part of a seat's log ends. A mark `[turn, end]` says the
 * seat's calls up to and including `turn` had written the log's first `end`
 * characters; that turn's part starts where the mark before it ends (0 for
 * the first). Only turns that wrote something get a mark, so a bot that logs
 * rarely costs little. Turn -1 is the load (and a handshake); the turn after
 * the last one is the game's end marker, sent to stdin/stdout players.
 *
 * A seat keeps at most MAX_LOG_TURN_MARKS marks (one per turn that wrote,
 * and a log stops growing at its cap, so far fewer in practice): past that,
 * `cut` is set and what follows the last mark is one part, the rest of the
 * log, whatever turns wrote it.
 */
export interface SeatLogTurns {
  readonly marks: readonly (readonly [turn: number, end: number])[];
  /** Set when later turns wrote more than the marks say (MAX_LOG_TURN_MARKS reached). */
  readonly cut?: true;
}

/** A seat's marks are bounded: 1000 pairs are about 12 KB of JSON before gzip. */
export const MAX_LOG_TURN_MARKS = 1000;

/** Collects one seat's marks while the match is played. */
export class LogTurnMarker {
  private readonly marks: [number, number][] = [];
  private end = 0;
  private cut = false;

  constructor(private readonly limit = MAX_LOG_TURN_MARKS) {}

  /** The log is `length` characters long after `turn`'s call; a turn that wrote nothing adds no mark. */
  note(turn: number, length: number): void {
    if (length <= this.end) return;
    this.end = length;
    const last = this.marks[this.marks.length - 1];
    if (last && last[0] === turn) last[1] = length;
    else if (this.marks.length < this.limit) this.marks.push([turn, length]);
    else this.cut = true;
  }

  done(): SeatLogTurns {
    return { marks: this.marks.map(([t, e]) => [t, e] as const), ...(this.cut ? { cut: true as const } : {}) };
  }
}

/** What a seat's log holds for one turn: its part (empty when it wrote nothing then), or the unmarked rest past a cut. */
export interface LogPart {
  readonly text: string;
  /** The part is the rest of the log after the last mark (the marks were cut): later turns wrote it too. */
  readonly rest?: true;
}

/** The part of `log` that `turn` wrote, by the seat's marks. */
export function logPartAt(log: string, turns: SeatLogTurns, turn: number): LogPart {
  let start = 0;
  for (const [t, end] of turns.marks) {
    if (t === turn) return { text: log.slice(start, end) };
    if (t > turn) return { text: '' };
    start = end;
  }
  return turns.cut ? { text: log.slice(start), rest: true } : { text: '' };
}
