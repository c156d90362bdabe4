import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, keyedClient, type TestKey } from '../api/keys.js';
import { HAS_CHROMIUM, pageErrors, saveScreenshot, useBrowser } from '../support/browser.js';
import { useServer } from '../support/server.js';

// The first error of each kind per seat, in Chromium (AUTH=required): on the match page and in the
// viewer at its turn, at the player's line, for the seat's readers only; a hostile message (markup,
// terminal escapes, direction overrides) shown as bounded text. Screenshots: test-output/web/match-errors-*.png.

const SHOTS = 'test-output/web';
const IDLE = 'export default () => "idle\\nidle\\nidle\\nidle\\n";';
const MARKUP = '<img src=x onerror="document.body.dataset.pwned=1">';

/** A syntax error on line 9: a parameter list left open. */
const SYNTAX_LINE_9 = `${'// notes\n'.repeat(8)}export default function act(input {\n  return input;\n}\n`;
/** Throws from a helper on line 3 on the third call and every call after it. */
const THROWS_LINE_3 = [
  'let calls = 0;',
  'function helper(state) {',
  '  if (++calls >= 3) return state.missing.foo;',
  '  return "idle\\nidle\\nidle\\nidle\\n";',
  '}',
  'export default function act(input) {',
  '  return helper({});',
  '}',
].join('\n');
/** A NameError on line 3 of a Python bot. */
const PY_NAME_ERROR = 'def act(state):\n    x = 1\n    return undefined_name\n';
/** Throws a message made to hurt a page: markup, a terminal escape, a direction override and length. */
const HOSTILE = `export default function act() { throw new Error(${JSON.stringify(MARKUP)} + "\\u001b[31m\\u202e" + "A".repeat(5000)); }`;

describe.skipIf(!HAS_CHROMIUM)("a match's first errors on its page and in its viewer", () => {
  const server = useServer({ env: { AUTH: 'required' } });
  const call = keyedClient(() => server.base);
  const chromium = useBrowser();
  let page: Page;
  let errors: string[] = [];
  let teamA: TestKey;
  let teamB: TestKey;

  const playAs = async (key: TestKey, red: Record<string, string>) => {
    const played = await call(key, 'POST', '/v1/matches', { game: 'icy', red, blue: { js: IDLE }, seed: 4 });
    expect(played.status, played.text).toBe(201);
    return played.body.id as string;
  };
  const useKey = async (key: TestKey | null) => {
    await page.goto(`${server.base}/`);
    await page.evaluate((k) => (k ? localStorage.setItem('umpire.apiKey', k) : localStorage.clear()), key?.key ?? null);
  };
  const openMatch = async (id: string) => {
    await page.goto(`${server.base}/matches/${id}`);
    await page.waitForFunction(() => document.body.dataset.errors !== undefined);
    return (await page.locator('#seat-errors').textContent()) ?? '';
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    teamA = await createKey(server.dataDir, 'team-a');
    teamB = await createKey(server.dataDir, 'team-b');
    page = await chromium.browser.newPage({ viewport: { width: 1100, height: 1000 } });
    // The viewer in the page asks for the seats' logs: a reader of none is answered 403, by design.
    errors = pageErrors(page, /status of 403/);
  }, 90_000);

  afterAll(() => expect(errors).toEqual([]));

  it('a JavaScript syntax error on line 9 shows line 9', async () => {
    const id = await playAs(teamA, { js: SYNTAX_LINE_9 });
    await useKey(teamA);
    const text = await openMatch(id);
    expect(text).toContain('while loading · BUNDLE_SYNTAX');
    expect(text).toMatch(/SyntaxError: [^\n]* \(bot\.js:9:\d+\)/);
    await saveScreenshot(page, { path: join(SHOTS, 'match-errors-syntax.png'), fullPage: true });
  }, 60_000);

  it("a runtime error shows the bot's line, on the page and in the viewer at its turn", async () => {
    const id = await playAs(teamA, { js: THROWS_LINE_3 });
    await useKey(teamA);
    const text = await openMatch(id);
    expect(text).toContain('turn 2 · error · 178 times');
    expect(text).toContain("TypeError: cannot read property 'foo' of undefined");
    expect(text).toMatch(/at helper \(bot\.js:3:\d+\)/);
    expect(text).toMatch(/at act \(bot\.js:7:\d+\)/);
    await saveScreenshot(page, { path: join(SHOTS, 'match-errors-runtime.png'), fullPage: true });

    await page.goto(`${server.base}/v1/matches/${id}/view#t=2`);
    await page.waitForFunction(() => document.body.dataset.logs === 'shown' && document.body.dataset.logsTurn === '2');
    const seat = page.locator('.log-seat[data-seat="red"]');
    expect(await seat.locator('.log-failure').first().textContent()).toBe(
      "first failure, turn 2: error: TypeError: cannot read property 'foo' of undefined",
    );
    expect(await seat.locator('.log-error-now').textContent()).toBe(
      '↑ the first failure is at this turn (178 in the match)',
    );
    expect(await seat.locator('pre').textContent()).toMatch(
      /^\[error in call 3\] TypeError.*\n {4}at helper \(bot\.js:3:/,
    );
    await saveScreenshot(page, { path: join(SHOTS, 'match-errors-viewer.png'), fullPage: true });
    // A turn before the error shows none.
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.body.dataset.logsTurn === '1');
    expect(await seat.locator('.log-error-now').isHidden()).toBe(true);
  }, 60_000);

  it('shows the first error of each kind, each at its turn', async () => {
    const code =
      'let n = 0;\nexport default function act() {\n  n++;\n  if (n === 3) throw new Error("three");\n  if (n === 5) for (;;) {}\n  return "idle\\nidle\\nidle\\nidle\\n";\n}\n';
    const id = await playAs(teamA, { js: code });
    await useKey(teamA);
    await openMatch(id);
    const kinds = page.locator('#seat-errors [data-seat="red"] li');
    expect(await kinds.count()).toBe(2);
    expect(await kinds.nth(0).textContent()).toMatch(/^turn 2 · error.*Error: three/s);
    expect(await kinds.nth(1).textContent()).toMatch(/^turn 4 · over_budget.*used up its fuel/s);
    await page.goto(`${server.base}/v1/matches/${id}/view#t=4`);
    await page.waitForFunction(() => document.body.dataset.logs === 'shown' && document.body.dataset.logsTurn === '4');
    expect(await page.locator('.log-seat[data-seat="red"] .log-error-now').textContent()).toMatch(
      /^first over_budget at this turn: used up its fuel/,
    );
  }, 60_000);

  it('a Python NameError on line 3 shows line 3', async () => {
    const id = await playAs(teamA, { py: PY_NAME_ERROR });
    await useKey(teamA);
    const text = await openMatch(id);
    expect(text).toContain('NameError');
    expect(text).toContain('File "bot.py", line 3, in act');
  }, 60_000);

  it("shows a seat's errors to its readers only", async () => {
    const id = await playAs(teamA, { js: THROWS_LINE_3 });
    await useKey(teamB);
    const asB = await openMatch(id);
    expect(asB).toContain('Withheld: no seat of this match');
    expect(asB).not.toContain('TypeError');
    await useKey(null);
    const anonymous = await openMatch(id);
    expect(anonymous).toContain('save your API key');
    expect(anonymous).not.toContain('TypeError');
  }, 60_000);

  it('shows a hostile message as bounded text: no markup, no escapes, no reordering', async () => {
    const id = await playAs(teamA, { js: HOSTILE });
    await useKey(teamA);
    const text = await openMatch(id);
    expect(text).toContain(MARKUP);
    expect(text).toContain('\u241b[31m\ufffd');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u202e');
    expect(text.length).toBeLessThan(8000);
    expect(await page.locator('#seat-errors img').count()).toBe(0);
    expect(await page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    await page.goto(`${server.base}/v1/matches/${id}/view#t=0`);
    await page.waitForFunction(() => document.body.dataset.logs === 'shown');
    expect(await page.locator('.logs img').count()).toBe(0);
    expect(await page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    // The long message wraps: the viewer is as wide as the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, { path: join(SHOTS, 'match-errors-hostile.png'), fullPage: true });
  }, 60_000);
});
