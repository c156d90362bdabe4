import { Table } from './table.js';

/** A match record of any game, shown without knowing the game: result, seats, scores, manifest. */

type Fields = Readonly<Record<string, unknown>>;

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  if (Array.isArray(winner)) return `won by ${winner.join(', ')}`;
  return `won by ${String(winner)}`;
}

export function MatchSummary({ record }: { record: Fields }) {
  const seats = seatsOf(record);
  const scores = isObject(record.scores) ? record.scores : null;
  const extra = [...new Set(seats.flatMap((s) => Object.keys(s.fields)))].filter(
    (k) => !['name', 'kind', 'sha256', 'botId'].includes(k),
  );
  return (
    <section class="card" aria-labelledby="result-title">
      <h2 id="result-title">Result: {resultText(record)}</h2>
      <p class="muted">
        {record.decidedBy ? `Decided by ${cell(record.decidedBy)}. ` : ''}
        {record.forfeit ? `Forfeit: ${cell(record.forfeit)}. ` : ''}
        {typeof record.turns === 'number' ? `${record.turns} turns. ` : ''}
        {typeof record.rounds === 'number' ? `${record.rounds} rounds. ` : ''}
      </p>
      <Table
        columns={[
          { label: 'Seat' },
          { label: 'Bot' },
          { label: 'Kind' },
          ...(scores ? [{ label: 'Score' }] : []),
          ...extra.map((label) => ({ label })),
        ]}
      >
        {seats.map(({ seat, fields }) => (
          <tr>
            <th scope="row">{seat}</th>
            <td>{cell(fields.name)}</td>
            <td>{cell(fields.kind)}</td>
            {scores ? <td>{cell(scores[seat])}</td> : null}
            {extra.map((k) => (
              <td class={k === 'forfeit' ? 'wrap' : undefined}>{cell(fields[k])}</td>
            ))}
          </tr>
        ))}
      </Table>
    </section>
  );
}
