/**
 * A viewer's legend: what each colour and shape on the field means, as a
 * list of swatches (real text, readable without the canvas). The swatches
 * take the field's own colours (the canvas is the same in light and dark),
 * outlined so that a pale one shows on a pale page and a dark one on a dark.
 */
import { escapeHtml } from './page-parts.js';

export type SwatchShape = 'square' | 'dot' | 'ring' | 'triangle' | 'line' | 'glyph';

export interface LegendItem {
  readonly color: string;
  readonly label: string;
  /** Default 'square'. */
  readonly shape?: SwatchShape;
  /** The character a 'glyph' swatch shows in `color` (e.g. '?'). */
  readonly glyph?: string;
  /** A second colour: a ring's or a dot's inside, a glyph's background. */
  readonly fill?: string;
}

const LEGEND_CSS = `
  .legend-box { margin-top: 8px; font-size: 13px; }
  .legend-box summary { cursor: pointer; font-weight: 600; font-size: 13px; }
  .legend-box .legend { margin: 6px 0 0; gap: 4px 16px; }
  .legend li { display: flex; align-items: center; gap: 6px; }
  .legend .swatch { flex: none; width: 14px; height: 14px; margin: 0; border: 1px solid var(--muted); border-radius: 2px; }
  .legend .swatch.dot { border-radius: 50%; }
  .legend .swatch.ring { border-radius: 50%; border-width: 3px; }
  .legend .swatch.triangle { border: none; clip-path: polygon(0 0, 100% 50%, 0 100%); }
  .legend .swatch.line { height: 4px; border: none; border-radius: 2px; }
  .legend .swatch.glyph { display: inline-flex; align-items: center; justify-content: center; font-weight: 700; font-size: 12px; line-height: 1; }`;

const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgba?|hsla?)\([0-9., %]+\))$/i;

/** The legend's markup and the styles of its swatches; `open`: unfolded (folded in the embedded viewer). */
export function legend(items: readonly LegendItem[], open: boolean): { html: string; css: string } {
  const rules: string[] = [];
  const entries = items.map((item, k) => {
    for (const c of [item.color, item.fill ?? item.color]) {
      if (!CSS_COLOR.test(c)) throw new Error(`legend: not a colour: ${c}`);
    }
    const shape = item.shape ?? 'square';
    const inside = item.fill ?? item.color;
    if (shape === 'ring') rules.push(`.legend .sw-${k} { border-color: ${item.color}; background: ${inside}; }`);
    else if (shape === 'glyph') rules.push(`.legend .sw-${k} { color: ${item.color}; background: ${inside}; }`);
    else rules.push(`.legend .sw-${k} { background: ${item.color}; }`);
    const glyph = shape === 'glyph' ? escapeHtml(item.glyph ?? '') : '';
    return `<li><span class="swatch ${shape} sw-${k}" aria-hidden="true">${glyph}</span>${escapeHtml(item.label)}</li>`;
  });
  return {
    html: `<details class="legend-box"${open ? ' open' : ''}>
    <summary>Legend</summary>
    <ul class="legend">
      ${entries.join('\n      ')}
    </ul>
  </details>`,
    css: `${LEGEND_CSS}\n  ${rules.join('\n  ')}`,
  };
}

/** `color` laid at `alpha` over `under` (both #rrggbb), as one opaque colour: a tint as the field shows it. */
export function blend(color: string, alpha: number, under: string): string {
  const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const top = channels(color);
  const mixed = channels(under).map((b, i) => Math.round(b + (top[i]! - b) * alpha));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
