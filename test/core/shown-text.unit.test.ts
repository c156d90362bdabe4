import { describe, expect, it } from 'vitest';
import { shownText } from '../../src/core/shown-text.js';

// A bot's text made safe to show: control characters and direction overrides visible, length bounded.

describe('shownText', () => {
  it('keeps line breaks and tabs, and shows other control characters as their pictures', () => {
    expect(shownText('a\tb\nc\u001b[31md\u0000\u007f\r', 100)).toBe('a\tb\nc\u241b[31md\u2400\u2421\u240d');
  });

  it('replaces direction overrides and isolates, which would reorder what follows', () => {
    expect(shownText('x\u202eevil\u2066y', 100)).toBe('x\ufffdevil\ufffdy');
  });

  it('cuts a megabyte to its bound and says how much is left out', () => {
    const shown = shownText('A'.repeat(1 << 20), 2000);
    expect(shown).toBe(`${'A'.repeat(2000)}… (${(1 << 20) - 2000} more characters)`);
  });

  it('leaves markup as it is: the pages set it as text', () => {
    expect(shownText('<img src=x onerror=alert(1)>', 100)).toBe('<img src=x onerror=alert(1)>');
  });
});
