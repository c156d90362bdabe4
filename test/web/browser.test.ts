import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, type TestKey } from '../api/keys.js';
import { useServer } from '../support/server.js';
import { HAS_CHROMIUM, pageErrors, saveScreenshot, useBrowser } from '../support/browser.js';

// The web front end in real headless Chromium (playwright-core) against the `npm start` server with
// AUTH=required, so every write goes through the API key the test pastes once into the page.
// Screenshots: test-output/web/*.png.

const SHOTS = 'test-output/web';

describe.skipIf(!HAS_CHROMIUM)('the web front end in a browser', () => {
  const server = useServer({ env: { AUTH: 'required' } });
  const chromium = useBrowser();
  let page: Page;
  let key: TestKey;
  let errors: string[] = [];
  const bots: Record<string, string> = {};
  let boardPath = '';

  const shot = (name: string) => saveScreenshot(page, { path: join(SHOTS, name), fullPage: true });
  const go = (path: string) => page.goto(`${server.base}${path}`);

  /** Uploads a bot file through the upload form; returns its id from the bot page it lands on. */
  async function upload(file: string, isPublic: boolean): Promise<string> {
    await go('/upload');
    await page.getByLabel('Game').selectOption('icy');
    await page.getByLabel('Bot file').setInputFiles(file);
    if (isPublic) await page.getByRole('checkbox', { name: /^Public/ }).check();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/\/bots\/bot_[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    // The bot page is its owner's: the script fetches it again with the saved key.
    await page
      .getByRole('heading', { level: 1, name: file.slice(file.lastIndexOf('/') + 1) })
      .waitFor({ timeout: 15_000 });
    return page.url().slice(page.url().lastIndexOf('/') + 1);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    key = await createKey(server.dataDir, 'browser test');
    page = await chromium.browser.newPage({ viewport: { width: 1200, height: 900 } });
    errors = pageErrors(page, /status of 40[134]/);
  }, 90_000);

  it('1. opens the home page: the games with their summaries and rules links, matches, leaderboards', async () => {
    await go('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('umpire');
    const games = page.locator('#games + .grid article');
    expect(await games.count()).toBe(4);
    for (const title of ['Icy Projectile', 'Capture'])
      expect(await page.getByRole('link', { name: title, exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Recent matches' }).count()).toBe(1);
    await shot('01-home.png');
    // A game's page: the rules, the first input as the engine sends it, example bots, the try-it form.
    await page.getByRole('link', { name: 'Icy Projectile' }).first().click();
    await page.getByRole('heading', { name: 'Protocol, by example' }).waitFor();
    expect(await page.locator('#protocol ~ pre code').first().textContent()).toMatch(/^0\n0 0\n/);
    expect(await page.locator('a[download="random.js"]').count()).toBe(1);
    await shot('01b-game-icy.png');
    await go('/');
    // Writes need the key here: pasted once, kept in this browser.
    await page.getByText('API key', { exact: true }).click();
    await page.getByLabel(/Paste your key/).fill(key.key);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => localStorage.getItem('umpire.apiKey'))).toBe(key.key);
  }, 60_000);

  it('2. uploads src/games/icy/bots/hunter.js through the form', async () => {
    bots.hunter = await upload('src/games/icy/bots/hunter.js', false);
    expect(await page.getByText('private: only your key may use it').count()).toBe(1);
    await shot('02-bot-uploaded.png');
  }, 60_000);

  it('3. challenges the example random.js: the match page shows the result and the viewer', async () => {
    await go(`/bots/${bots.hunter}`);
    await page.getByRole('combobox', { name: /^Opponent/ }).waitFor();
    await page.getByRole('combobox', { name: /^Opponent/ }).selectOption('example:icy:random.js');
    await page.getByLabel('List the match on the home page').check();
    await page.getByRole('button', { name: 'Play the match' }).click();
    await page.waitForURL(/\/matches\/[A-Za-z0-9_-]{22}$/, { timeout: 60_000 });
    const result = await page.getByRole('heading', { level: 2, name: /^Result: / }).textContent();
    expect(result).toMatch(/^Result: (won by (red|blue)|draw)$/);
    expect(await page.locator('table').first().textContent()).toContain('random.js');
    // The embedded viewer draws the replay on its canvas.
    const viewer = page.frameLocator('iframe.viewer');
    await viewer.locator('canvas').first().waitFor({ timeout: 20_000 });
    await viewer.locator('#turn').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
    await shot('03-match.png');
    // Listed: the home page shows it among recent matches.
    const id = page.url().slice(page.url().lastIndexOf('/') + 1);
    await go('/');
    expect(await page.locator(`a[href="/matches/${id}"]`).count()).toBe(1);
  }, 90_000);

  /**
   * The board's played counts and whether it shows a round in progress, or null when the page
   * reloaded itself while they were read (its running round refreshes it): the caller asks again.
   */
  async function readStandings(): Promise<{ played: number[]; running: boolean } | null> {
    try {
      const played = await page
        .locator('#standings-table tbody tr td:nth-child(4)')
        .allTextContents()
        .then((t) => t.map(Number));
      const running = (await page.getByRole('heading', { name: 'Round in progress' }).count()) > 0;
      return { played, running };
    } catch (e) {
      if (/Execution context was destroyed|navigat/i.test((e as Error).message)) return null;
      throw e;
    }
  }

  it('4. creates a leaderboard with three bots and runs a round: the table and the chart appear', async () => {
    bots.planter = await upload('src/games/icy/bots/planter.js', true);
    bots.random = await upload('src/games/icy/bots/random.js', false);
    await go('/leaderboards/new');
    await page.getByLabel('Name').fill('Browser board');
    await page.getByLabel('Game').selectOption('icy');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/leaderboards\/lb_[A-Za-z0-9_-]+$/, { timeout: 30_000 });
    boardPath = new URL(page.url()).pathname;
    const entries = [bots.hunter!, bots.planter!, bots.random!];
    for (const [k, id] of entries.entries()) {
      await page.getByLabel('Bot', { exact: true }).fill(id);
      await page.getByRole('button', { name: 'Add the bot' }).click();
      // The form's script goes back to the board, which now lists one more entry.
      await page.locator('#standings-table tbody tr').nth(k).waitFor({ timeout: 15_000 });
    }
    expect(await page.locator('#standings-table tbody tr').count()).toBe(3);
    await page.getByRole('button', { name: 'Start a round' }).click();
    await page.waitForURL(`${server.base}${boardPath}`);
    // The page reloads itself while the round runs; wait until every entry has played and the chart has a line each.
    let played: number[] = [];
    for (let i = 0; i < 120; i++) {
      // The page may be reloading itself at that very moment: that navigation wins, and this one is aborted.
      const aborted = await go(boardPath).then(
        () => false,
        (e: Error) => {
          if (!e.message.includes('ERR_ABORTED')) throw e;
          return true;
        },
      );
      if (aborted) await page.waitForLoadState('load');
      const read = await readStandings();
      if (read) {
        played = read.played;
        if (!read.running && played.length === 3 && played.every((n) => n > 0)) break;
      }
      await page.waitForTimeout(1000);
    }
    expect(played.every((n) => n > 0)).toBe(true);
    expect(await page.locator('svg.chart polyline').count()).toBe(3);
    expect(await page.getByRole('progressbar').getAttribute('value')).toBe(
      await page.getByRole('progressbar').getAttribute('max'),
    );
    expect(await page.locator('section:has(#recent) tbody tr').count()).toBeGreaterThan(0);
    await shot('04-leaderboard.png');
  }, 180_000);

  it('5. opens a bot page: its matches, and its standing on the board', async () => {
    await go(`/bots/${bots.hunter}`);
    await page.getByRole('heading', { level: 1, name: 'hunter.js' }).waitFor({ timeout: 15_000 });
    const boards = page.locator('section:has(#boards) tbody tr');
    await expect(boards.first().textContent()).resolves.toContain('Browser board');
    expect(await page.locator('section:has(#matches) tbody tr').count()).toBeGreaterThan(1);
    await shot('05-bot-page.png');
  }, 60_000);

  it('works at 360 px and in dark mode, without a key it keeps a bot page to its owner', async () => {
    const narrow = await chromium.browser.newPage({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
    await narrow.goto(`${server.base}${boardPath}`);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const background = await narrow.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(238, 242, 246)');
    await saveScreenshot(narrow, { path: join(SHOTS, '06-leaderboard-360-dark.png'), fullPage: true });
    // A fresh browser has no key: the bot page shows no bot data.
    await narrow.goto(`${server.base}/bots/${bots.hunter}`);
    expect(await narrow.getByText("A bot's page is for its owner").count()).toBe(1);
    expect(await narrow.getByText('Challenge another bot').count()).toBe(0);
    await narrow.close();
    expect(errors).toEqual([]);
  }, 60_000);
});
