import { describe, expect, it } from 'vitest';
import { blend, legend } from '../../src/viewer/legend.js';

describe('a viewer legend', () => {
  it('lists each item as text beside a swatch styled with its colour', () => {
    const { html, css } = legend(
      [
        { color: '#d9362b', label: 'red child', shape: 'dot' },
        { color: '#2563c9', label: 'blue snowman', shape: 'ring', fill: '#ffffff' },
      ],
      true,
    );
    expect(html).toContain('<details class="legend-box" open>');
    expect(html).toMatch(/<li><span class="swatch dot sw-0" aria-hidden="true"><\/span>red child<\/li>/);
    expect(css).toContain('.legend .sw-0 { background: #d9362b; }');
    expect(css).toContain('.legend .sw-1 { border-color: #2563c9; background: #ffffff; }');
  });

  it('starts folded when asked (the embedded viewer)', () => {
    expect(legend([{ color: '#000000', label: 'x' }], false).html).toContain('<details class="legend-box">');
  });

  it('escapes its labels and glyphs, and refuses what is not a colour', () => {
    const { html } = legend([{ color: '#fff', label: '<b>&', shape: 'glyph', glyph: '<' }], true);
    expect(html).toContain('&#60;b&#62;&#38;');
    expect(html).not.toContain('<b>');
    expect(() => legend([{ color: 'red; } body { display: none', label: 'x' }], true)).toThrow(/not a colour/);
  });

  it('blends a tint over the field the way the canvas lays it', () => {
    expect(blend('#ff0000', 0.5, '#ffffff')).toBe('#ff8080');
    expect(blend('#2563c9', 0, '#f8f6ef')).toBe('#f8f6ef');
    expect(blend('#2563c9', 1, '#f8f6ef')).toBe('#2563c9');
  });
});
