import type { SeatConduct } from '../core/seat-conduct.js';

/** A seat whose bot loaded but made no move the game could read, in a whole match where it was asked. */
export const madeNoValidMove = (c: SeatConduct): boolean =>
  c.validMoves === 0 && c.asked > 0 && !(c.firstFailure && c.firstFailure.turn === null);

/** A seat whose bot failed to load or to answer the handshake. */
export const forfeited = (c: SeatConduct): boolean => c.firstFailure?.turn === null;

/**
 * The game's summary with each seat's conduct (`conduct`: turns asked, valid
 * moves, first failure) and the seats that made no valid move (`noValidMove`).
 */
export function summaryWithConduct(summary: unknown, conduct: readonly SeatConduct[]): unknown {
  if (summary === null || typeof summary !== 'object' || Array.isArray(summary)) return summary;
  return {
    ...summary,
    // The first failure of each kind, with its count, only for a seat that failed: a clean seat's entry keeps its shape.
    conduct: Object.fromEntries(
      conduct.map(({ seat, firstErrors, ...rest }) => [seat, firstErrors?.length ? { ...rest, firstErrors } : rest]),
    ),
    noValidMove: conduct.filter(madeNoValidMove).map((c) => c.seat),
  };
}

/** One warning line per seat whose bot made no valid move, naming the seat, its file and its first failure. */
export function conductWarnings(conduct: readonly SeatConduct[], files: readonly (string | undefined)[]): string[] {
  return conduct.flatMap((c, k) => {
    if (!madeNoValidMove(c)) return [];
    const f = c.firstFailure;
    const first = f ? `; first failure, turn ${f.turn}: ${f.code}: ${f.message}` : '';
    return [`warning: seat ${c.seat} (${files[k] ?? 'its bot'}) made no valid move in ${c.asked} turns${first}`];
  });
}
