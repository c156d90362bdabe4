/**
 * How each seat's bot behaved in a match, as a game reads it from its record
 * and replay: the moves the game could use, and the first thing that went
 * wrong. The CLI names it in a match summary and warns about a bot that made
 * no valid move in a whole match (a bot of another game, say).
 */

/** The first failure of a seat's bot: a load failure (turn null) or a call or move the game could not use. */
export interface SeatFailure {
  /** The turn (or round) it happened in; null for loading or the handshake, before the first turn. */
  readonly turn: number | null;
  /** A load failure's code (BUNDLE_SYNTAX...), a call failure (over_budget, error, crash...), or `invalid_move`. */
  readonly code: string;
  readonly message: string;
}

export interface SeatConduct {
  /** The seat's name ('red', '0'...). */
  readonly seat: string;
  /** Turns the bot was asked to move in. */
  readonly asked: number;
  /** Turns whose answer the game could read as a move; null for games whose bots make no invalid moves (ant brains). */
  readonly validMoves: number | null;
  readonly firstFailure: SeatFailure | null;
  /** The first failure of each kind (loading, error, crash, over_budget, retired, invalid_move...), with its count. */
  readonly firstErrors?: readonly SeatErrorKind[];
}

/** The first failure of one kind in a seat's match, and how many of that kind there were. */
export interface SeatErrorKind extends SeatFailure {
  readonly count: number;
}

/**
 * A seat's failures, gathered turn by turn: its first failure, and the first
 * of each kind with a count. A load failure is a kind of its own, whatever its code.
 */
export class SeatFailures {
  private first: SeatFailure | null = null;
  private readonly kinds = new Map<string, { failure: SeatFailure; count: number }>();

  constructor(load: SeatFailure | null) {
    this.add(load);
  }

  add(failure: SeatFailure | null): void {
    if (!failure) return;
    this.first ??= failure;
    const kind = failure.turn === null ? 'load' : failure.code;
    const seen = this.kinds.get(kind);
    if (seen) seen.count++;
    else this.kinds.set(kind, { failure, count: 1 });
  }

  get firstFailure(): SeatFailure | null {
    return this.first;
  }

  /** In the order each kind first happened. */
  get firstErrors(): SeatErrorKind[] {
    return [...this.kinds.values()].map(({ failure, count }) => ({ ...failure, count }));
  }
}

/** The code of a move the game could not read (it played its null move instead). */
export const INVALID_MOVE = 'invalid_move';

/** A replay's record of one bot call: its failure and detail, if any (the short keys every sandboxed game uses). */
export interface ReplayCall {
  readonly x?: string;
  readonly d?: string;
}

/** A failed call as a seat failure. */
export function callFailure(turn: number, call: ReplayCall): SeatFailure | null {
  if (!call.x) return null;
  return { turn, code: call.x, message: call.d ?? call.x };
}

/** A bot that failed to load (or to answer the handshake) as a seat failure. */
export function loadFailure(
  forfeit: { readonly code: string; readonly message: string } | undefined,
): SeatFailure | null {
  return forfeit ? { turn: null, code: forfeit.code, message: forfeit.message } : null;
}
