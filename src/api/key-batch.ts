import { StoreError } from '../store/contract/errors.js';
import type { ApiKeyRecord, KeyStore } from '../store/contract/keys.js';
import { newApiKey } from './auth.js';
import { parseCsv } from './csv.js';
import { ApiProblem } from './problems.js';

// Team keys made many at a time, from a CSV text or a JSON array: every row is checked before any
// key is made, and a request makes all its keys or none.

/** The most keys one request (or one `umpire keys create --csv`) makes. */
export const MAX_KEYS_PER_BATCH = 500;
export const DEFAULT_KEY_RATE = 60;
const MAX_RATE = 100_000;
const MAX_TEXT = 100;

/** A team key to make. */
export interface TeamKeyRequest {
  readonly team: string;
  readonly name: string;
  readonly rate: number;
}

/** A key made: its secret (shown this once) and its record. */
export interface MintedKey {
  readonly key: string;
  readonly record: ApiKeyRecord;
}

/** What is wrong with one row; `row` counts from 1, `line` is the CSV line it starts on. */
export interface RowProblem {
  readonly row: number;
  readonly line?: number;
  readonly field: string;
  readonly message: string;
}

/** The most row problems an answer lists; the rest are counted. */
const MAX_ROW_PROBLEMS = 50;

/** The columns a CSV of team keys may have, `team` being required. */
const COLUMNS = ['team', 'name', 'rate'] as const;

type RawRow = { readonly row: number; readonly line?: number; readonly values: Record<string, unknown> };

/** Team keys from CSV text with a header line (`team,name,rate`; name and rate may be left out). */
export function teamKeysFromCsv(text: string, defaultRate = DEFAULT_KEY_RATE): TeamKeyRequest[] {
  const [header, ...records] = parseCsv(text);
  if (!header)
    throw new ApiProblem(
      400,
      'INVALID_CSV',
      'the CSV is empty: give a header line `team,name,rate` and a line per key',
      { field: '(body)' },
    );
  const columns = header.fields.map((f) => f.trim().toLowerCase());
  for (const [index, column] of columns.entries()) {
    if (!(COLUMNS as readonly string[]).includes(column))
      throw new ApiProblem(
        400,
        'INVALID_CSV',
        `line ${header.line}: unknown column '${column.slice(0, 40)}'; the columns are ${COLUMNS.join(', ')} (team required)`,
        { field: '(body)', line: header.line },
      );
    if (columns.indexOf(column) !== index)
      throw new ApiProblem(400, 'INVALID_CSV', `line ${header.line}: the column '${column}' is named twice`, {
        field: '(body)',
        line: header.line,
      });
  }
  if (!columns.includes('team'))
    throw new ApiProblem(
      400,
      'INVALID_CSV',
      `line ${header.line}: the header has no column 'team' (the first line names the columns: team,name,rate)`,
      { field: '(body)', line: header.line },
    );
  checkCount(records.length);
  const problems: RowProblem[] = [];
  const rows: RawRow[] = [];
  records.forEach((r, index) => {
    if (r.fields.length !== columns.length) {
      problems.push({
        row: index + 1,
        line: r.line,
        field: '(row)',
        message: `has ${r.fields.length} fields; the header has ${columns.length}`,
      });
      return;
    }
    const values: Record<string, unknown> = {};
    columns.forEach((c, k) => {
      const value = r.fields[k]!.trim();
      if (value !== '') values[c] = c === 'rate' ? rateText(value) : value;
    });
    rows.push({ row: index + 1, line: r.line, values });
  });
  return checkRows(rows, problems, defaultRate);
}

/** Team keys from a JSON body: one object `{ team, name?, rate? }`, or an array of them. */
export function teamKeysFromJson(body: unknown, defaultRate = DEFAULT_KEY_RATE): TeamKeyRequest[] {
  const items = Array.isArray(body) ? body : [body];
  checkCount(items.length);
  const problems: RowProblem[] = [];
  const rows: RawRow[] = [];
  items.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ row: index + 1, field: '(row)', message: 'must be an object { team, name?, rate? }' });
      return;
    }
    const unknown = Object.keys(item).filter((k) => !(COLUMNS as readonly string[]).includes(k));
    if (unknown.length > 0) {
      problems.push({
        row: index + 1,
        field: unknown[0]!.slice(0, 40),
        message: `unknown field; the fields are ${COLUMNS.join(', ')}`,
      });
      return;
    }
    rows.push({ row: index + 1, values: item as Record<string, unknown> });
  });
  return checkRows(rows, problems, defaultRate);
}

function checkCount(count: number): void {
  if (count === 0)
    throw new ApiProblem(400, 'INVALID_REQUEST', 'no key to make: give at least one row', { field: '(body)' });
  if (count > MAX_KEYS_PER_BATCH)
    throw new ApiProblem(
      422,
      'LIMIT_EXCEEDED',
      `keysPerRequest: at most ${MAX_KEYS_PER_BATCH} keys in one request; this one asks for ${count}`,
      {
        limit: 'keysPerRequest',
        max: MAX_KEYS_PER_BATCH,
        count,
      },
    );
}

/** A rate from CSV text: a number when it is one, else the text (refused by checkRows). */
const rateText = (text: string): unknown => (/^\d{1,9}$/.test(text) ? Number(text) : text);

/** Whether text holds a control character (a line break or tab in a team's name is a mistake). */
const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function checkText(value: unknown, field: string, required: boolean): { value?: string; message?: string } {
  if (value === undefined) return required ? { message: `${field} is required` } : {};
  if (typeof value !== 'string') return { message: `${field} must be text` };
  const text = value.trim();
  if (text === '') return required ? { message: `${field} is required` } : {};
  if (text.length > MAX_TEXT)
    return { message: `${field} has at most ${MAX_TEXT} characters; this one has ${text.length}` };
  if (hasControl(text)) return { message: `${field} may not hold control characters` };
  return { value: text };
}

/** Each row checked: every problem of every row is said, or the requests are returned. */
function checkRows(rows: readonly RawRow[], problems: RowProblem[], defaultRate: number): TeamKeyRequest[] {
  const made: TeamKeyRequest[] = [];
  const seen = new Map<string, number>();
  for (const { row, line, values } of rows) {
    const at = { row, ...(line === undefined ? {} : { line }) };
    const team = checkText(values.team, 'team', true);
    const name = checkText(values.name, 'name', false);
    const rate = values.rate ?? defaultRate;
    let rowOk = true;
    for (const [field, checked] of [
      ['team', team],
      ['name', name],
    ] as const) {
      if (checked.message) {
        problems.push({ ...at, field, message: checked.message });
        rowOk = false;
      }
    }
    if (typeof rate !== 'number' || !Number.isInteger(rate) || rate < 1 || rate > MAX_RATE) {
      problems.push({
        ...at,
        field: 'rate',
        message: `rate must be a whole number of writes a minute, 1 to ${MAX_RATE}`,
      });
      rowOk = false;
    }
    if (!rowOk) continue;
    const request = { team: team.value!, name: name.value ?? team.value!, rate: rate as number };
    const same = `${request.team}\n${request.name}`;
    const earlier = seen.get(same);
    if (earlier !== undefined) {
      problems.push({ ...at, field: 'team', message: `repeats row ${earlier} (the same team and name)` });
      continue;
    }
    seen.set(same, row);
    made.push(request);
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    const first = problems[0]!;
    throw new ApiProblem(
      400,
      'INVALID_ROWS',
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in the rows, no key made; row ${first.row}${first.line ? ` (line ${first.line})` : ''}: ${first.message}`,
      {
        rows: problems.slice(0, MAX_ROW_PROBLEMS),
        ...(problems.length > MAX_ROW_PROBLEMS ? { moreProblems: problems.length - MAX_ROW_PROBLEMS } : {}),
      },
    );
  }
  return made;
}

/**
 * Makes the keys, in order. A storage failure part way revokes the keys made before it (whose
 * secrets were never shown) and answers 503: send the whole batch again.
 */
export async function mintTeamKeys(
  keys: KeyStore,
  requests: readonly TeamKeyRequest[],
  createdBy: string | undefined,
  now: Date,
): Promise<MintedKey[]> {
  const minted: MintedKey[] = [];
  try {
    for (const r of requests) {
      const { key, hash, record } = await newApiKey(r.name, r.rate, now, {
        scope: 'team',
        team: r.team,
        ...(createdBy === undefined ? {} : { createdBy }),
      });
      await keys.create(hash, record);
      minted.push({ key, record });
    }
  } catch (e) {
    if (minted.length === 0) throw e;
    const revoked = await Promise.allSettled(minted.map((m) => keys.revoke(m.record.id, now.toISOString())));
    const left = revoked.filter((r) => r.status === 'rejected').length;
    throw new StoreError(
      'STORAGE_UNAVAILABLE',
      `${(e as Error).message}; of the ${minted.length} keys made before it, ${minted.length - left} are revoked${left ? ` and ${left} could not be (their secrets were never shown)` : ''}: send the whole batch again`,
    );
  }
  return minted;
}

/** A key record as the API and the CLI show it: never the secret, every field said. */
export function presentKey(record: ApiKeyRecord) {
  return {
    id: record.id,
    name: record.name,
    scope: record.scope ?? 'admin',
    team: record.team ?? null,
    ratePerMinute: record.ratePerMinute,
    createdAt: record.createdAt,
    createdBy: record.createdBy ?? null,
    revokedAt: record.revokedAt ?? null,
  };
}
