import { ApiProblem } from './problems.js';

/** One record of a CSV text, with the line it starts on (1 for the first). */
export interface CsvRow {
  readonly line: number;
  readonly fields: string[];
}

const invalid = (line: number, message: string) =>
  new ApiProblem(400, 'INVALID_CSV', `line ${line}: ${message}`, { field: '(body)', line });

/**
 * Comma-separated values (RFC 4180): fields in double quotes may hold commas, line breaks and
 * doubled quotes; lines end in LF or CRLF; a leading byte order mark and blank lines are skipped.
 * A quote left open, or text after a closing quote or a quote inside an unquoted field, is
 * 400 INVALID_CSV naming the line.
 */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        const opened = line;
        i++;
        for (;;) {
          if (i >= text.length) throw invalid(opened, 'a quoted field is not closed');
          const c = text[i]!;
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          field += c;
          i++;
        }
        if (i < text.length && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n'))
          throw invalid(line, 'a closing quote must end its field');
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          if (text[i] === '"') throw invalid(line, 'a quote inside a field that does not start with one');
          field += text[i];
          i++;
        }
      }
      fields.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    // The end of the record: LF, CRLF or the end of the text.
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: start, fields });
  }
  return rows;
}
