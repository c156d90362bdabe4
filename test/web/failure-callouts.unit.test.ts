import { describe, expect, it } from 'vitest';
import { FailureCallouts, placeIn } from '../../src/web/failure-callouts.js';
import { seatsOf } from '../../src/web/match-summary.js';
import type { SeatErrorsItem } from '../../src/web/seat-errors.js';

// The forfeit and failure callouts of a match page: which seat, why, where in its file; a hostile
// message stays text and bounded; a failure's message only for a reader who may read the seat.

const render = async (record: Record<string, unknown>, items: readonly SeatErrorsItem[] | null) =>
  String(await (FailureCallouts({ record, seats: seatsOf(record), items }) as unknown as Promise<unknown> | null));

describe("a match page's failure callouts", () => {
  it('names the line of a JavaScript and of a Python error', () => {
    expect(placeIn("SyntaxError: expecting ';' (bot.js:9:3)")).toBe('bot.js, line 9, column 3');
    expect(placeIn('Traceback:\n  File "bot.py", line 3, in act\nNameError')).toBe('bot.py, line 3');
    expect(placeIn('used up its fuel')).toBeNull();
  });

  it('calls out a forfeit with its reason and line, escaped and bounded', async () => {
    const hostile = `<img src=x onerror=alert(1)> (bot.js:2:1)${'A'.repeat(1 << 20)}`;
    const record = {
      forfeit: 'blue',
      decidedBy: 'forfeit',
      bots: { red: { name: 'a.js' }, blue: { name: 'b.js', forfeit: { code: 'BUNDLE_SYNTAX', message: hostile } } },
    };
    const html = await render(record, null);
    expect(html).toContain('Blue (b.js) forfeited');
    expect(html).toContain('BUNDLE_SYNTAX</code> at bot.js, line 2, column 1');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x');
    expect(html.length).toBeLessThan(10_000);
    expect(html).not.toContain('data-seat="red"');
  });

  it("shows a failure's message to a reader of the seat only", async () => {
    const record = { bots: { red: { name: 'a.js', errors: 3 }, blue: { name: 'b.js', errors: 0 } } };
    const withheld = await render(record, null);
    expect(withheld).toContain('Red (a.js): 3 errors');
    expect(withheld).toContain('the errors below');
    expect(withheld).not.toContain('TypeError');
    const item: SeatErrorsItem = {
      seat: 'red',
      readable: true,
      log: null,
      turns: null,
      errors: [{ turn: 4, code: 'error', message: 'TypeError: x is undefined (bot.js:7:12)', count: 3 }],
    };
    const readable = await render(record, [item]);
    expect(readable).toContain('First at turn 4: <code>error</code> at bot.js, line 7, column 12');
    expect(readable).toContain('TypeError: x is undefined');
    expect(
      FailureCallouts({ record: {}, seats: seatsOf({ bots: { red: { errors: 0 }, blue: {} } }), items: null }),
    ).toBeNull();
  });
});
