import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/api/csv.js';
import { ApiProblem } from '../../src/api/problems.js';

const problem = (text: string): { code: string; message: string } => {
  try {
    parseCsv(text);
  } catch (e) {
    if (e instanceof ApiProblem) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('parsed');
};

describe('parseCsv', () => {
  it('reads fields, quoted fields with commas, doubled quotes and line breaks, LF or CRLF, skipping blank lines', () => {
    const text = '\ufeffteam,name\r\n"Red, Inc.","say ""hi"""\n\nblue,"two\nlines"\nlast,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['team', 'name'] },
      { line: 2, fields: ['Red, Inc.', 'say "hi"'] },
      { line: 4, fields: ['blue', 'two\nlines'] },
      { line: 6, fields: ['last', ''] },
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a')).toEqual([{ line: 1, fields: ['a'] }]);
  });

  it('names the line of a quote left open, text after a closing quote, a quote inside a field', () => {
    expect(problem('team\n"open\n\n')).toEqual({
      code: 'INVALID_CSV',
      message: 'line 2: a quoted field is not closed',
    });
    expect(problem('team\n"a"b\n')).toEqual({
      code: 'INVALID_CSV',
      message: 'line 2: a closing quote must end its field',
    });
    expect(problem('team\nx\nab"c\n')).toEqual({
      code: 'INVALID_CSV',
      message: 'line 3: a quote inside a field that does not start with one',
    });
  });
});
