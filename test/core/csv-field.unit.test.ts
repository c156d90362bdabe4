import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '../../src/core/csv-field.js';

describe('CSV fields', () => {
  it('quotes a CSV field only when it needs it, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(3)).toBe('3');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes rows as CRLF-ended lines', () => {
    expect(
      csvText([
        ['a', 1, true],
        ['b,c', null, false],
      ]),
    ).toBe('a,1,true\r\n"b,c",,false\r\n');
  });
});
