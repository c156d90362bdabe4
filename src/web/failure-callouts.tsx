import { shownText } from '../core/shown-text.js';
import { type Fields, failureText, forfeited, isObject, type SeatRef, seatName } from './match-facts.js';
import { MESSAGE_CHARS, type SeatErrorsItem } from './seat-errors.js';

/** Where a message names a place in the bot's file: "bot.js:9:3" → "bot.js, line 9, column 3"; 'line 3' of Python. */
export function placeIn(message: string): string | null {
  const file = /\b([\w.-]+\.[a-z]{1,4}):(\d+)(?::(\d+))?/.exec(message);
  if (file) return `${file[1]}, line ${file[2]}${file[3] ? `, column ${file[3]}` : ''}`;
  const python = /File "([^"]+)", line (\d+)/.exec(message);
  if (python) return `${python[1]}, line ${python[2]}`;
  return null;
}

interface Reason {
  readonly code: string;
  readonly message: string;
  readonly turn: number | null | undefined;
}

/** The record's forfeit of a seat (public), else the first failure the reader may read (GET .../seats). */
function reasonOf(fields: Fields, item: SeatErrorsItem | undefined): Reason | null {
  const seen = item?.readable ? (item.failure ?? item.errors?.[0] ?? null) : null;
  if (isObject(fields.forfeit) && typeof fields.forfeit.message === 'string')
    return { code: String(fields.forfeit.code ?? ''), message: fields.forfeit.message, turn: seen?.turn };
  return seen ? { code: seen.code, message: seen.message, turn: seen.turn } : null;
}

/**
 * A callout per seat that forfeited or failed, above the viewer: which seat, why, and where in its
 * file. The reason of a forfeit is in the public record; other failures' messages only for readers
 * the seats API lets read them (the others are pointed at the errors part).
 */
export function FailureCallouts({
  record,
  seats,
  items,
}: {
  record: Fields;
  seats: readonly SeatRef[];
  items: readonly SeatErrorsItem[] | null;
}) {
  const failing = seats.filter((s) => forfeited(record, s) || failureText(s.fields));
  if (failing.length === 0) return null;
  return (
    <>
      {failing.map((s) => {
        const lost = forfeited(record, s);
        const reason = reasonOf(
          s.fields,
          items?.find((i) => i.seat === s.seat),
        );
        const when =
          reason?.turn === undefined ? '' : reason.turn === null ? ' while loading' : ` at turn ${reason.turn}`;
        const place = reason ? placeIn(reason.message) : null;
        const id = `failure-${s.seat}`;
        return (
          <section class={lost ? 'callout error' : 'callout warn'} aria-labelledby={id} data-seat={s.seat}>
            <h2 id={id}>{lost ? `${seatName(s)} forfeited${when}` : `${seatName(s)}: ${failureText(s.fields)}`}</h2>
            {reason ? (
              <>
                <p>
                  {!lost ? `First${when}: ` : ''}
                  <code>{reason.code}</code>
                  {place ? ` at ${place}` : ''}
                </p>
                <pre class="error-text">{shownText(reason.message, MESSAGE_CHARS)}</pre>
              </>
            ) : (
              <p class="muted">
                What it wrote is for the key that filled the seat, its bot's owner and the board's owner:{' '}
                <a href="#seat-errors">the errors below</a> show it to them.
              </p>
            )}
          </section>
        );
      })}
    </>
  );
}
