import { logPartAt } from '../core/log-turns.js';
import { shownText } from '../core/shown-text.js';

/** A seat of GET /v1/matches/{id}/seats, as far as this part reads it. */
export interface SeatErrorsItem {
  readonly seat: string;
  readonly readable: boolean;
  readonly log: string | null;
  readonly turns: readonly (readonly [number, number])[] | null;
  readonly turnsCut?: boolean;
  readonly errors?: readonly SeatError[] | null;
  /** The failure that ended or marked the seat, where the API gives it. */
  readonly failure?: { readonly turn: number | null; readonly code: string; readonly message: string } | null;
}

interface SeatError {
  readonly turn: number | null;
  readonly code: string;
  readonly message: string;
  readonly count: number;
}

/** What of an error and of its turn's log a page shows: enough to read, never megabytes. */
export const MESSAGE_CHARS = 2000;
const LOG_CHARS = 2000;

/**
 * The first error of each kind per seat of a match, for the seats the reader
 * may read (GET /v1/matches/{id}/seats), with what the bot wrote on that turn
 * (a JavaScript or TypeScript bot's error names its line there). `seats` is
 * null when the reader may read none (no key, or not theirs).
 */
export function SeatErrors({ seats, keySent }: { seats: readonly SeatErrorsItem[] | null; keySent: boolean }) {
  return (
    <section class="card" aria-labelledby="errors" id="seat-errors">
      <h2 id="errors">Errors</h2>
      {seats === null ? (
        <p class="muted">
          {keySent
            ? "Withheld: no seat of this match is your key's to read."
            : "Each seat's errors are for the key that filled it, its bot's owner and the board's owner: save your API key above to read yours."}
        </p>
      ) : (
        seats.map((s) => <SeatPart seat={s} />)
      )}
    </section>
  );
}

function SeatPart({ seat }: { seat: SeatErrorsItem }) {
  if (!seat.readable)
    return (
      <p class="muted" data-seat={seat.seat}>
        {`${seat.seat}: withheld (not your seat)`}
      </p>
    );
  const errors = seat.errors ?? [];
  if (errors.length === 0)
    return (
      <p data-seat={seat.seat}>
        {seat.seat}: <span class="muted">no errors</span>
      </p>
    );
  return (
    <div class="seat-errors" data-seat={seat.seat}>
      <h3>{seat.seat}</h3>
      <ul>
        {errors.map((e) => (
          <li data-code={e.code}>
            <strong>{e.turn === null ? 'while loading' : `turn ${e.turn}`}</strong>
            {` · ${e.code}${e.count > 1 ? ` · ${e.count} times` : ''}`}
            <pre class="error-text">{shownText(e.message, MESSAGE_CHARS)}</pre>
            <TurnLog seat={seat} turn={e.turn} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the bot wrote on the error's turn (while loading: turn -1), where the log has turn marks. */
function TurnLog({ seat, turn }: { seat: SeatErrorsItem; turn: number | null }) {
  if (!seat.log || !seat.turns) return null;
  const part = logPartAt(seat.log, { marks: seat.turns, ...(seat.turnsCut ? { cut: true as const } : {}) }, turn ?? -1);
  const text = part.text.replace(/^\n/, '');
  if (!text) return null;
  return (
    <details class="error-log" open>
      <summary class="muted">{part.rest ? 'its log from this turn on' : 'its log on this turn'}</summary>
      <pre class="error-text">{shownText(text, LOG_CHARS)}</pre>
    </details>
  );
}
