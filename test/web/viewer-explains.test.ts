import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, pageErrors, saveScreenshot, useBrowser } from '../support/browser.js';
import { useServer } from '../support/server.js';

// Every game's viewer explains itself, in Chromium, on a match played through the API: no result
// before the last turn (full page and embedded) unless asked for, a legend, a name on every
// control, the position spoken in a live status, no horizontal scroll at 360 and 1280 px, no
// console errors, and the fastest speed plays the whole match in under 15 s (the four viewers
// play at once, each timed in its page). Screenshots: test-output/viewer/.

const SHOTS = 'test-output/viewer';
const RESULT_WORDS = /\b(wins?|won|winner|draws?|drawn|forfeits?|forfeited|loses|lost|victory)\b/i;
const FASTEST_MS = 15_000;

const bot = (path: string) => readFileSync(path, 'utf8');
/** A block-drop bot that fails on its third move (then does nothing), for the scrubber's mark. */
const FAILS_ONCE = `let n = 0;
export default function act(input) {
  if (input.trim() === '') return 'READY';
  n++;
  if (n === 3) throw new Error('failing on purpose at move 3');
  return 'N';
}`;

const REQUESTS = {
  icy: {
    game: 'icy',
    seed: 7,
    red: { name: 'random', js: bot('src/games/icy/bots/random.js') },
    blue: { name: 'idler', js: bot('src/games/icy/bots/idle.js') },
  },
  capture: {
    game: 'capture',
    seed: 2,
    red: { name: 'loopy', js: bot('src/games/capture/bots/loopy.js') },
    blue: { name: 'idler', js: bot('src/games/capture/bots/do-nothing.js') },
  },
  blockdrop: {
    game: 'blockdrop',
    seed: 2,
    bots: [
      { name: 'random', js: bot('src/games/blockdrop/bots/random.js') },
      { name: 'random', js: bot('src/games/blockdrop/bots/random.js') },
      { name: 'stumbler', js: FAILS_ONCE },
      { name: 'random too', js: bot('src/games/blockdrop/bots/random.js') },
    ],
  },
  // The default 100,000 rounds, on the small world: the fastest speed must get through them all.
  ants: {
    game: 'ants',
    world: 'tiny',
    seed: 3,
    red: { name: 'homing', brain: bot('src/games/ants/bots/homing.ant') },
    black: { name: 'example', brain: bot('src/games/ants/bots/example.ant') },
  },
} as const;
type Game = keyof typeof REQUESTS;
const GAMES = Object.keys(REQUESTS) as Game[];
/** Where each viewer's address names the step. */
const STEP_KEY: Record<Game, string> = { icy: 't', capture: 't', blockdrop: 't', ants: 'r' };

describe.skipIf(!HAS_CHROMIUM)('every viewer explains what it shows', () => {
  const server = useServer();
  const chromium = useBrowser();
  const views = {} as Record<Game, string>;
  const pages = {} as Record<Game, Page>;
  const errors = {} as Record<Game, string[]>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const started = performance.now();
    await Promise.all(
      GAMES.map(async (game) => {
        const posted = await fetch(`${server.base}/v1/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(REQUESTS[game]),
        });
        const record = (await posted.json()) as { viewUrl: string };
        expect(posted.status, JSON.stringify(record)).toBe(201);
        views[game] = record.viewUrl;
        pages[game] = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
        errors[game] = pageErrors(pages[game]);
      }),
    );
    console.log(`matches played in ${Math.round(performance.now() - started)} ms`);
  }, 120_000);

  const open = async (game: Game, query = '', step = 0) => {
    const page = pages[game];
    await page.goto(`${views[game]}${query}#${STEP_KEY[game]}=${step}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    return page;
  };
  /** What a reader sees: hidden elements left out. */
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (textContent has hidden nodes)
  const visibleText = (page: Page) => page.locator('body').innerText();
  /** Pixels drawn on the Ants food chart right of its first 8 columns. */
  const chartInkPastStart = (page: Page) =>
    page.evaluate(() => {
      const chart = document.getElementById('chart') as HTMLCanvasElement;
      const { data, width } = chart.getContext('2d')!.getImageData(0, 0, chart.width, chart.height);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if ((i / 4) % width > 8 && data[i + 3]! > 0) ink++;
      return ink;
    });
  const noHorizontalScroll = (page: Page) =>
    page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
  const shoot = async (page: Page, name: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, { path: join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };

  it.each(GAMES)('%s: hides the result at the start, full page and embedded, until asked', async (game) => {
    const page = await open(game);
    await page.evaluate(() => localStorage.removeItem('umpire.viewer.showResult'));
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    expect(await visibleText(page)).not.toMatch(RESULT_WORDS);
    expect(await page.textContent('#result')).toBe('');
    // Ants' food chart draws the match so far only: at round 0, no food line past its first pixels.
    if (game === 'ants') expect(await chartInkPastStart(page)).toBe(0);
    await shoot(page, `${game}-start-1280`);
    // Asked for: shown before the end, the button pressed, and remembered in this browser.
    await page.click('#reveal');
    expect(await page.getAttribute('#reveal', 'aria-pressed')).toBe('true');
    expect(await page.textContent('#result')).toMatch(RESULT_WORDS);
    if (game === 'ants') expect(await chartInkPastStart(page)).toBeGreaterThan(100);
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    expect(await page.textContent('#result')).toMatch(RESULT_WORDS);
    await page.click('#reveal');
    expect(await page.getAttribute('#reveal', 'aria-pressed')).toBe('false');
    expect(await visibleText(page)).not.toMatch(RESULT_WORDS);
    // Embedded (the match page's frame), at phone width too.
    await page.setViewportSize({ width: 360, height: 760 });
    await open(game, '?embed=1');
    expect(await visibleText(page)).not.toMatch(RESULT_WORDS);
    expect(await noHorizontalScroll(page)).toBe(true);
    await shoot(page, `${game}-embed-360`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it.each(GAMES)('%s: a legend, a name on every control, the position spoken when stepping', async (game) => {
    const page = await open(game);
    expect(await page.locator('.legend-box .legend li').count()).toBeGreaterThanOrEqual(5);
    expect(await page.isVisible('.legend-box .legend')).toBe(true);
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button, input, select, a[href], [role="img"]')]
        .filter((el) => {
          const label = el.getAttribute('aria-label') ?? '';
          const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
          const text = el instanceof HTMLSelectElement ? '' : (el.textContent ?? '');
          return ![label, labelled, text].some((name) => /[a-z]/i.test(name));
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
    expect(await page.getAttribute('#scrub', 'type')).toBe('range');
    const status = page.locator('[aria-live="polite"]');
    const before = await status.textContent();
    expect(before).toMatch(/^(Turn|Round) 0 of \d+\./);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((b) => document.getElementById('status')!.textContent !== b, before);
    expect(await status.textContent()).toMatch(/^(Turn|Round) 1 of \d+\./);
    const field = page.locator('canvas[role="img"]').first();
    expect(await field.getAttribute('aria-label')).toBe(await status.textContent());
  });

  it.each(GAMES)('%s: fits 360 px and 1280 px without scrolling sideways', async (game) => {
    const middle = Math.floor(Number(await (await open(game)).getAttribute('#scrub', 'max')) / 2);
    const page = await open(game, '', middle);
    expect(await noHorizontalScroll(page)).toBe(true);
    await shoot(page, `${game}-middle-1280`);
    await page.setViewportSize({ width: 360, height: 760 });
    await open(game, '', middle);
    expect(await noHorizontalScroll(page)).toBe(true);
    const canvas = await page.locator('canvas').first().boundingBox();
    expect(canvas!.x + canvas!.width).toBeLessThanOrEqual(360);
    await shoot(page, `${game}-middle-360`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('marks a seat’s failure under the scrubber, and shows it in the logs at its turn', async () => {
    const page = await open('blockdrop');
    await page.waitForFunction(() => document.body.dataset.logs === 'shown');
    const title = await page.locator('#marks .mark').first().getAttribute('title');
    const turn = Number(/at turn (\d+)/.exec(title ?? '')?.[1]);
    expect(title).toMatch(/^2: \S+ at turn \d+$/);
    await open('blockdrop', '', turn);
    await page.waitForFunction((t) => document.body.dataset.logsTurn === String(t), turn);
    expect(
      await page
        .locator('.log-seat[data-seat="2"] .log-error-now, .log-seat[data-seat="2"] .log-failure')
        .first()
        .textContent(),
    ).toMatch(/failing on purpose/);
  });

  it('plays every whole match in under 15 s at the fastest speed', async () => {
    const timings = await Promise.all(
      GAMES.map(async (game) => {
        const page = await open(game);
        const fastest = await page.evaluate(() => {
          const speed = document.getElementById('speed') as HTMLSelectElement;
          speed.selectedIndex = speed.options.length - 1;
          return speed.value;
        });
        expect(fastest).toBe('match');
        const ms = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const start = performance.now();
              document.getElementById('play')!.click();
              const poll = () => {
                const b = document.body.dataset;
                if (b.playing === 'false' && b.step === b.steps) resolve(performance.now() - start);
                else if (performance.now() - start > 30_000) resolve(Number.POSITIVE_INFINITY);
                else requestAnimationFrame(poll);
              };
              requestAnimationFrame(poll);
            }),
        );
        return [game, Math.round(ms)] as const;
      }),
    );
    console.log(`whole match at the fastest speed (ms): ${JSON.stringify(Object.fromEntries(timings))}`);
    for (const [, ms] of timings) expect(ms).toBeLessThan(FASTEST_MS);
    for (const game of GAMES) {
      const page = pages[game];
      expect(await page.textContent('#result')).toMatch(RESULT_WORDS);
      await shoot(page, `${game}-end-1280`);
    }
  }, 60_000);

  it('raised no errors in any page', () => {
    expect(errors).toEqual({ icy: [], capture: [], blockdrop: [], ants: [] });
  });
});
