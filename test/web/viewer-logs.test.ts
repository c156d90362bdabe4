import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, keyedClient, type TestKey } from '../api/keys.js';
import { useServer } from '../support/server.js';
import { HAS_CHROMIUM, pageErrors, saveScreenshot, useBrowser } from '../support/browser.js';

// The viewer's logs panel in Chromium (AUTH=required): a bot's owner, with the key the site's pages
// keep, reads its seat's log turn by turn as the viewer steps; another team reads its own seat and not
// that one; no key reads none; a log written as markup shows as text. Screenshot: test-output/web/viewer-logs.png.

const SHOTS = 'test-output/web';
const MARKUP = '<img src=x onerror="document.body.dataset.pwned=1">';

/** Writes `<who> says N` on odd calls, and markup on the fifth. */
const oddCalls = (who: string) =>
  `let n = 0;\nexport default () => { n++; if (n === 5) console.log(${JSON.stringify(MARKUP)}); else if (n % 2) console.log(${JSON.stringify(who)} + ' says ' + n); return "idle\\nidle\\nidle\\nidle\\n"; }`;

describe.skipIf(!HAS_CHROMIUM)("the viewer's logs panel", () => {
  const server = useServer({ env: { AUTH: 'required' } });
  const call = keyedClient(() => server.base);
  const chromium = useBrowser();
  let page: Page;
  let errors: string[] = [];
  let teamA: TestKey;
  let teamB: TestKey;
  let match = '';

  const useKey = async (key: TestKey | null) => {
    await page.goto(`${server.base}/`);
    await page.evaluate((k) => (k ? localStorage.setItem('umpire.apiKey', k) : localStorage.clear()), key?.key ?? null);
  };
  const open = async (turn: number) => {
    await page.goto(`${server.base}/v1/matches/${match}/view#t=${turn}`);
    await page.waitForFunction(
      () => document.body.dataset.ready === 'true' && document.body.dataset.logs !== undefined,
    );
  };
  const seatText = (seat: string) => page.locator(`.log-seat[data-seat="${seat}"] pre`).textContent();
  const step = async (to: number) => {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((t) => document.body.dataset.logsTurn === String(t), to);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    teamA = await createKey(server.dataDir, 'team-a');
    teamB = await createKey(server.dataDir, 'team-b');
    const botA = await call(teamA, 'POST', '/v1/bots', { js: oddCalls('red'), game: 'icy', public: true });
    const botB = await call(teamB, 'POST', '/v1/bots', { js: oddCalls('blue'), game: 'icy', public: true });
    expect([botA.status, botB.status]).toEqual([201, 201]);
    const played = await call(teamA, 'POST', '/v1/matches', {
      game: 'icy',
      red: { bot: botA.body.id },
      blue: { bot: botB.body.id },
    });
    expect(played.status, played.text).toBe(201);
    match = played.body.id;
    page = await chromium.browser.newPage({ viewport: { width: 1100, height: 1000 } });
    // Another team's seat: withheld without an error; the page asks nothing without a key.
    errors = pageErrors(page);
  }, 90_000);

  afterAll(() => expect(errors).toEqual([]));

  it("shows the owner its seat's log for the turn the viewer is at, as it steps", async () => {
    await useKey(teamA);
    await open(0);
    expect(await seatText('red')).toBe('red says 1');
    await step(1);
    expect(await seatText('red')).toBe('(nothing written this turn)');
    await step(2);
    expect(await seatText('red')).toBe('red says 3');
    await step(3);
    await step(4);
    // The fifth call wrote markup: shown as its text, never run.
    expect(await seatText('red')).toBe(MARKUP);
    expect(await page.locator('.logs img').count()).toBe(0);
    expect(await page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    await saveScreenshot(page, { path: join(SHOTS, 'viewer-logs.png'), fullPage: true });
    // The other seat is team B's: listed as withheld, its log nowhere on the page.
    expect(await page.locator('.log-seat[data-seat="blue"]').textContent()).toContain('withheld');
    expect(await page.locator('.log-seat[data-seat="blue"] pre').count()).toBe(0);
    expect(await page.textContent('body')).not.toContain('blue says');
    // The address follows the turn; the panel follows the address too.
    await page.goto(`${server.base}/v1/matches/${match}/view#t=10`);
    await page.waitForFunction(() => document.body.dataset.logsTurn === '10');
    expect(await seatText('red')).toBe('red says 11');
  }, 60_000);

  it("shows another team its own seat, and not the owner's", async () => {
    await useKey(teamB);
    await open(2);
    expect(await seatText('blue')).toBe('blue says 3');
    expect(await page.locator('.log-seat[data-seat="red"]').textContent()).toContain('withheld');
    expect(await page.textContent('body')).not.toContain('red says');
  }, 60_000);

  it('says whose logs they are to a reader without a key', async () => {
    await useKey(null);
    await open(2);
    expect(await page.textContent('#logs-note')).toMatch(/for the bots' owners and the board's owner/);
    expect(await page.locator('.log-seat').count()).toBe(0);
  }, 60_000);
});
