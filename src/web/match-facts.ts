import { fieldLabel, seatLabel } from './field-labels.js';

/** What a match page says of a record of any game, in a player's words: the result, each seat's time and failures. */

/** A record, or a part of one, as this layer reads it without knowing the game. */
export type Fields = Readonly<Record<string, unknown>>;

export const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (n: number) => n.toLocaleString('en-US');

/** A seat's one score: a number as it is; of an object, its total, the field that decided, or its first number. */
export function primaryScore(score: unknown, decidedBy?: unknown): number | null {
  if (typeof score === 'number') return score;
  if (!isObject(score)) return null;
  if (typeof score.total === 'number') return score.total;
  if (typeof decidedBy === 'string' && typeof score[decidedBy] === 'number') return score[decidedBy] as number;
  const first = Object.values(score).find((v) => typeof v === 'number');
  return typeof first === 'number' ? first : null;
}

export interface SeatRef {
  readonly seat: string;
  readonly fields: Fields;
}

/** "Red (hunter.js)": the seat, and its bot's name where it has one. */
export function seatName({ seat, fields }: SeatRef): string {
  return typeof fields.name === 'string' && fields.name ? `${seatLabel(seat)} (${fields.name})` : seatLabel(seat);
}

/** Whether the seat forfeited: its own `forfeit` field, or the record's naming it. */
export function forfeited(record: Fields, { seat, fields }: SeatRef): boolean {
  return Boolean(fields.forfeit) || (Boolean(record.forfeit) && String(record.forfeit) === seat);
}

/** "after 180 turns", "after 100,000 rounds", or '' where the record counts neither. */
function lengthText(record: Fields): string {
  if (typeof record.turns === 'number')
    return record.turns === 0 ? 'before the first turn' : `after ${count(record.turns)} turns`;
  if (typeof record.rounds === 'number') return `after ${count(record.rounds)} rounds`;
  return '';
}

/**
 * The result as one sentence: "Red (hunter.js) won 430 to 0 on score after 180 turns.",
 * "A draw at 3 to 3 after 180 turns.", "Red (a.js) won because Blue (b.js) forfeited before the first turn."
 */
export function resultSentence(record: Fields, seats: readonly SeatRef[]): string {
  if (record.status && record.status !== 'finished') return `This match is ${String(record.status)}.`;
  const scores = isObject(record.scores) ? record.scores : null;
  const figures = seats.map((s) => (scores ? primaryScore(scores[s.seat], record.decidedBy) : null));
  const pair = seats.length === 2 && figures.every((f) => f !== null);
  const length = lengthText(record);
  const tail = (parts: string[]) => `${parts.filter(Boolean).join(' ')}.`;
  const winner = record.winner;
  if (winner === null || winner === undefined || winner === 'draw')
    return tail(['A draw', pair ? `at ${count(figures[0]!)} to ${count(figures[1]!)}` : '', length]);
  const winners = (Array.isArray(winner) ? winner : [winner]).map(String);
  const names = seats.filter((s) => winners.includes(s.seat)).map(seatName);
  const who = names.length > 0 ? names.join(' and ') : winners.map(seatLabel).join(' and ');
  const losers = seats.filter((s) => forfeited(record, s));
  if (record.decidedBy === 'forfeit' && losers.length > 0)
    return tail([who, 'won because', losers.map(seatName).join(' and '), 'forfeited', length]);
  const at = pair ? (winners.length === 1 && seats[1]!.seat === winners[0] ? [1, 0] : [0, 1]) : null;
  return tail([
    who,
    'won',
    at ? `${count(figures[at[0]!]!)} to ${count(figures[at[1]!]!)}` : '',
    typeof record.decidedBy === 'string' ? `on ${fieldLabel(record.decidedBy).toLowerCase()}` : '',
    length,
  ]);
}

export interface TimeUsed {
  readonly usedMs: number;
  readonly budgetMs: number;
  readonly fuel: number;
  readonly budgetFuel: number;
}

/**
 * A seat's time: the fuel its bot used, in milliseconds of the calibrated machine, and the budget of
 * the turns it played (its first turn's allowance, every later turn's, and its time bank). Null for
 * bots that count no fuel (text bots) or a record without budgets.
 */
export function timeUsed(fields: Fields, record: Fields, fuelPerMs: number): TimeUsed | null {
  const budgets = isObject(record.manifest) && isObject(record.manifest.budgets) ? record.manifest.budgets : null;
  if (typeof fields.fuel !== 'number' || !budgets || fuelPerMs <= 0) return null;
  const first = Number(budgets.firstTurnFuel) || 0;
  const turn = Number(budgets.turnFuel) || 0;
  const bank = Number(budgets.timeBankFuel) || 0;
  const played =
    typeof fields.fellAt === 'number' ? fields.fellAt : typeof record.turns === 'number' ? record.turns : 1;
  const budgetFuel = first + Math.max(0, played - 1) * turn + bank;
  return { usedMs: fields.fuel / fuelPerMs, budgetMs: budgetFuel / fuelPerMs, fuel: fields.fuel, budgetFuel };
}

/** "1,234 ms", "4.7 ms", "0.04 ms". */
export function msText(ms: number): string {
  if (ms >= 10) return `${count(Math.round(ms))} ms`;
  const digits = ms < 1 ? 100 : 10;
  return `${(Math.round(ms * digits) / digits).toLocaleString('en-US')} ms`;
}

/** "1.4%", "<0.1%". */
export function shareText(part: number, whole: number): string {
  if (whole <= 0) return '–';
  const share = (part / whole) * 100;
  if (share > 0 && share < 0.1) return '<0.1%';
  return `${(Math.round(share * 10) / 10).toLocaleString('en-US')}%`;
}

/** The counts of what went wrong for a seat, in words: "2 errors, 1 time-out"; '' for none. */
const FAILURE_COUNTS: readonly (readonly [string, string, string])[] = [
  ['errors', 'error', 'errors'],
  ['timeouts', 'time-out', 'time-outs'],
  ['crashes', 'crash', 'crashes'],
  ['invalid', 'invalid move', 'invalid moves'],
  ['nullMoves', 'null move', 'null moves'],
];

export function failureText(fields: Fields): string {
  return FAILURE_COUNTS.filter(([key]) => typeof fields[key] === 'number' && (fields[key] as number) > 0)
    .map(([key, one, many]) => {
      const n = fields[key] as number;
      return `${count(n)} ${n === 1 ? one : many}`;
    })
    .join(', ');
}

/** The record fields of a seat that the failure and time columns already say. */
export const SHOWN_ELSEWHERE: ReadonlySet<string> = new Set([
  'name',
  'kind',
  'sha256',
  'botId',
  'id',
  'fuel',
  'forfeit',
  ...FAILURE_COUNTS.map(([key]) => key),
]);
