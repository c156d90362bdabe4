import { describe, expect, it } from 'vitest';
import { SeatErrors, type SeatErrorsItem } from '../../src/web/seat-errors.js';

// The errors part of a match page, rendered on the server: a hostile message and log are text, bounded.

const render = async (seats: readonly SeatErrorsItem[] | null, keySent = true) =>
  String(await (SeatErrors({ seats, keySent }) as unknown as Promise<unknown>));

describe("a match page's errors part", () => {
  it('escapes markup and bounds a megabyte message and log', async () => {
    const hostile = `<script>alert(1)</script><img src=x onerror=alert(2)>\u001b[2J${'A'.repeat(1 << 20)}`;
    const html = await render([
      {
        seat: 'red',
        readable: true,
        log: hostile,
        turns: [[0, hostile.length]],
        errors: [{ turn: 0, code: 'error', message: hostile, count: 3 }],
      },
    ]);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('\u241b[2J');
    expect(html.length).toBeLessThan(10_000);
    expect(html).toContain('turn 0');
    expect(html).toContain('3 times');
  });

  it('says why nothing is shown: no key, or no seat of the key', async () => {
    expect(await render(null, false)).toContain('save your API key');
    expect(await render(null, true)).toContain('no seat of this match');
    const withheld = await render([{ seat: 'blue', readable: false, log: null, turns: null, errors: null }]);
    expect(withheld).toContain('blue: withheld');
  });
});
