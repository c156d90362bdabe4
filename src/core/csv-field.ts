/** A CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV rows as text: one line each, ending in CRLF as RFC 4180 writes them. */
export function csvText(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
