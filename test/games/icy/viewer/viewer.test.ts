import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { HAS_CHROMIUM, pageErrors, useBrowser } from '../../../support/browser.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateAt, type IcyReplay } from '../../../../src/games/icy/index.js';
import { useServer } from '../../../support/server.js';

// The viewer in real headless Chromium (Debian's chromium, driven by playwright-core),
// on a match played through the API of the `npm start` server.

describe.skipIf(!HAS_CHROMIUM)('the match viewer in a browser', () => {
  const server = useServer();
  const chromium = useBrowser();
  let page: Page;
  let record: Record<string, any>;
  let replay: IcyReplay;
  let errors: string[] = [];

  beforeAll(async () => {
    const posted = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'icy',
        seed: 7,
        red: { name: 'hunter', js: readFileSync('src/games/icy/bots/hunter.js', 'utf8') },
        blue: { name: 'planter', js: readFileSync('src/games/icy/bots/planter.js', 'utf8') },
      }),
    });
    record = await posted.json();
    replay = await (await fetch(record.replayUrl)).json();
    page = await chromium.browser.newPage({ viewport: { width: 1100, height: 820 } });
    errors = pageErrors(page);
  }, 90_000);

  const shown = async () => ({
    turn: Number(await page.evaluate(() => document.body.dataset.turn)),
    red: Number(await page.textContent('#score-red')),
    blue: Number(await page.textContent('#score-blue')),
    hash: await page.evaluate(() => location.hash),
  });

  it('opens the turn the URL names, with its score', async () => {
    await page.goto(`${record.viewUrl}#t=57`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const expected = stateAt(replay, 57).score;
    expect(await shown()).toEqual({ turn: 57, red: expected[0], blue: expected[1], hash: '#t=57' });
    expect(await page.textContent('#name-red')).toBe('hunter');
    expect(await page.locator('#moves tr').count()).toBe(8);
  }, 30_000);

  it('steps with the keyboard, and the URL follows', async () => {
    await page.keyboard.press('ArrowRight');
    const expected = stateAt(replay, 58).score;
    expect(await shown()).toEqual({ turn: 58, red: expected[0], blue: expected[1], hash: '#t=58' });
    await page.keyboard.press('ArrowLeft');
    expect((await shown()).turn).toBe(57);
  });

  it('shows the final score of the record at the last turn', async () => {
    await page.keyboard.press('End');
    expect(await shown()).toEqual({
      turn: 180,
      red: record.scores.red.total,
      blue: record.scores.blue.total,
      hash: '#t=180',
    });
    expect(await page.textContent('#result')).toBe(`${record.winner} wins (score)`);
  });

  it('plays, and shows what one player could see', async () => {
    await page.keyboard.press('Home');
    await page.selectOption('#speed', '8');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.body.dataset.turn) >= 3, undefined, { timeout: 10_000 });
    await page.keyboard.press(' ');
    await page.keyboard.press('v');
    expect(await page.textContent('#view')).toBe('view: red');
    await page.goto(`${record.viewUrl}#t=120`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    mkdirSync('test-output', { recursive: true });
    await page.screenshot({ path: 'test-output/viewer.png' });
    expect(existsSync('test-output/viewer.png')).toBe(true);
  }, 30_000);

  it('embeds without the chrome', async () => {
    await page.goto(`${record.viewUrl}?embed=1#t=90`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    expect(await page.isVisible('aside')).toBe(false);
    expect(await page.isVisible('#download')).toBe(false);
    expect(await page.isVisible('canvas')).toBe(true);
    // Sized to its frame: everything fits in the window.
    const bottom = await page.evaluate(() => document.querySelector('.controls')!.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThanOrEqual(820);
    await page.screenshot({ path: 'test-output/viewer-embed.png' });
  }, 30_000);

  it('raised no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
