/**
 * The logs panel of a viewer page (its markup: page-parts.ts logPanel): for
 * each seat the reader may read, the part of its log written in the turn the
 * viewer is at, and the seat's first failure. The page has no key of its
 * own: it sends the one the site's pages keep in localStorage (same origin),
 * and says whose logs these are when there is none or it reads no seat.
 * A log is written by a bot: it is shown as text, never as markup.
 */
import { logPartAt, type SeatLogTurns } from '../core/log-turns.js';
import { shownText } from '../core/shown-text.js';
import { $, type ViewerConfig } from './controls.js';
import type { FailureMark } from './scrub-marks.js';

/** Where the site's pages keep the API key (src/web/client-script.ts). */
const KEY_STORE = 'umpire.apiKey';

interface SeatItem {
  readonly seat: string;
  readonly readable: boolean;
  readonly log: string | null;
  readonly turns: SeatLogTurns['marks'] | null;
  readonly turnsCut?: boolean;
  readonly failure: { readonly turn: number | null; readonly code: string; readonly message: string } | null;
  /** The first failure of each kind, with counts (absent from servers older than these). */
  readonly errors?: readonly { turn: number | null; code: string; message: string; count: number }[] | null;
}

interface ShownSeat {
  readonly item: SeatItem;
  readonly heading: HTMLElement;
  /** The seat's first errors of a kind that happened at the viewer's turn. */
  readonly now: HTMLElement;
  readonly text: HTMLElement;
}

/** What of an error message the panel shows. */
const MESSAGE_CHARS = 1000;

export interface LogPanel {
  /** Shows each readable seat's log for `turn` (the viewer's turn: the calls made on the board it shows). */
  show(turn: number): void;
}

const FOR_OWNERS =
  "The bots' logs are for the bots' owners and the board's owner: enter your API key on the site's pages to read your seats.";

function storedKey(): string {
  try {
    return localStorage.getItem(KEY_STORE) ?? '';
  } catch {
    return '';
  }
}

const element = (tag: string, className: string, text = ''): HTMLElement => {
  const e = document.createElement(tag);
  e.className = className;
  e.textContent = text;
  return e;
};

/**
 * Starts the panel: fetches the seats the reader may read, then follows `show`.
 * `onFailures` gets the first failure of each kind of each seat read (for the scrubber's marks).
 */
export function startLogPanel(config: ViewerConfig, onFailures?: (marks: readonly FailureMark[]) => void): LogPanel {
  const source = config.logs;
  if (!source) return { show() {} };
  const note = $('logs-note');
  const list = $('logs-seats');
  let seats: ShownSeat[] = [];
  let turn = 0;

  const render = (): void => {
    for (const { item, heading, now, text } of seats) {
      // A load failure is shown with the first turn, where the log shows what the bot wrote while loading.
      const here = (item.errors ?? []).filter((e) => (e.turn ?? 0) === turn);
      now.textContent = here.map((e) => errorHere(e, item.failure)).join('\n');
      now.hidden = here.length === 0;
      if (item.log === null && !item.turns) {
        heading.textContent = `${item.seat} · writes no log`;
        text.hidden = true;
        continue;
      }
      const log = item.log ?? '';
      if (!item.turns) {
        heading.textContent = `${item.seat} · the whole log (this match's turns were not marked)`;
        setText(text, log);
        continue;
      }
      const marks = { marks: item.turns, ...(item.turnsCut ? { cut: true as const } : {}) };
      const part = logPartAt(log, marks, turn);
      // The first turn also shows what the bot wrote while loading.
      const loading = turn === 0 ? logPartAt(log, marks, -1).text : '';
      heading.textContent = `${item.seat} · turn ${turn}${part.rest ? ' (and every later turn: the marks stop here)' : ''}`;
      setText(text, trimLead(loading) + (loading && part.text ? '\n' : '') + trimLead(part.text));
    }
    document.body.dataset.logsTurn = String(turn);
  };

  const load = async (): Promise<void> => {
    const key = storedKey();
    if (!key && source.keyNeeded) {
      note.textContent = FOR_OWNERS;
      document.body.dataset.logs = 'withheld';
      return;
    }
    const response = await fetch(source.seatsUrl, key ? { headers: { Authorization: `Bearer ${key}` } } : {});
    if (!response.ok) {
      note.textContent =
        response.status === 401 || response.status === 403
          ? FOR_OWNERS
          : `The logs could not be loaded (HTTP ${response.status}).`;
      document.body.dataset.logs = 'withheld';
      return;
    }
    const items = ((await response.json()) as { items: SeatItem[] }).items;
    note.textContent = items.every((s) => s.readable)
      ? ''
      : "Seats that are not yours are withheld: they are for their bots' owners and the board's owner.";
    seats = items.map((item) => seatBox(list, item)).filter((s): s is ShownSeat => s !== null);
    onFailures?.(failureMarks(items));
    document.body.dataset.logs = 'shown';
    render();
  };
  load().catch((e: unknown) => {
    note.textContent = `The logs could not be loaded: ${(e as Error).message}`;
    document.body.dataset.logs = 'error';
  });

  return {
    show(t) {
      if (t === turn && document.body.dataset.logsTurn === String(t)) return;
      turn = t;
      render();
    },
  };
}

type SeatError = NonNullable<SeatItem['errors']>[number];

/** Each readable seat's first failure of each kind (its first failure alone from an older server). */
function failureMarks(items: readonly SeatItem[]): FailureMark[] {
  return items.flatMap((item) =>
    (item.errors ?? (item.failure ? [item.failure] : [])).map((e) => ({ seat: item.seat, turn: e.turn, code: e.code })),
  );
}

/** An error of a kind first thrown at the viewer's turn; its message once only, when it is the first failure's too. */
function errorHere(e: SeatError, failure: SeatItem['failure']): string {
  const when = e.turn === null ? 'while loading' : 'at this turn';
  const count = e.count > 1 ? ` (${e.count} in the match)` : '';
  if (failure && failure.turn === e.turn && failure.code === e.code) return `↑ the first failure is ${when}${count}`;
  return `first ${e.code} ${when}${count}: ${shownText(e.message, MESSAGE_CHARS)}`;
}

/** A seat's box in the list; null for a seat the reader may not read (listed as withheld). */
function seatBox(list: HTMLElement, item: SeatItem): ShownSeat | null {
  const box = element('div', 'log-seat');
  box.dataset.seat = item.seat;
  list.append(box);
  if (!item.readable) {
    box.append(element('div', 'log-head', `${item.seat} · withheld`));
    return null;
  }
  const heading = element('div', 'log-head');
  box.append(heading);
  if (item.failure) {
    const at = item.failure.turn === null ? 'loading' : `turn ${item.failure.turn}`;
    box.append(
      element(
        'div',
        'log-failure',
        `first failure, ${at}: ${item.failure.code}: ${shownText(item.failure.message, MESSAGE_CHARS)}`,
      ),
    );
  }
  const now = element('div', 'log-failure log-error-now');
  now.hidden = true;
  const text = element('pre', 'log-text');
  box.append(now, text);
  return { item, heading, now, text };
}

/** A turn's part starts with the line break that joined it to the one before. */
const trimLead = (text: string) => text.replace(/^\n/, '');

function setText(pre: HTMLElement, text: string): void {
  pre.textContent = text || '(nothing written this turn)';
  pre.classList.toggle('empty', !text);
}
