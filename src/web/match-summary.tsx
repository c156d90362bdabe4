import { botLanguages } from '../core/bot-languages.js';
import { fieldLabel, seatLabel } from './field-labels.js';
import {
  type Fields,
  failureText,
  isObject,
  msText,
  primaryScore,
  resultSentence,
  SHOWN_ELSEWHERE,
  shareText,
  type TimeUsed,
  timeUsed,
} from './match-facts.js';
import { Table } from './table.js';

/** A match record of any game, shown without knowing the game: result, seats, scores, manifest. */

/** A value in one cell: numbers and texts as they are, a small object as "key value, ...". */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(cell).join(', ');
  return Object.entries(value)
    .filter(([, v]) => typeof v !== 'object' || v === null)
    .map(([k, v]) => `${k} ${cell(v)}`)
    .join(', ');
}

/** The seats of a record, in order: `bots` by seat name, or a `players` list. */
export function seatsOf(record: Fields): { seat: string; fields: Fields }[] {
  if (isObject(record.bots))
    return Object.entries(record.bots).map(([seat, v]) => ({ seat, fields: isObject(v) ? v : { name: v } }));
  if (Array.isArray(record.players))
    return record.players.map((v, k) => ({ seat: String(k), fields: isObject(v) ? v : {} }));
  return [];
}

/** The winner as a reader says it: a seat, a list of seats, or a draw. */
export function resultText(record: Fields): string {
  const winner = record.winner;
  if (record.status && record.status !== 'finished') return String(record.status);
  if (winner === null || winner === undefined || winner === 'draw') return 'draw';
  const seat = (w: unknown) => (typeof w === 'number' ? `player ${w}` : String(w));
  if (Array.isArray(winner)) return `won by ${winner.map(seat).join(', ')}`;
  return `won by ${seat(winner)}`;
}

/** The result first, in a sentence, then each seat: its bot, language, score, time used of its budget, failures. */
export function MatchSummary({ record, fuelPerMs }: { record: Fields; fuelPerMs: number }) {
  const seats = seatsOf(record);
  const scores = isObject(record.scores) ? record.scores : null;
  const times = seats.map((s) => timeUsed(s.fields, record, fuelPerMs));
  const hasTime = times.some((t) => t !== null);
  const extra = [...new Set(seats.flatMap((s) => Object.keys(s.fields)))].filter((k) => !SHOWN_ELSEWHERE.has(k));
  const winners = new Set((Array.isArray(record.winner) ? record.winner : [record.winner]).map(String));
  return (
    <section class="card" aria-labelledby="result-title">
      <h2 id="result-title">Result: {resultText(record)}</h2>
      <p class="lead" id="result-line">
        {resultSentence(record, seats)}
      </p>
      <Table
        columns={[
          { label: 'Seat' },
          { label: 'Bot' },
          { label: 'Language' },
          ...(scores ? [{ label: 'Score' }] : []),
          ...(hasTime ? [{ label: 'Time used (of its budget)' }] : []),
          { label: 'Failures' },
          ...extra.map((k) => ({ label: fieldLabel(k) })),
        ]}
        stack
      >
        {seats.map(({ seat, fields }, k) => (
          <tr>
            <th scope="row">
              {seatLabel(seat)}
              {record.status === 'finished' && winners.has(seat) ? (
                <>
                  {' '}
                  <span class="badge win">won</span>
                </>
              ) : null}
            </th>
            <td data-label="Bot">{cell(fields.name)}</td>
            <td data-label="Language">{languageTitle(fields.kind)}</td>
            {scores ? <ScoreCell score={scores[seat]} decidedBy={record.decidedBy} /> : null}
            {hasTime ? <TimeCell time={times[k] ?? null} /> : null}
            <td class="wrap" data-label="Failures">
              {fields.forfeit ? 'forfeited' : failureText(fields) || 'none'}
            </td>
            {extra.map((key) => (
              <td data-label={fieldLabel(key)}>{cell(fields[key])}</td>
            ))}
          </tr>
        ))}
      </Table>
    </section>
  );
}

function ScoreCell({ score, decidedBy }: { score: unknown; decidedBy: unknown }) {
  const main = primaryScore(score, decidedBy);
  const parts = isObject(score)
    ? Object.entries(score).filter(([k, v]) => k !== 'total' && (typeof v !== 'object' || v === null))
    : [];
  return (
    <td class="wrap" data-label="Score">
      {main === null ? cell(score) : main.toLocaleString('en-US')}
      {parts.length > 0 ? (
        <span class="muted">{` (${parts.map(([k, v]) => `${fieldLabel(k).toLowerCase()} ${cell(v)}`).join(', ')})`}</span>
      ) : null}
    </td>
  );
}

function TimeCell({ time }: { time: TimeUsed | null }) {
  if (!time) return <td data-label="Time used">–</td>;
  const fuel = `${time.fuel.toLocaleString('en-US')} fuel of ${time.budgetFuel.toLocaleString('en-US')}`;
  return (
    <td data-label="Time used">
      <span title={fuel}>
        {`${msText(time.usedMs)} of ${msText(time.budgetMs)} (${shareText(time.usedMs, time.budgetMs)})`}
      </span>
    </td>
  );
}

/** A kind's language for people ("js" → "JavaScript"); other kinds (an ant brain) as they are. */
function languageTitle(kind: unknown): string {
  if (typeof kind !== 'string') return '–';
  const language = botLanguages().find((l) => l.kind === kind);
  if (language) return language.title;
  return kind === 'ant' ? 'Ant brain' : kind;
}
