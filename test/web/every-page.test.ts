import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/catalog.js';
import { createKey, finishRound, keyedClient, type TestKey } from '../api/keys.js';
import { HAS_CHROMIUM, pageErrors, saveScreenshot, useBrowser } from '../support/browser.js';
import { useServer } from '../support/server.js';

// Every page and every viewer of the site in real Chromium, at 1280 and 360 px, light and dark, with an
// API key pasted (AUTH=required) so the owner-only pages show their content. On each: no sideways
// scroll, no console or page errors, every image with alt text, every control with a name, and no
// winner in a viewer's text at turn 0. `npm run screenshots` also saves test-output/every-page/<page>-<width>-<scheme>.jpg (JPEG: a tall page encodes several times faster than as PNG).

const SHOTS = 'test-output/every-page';
const WIDTHS = [1280, 360] as const;
const SCHEMES = ['light', 'dark'] as const;
/** Words that would give a match's result away. */
const RESULT_WORDS = /\b(wins?|won|winner|draw|forfeit(s|ed))\b/i;

interface Visit {
  /** The screenshot's name. */
  readonly name: string;
  readonly path: string;
  /** A match page or a viewer: the viewer's text at turn 0 must not tell the result. */
  readonly viewer?: 'embedded' | 'page';
}

/** What fails a page, as text: empty when it passes. */
interface Findings {
  readonly overflow: string[];
  readonly images: string[];
  readonly controls: string[];
  readonly spoilers: string[];
  readonly errors: string[];
}

/** Images without alt text and controls without a name, in one frame (run in the browser). */
function checkFrame(): { images: string[]; controls: string[] } {
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}`;
  const images = [...document.querySelectorAll('img')]
    .filter((img) => !(img.getAttribute('alt') ?? '').trim())
    .map((img) => `img ${img.getAttribute('src') ?? ''}`);
  const nameOf = (el: HTMLElement): string => {
    const aria = el.getAttribute('aria-label');
    if (aria?.trim()) return aria;
    const ids = el.getAttribute('aria-labelledby');
    if (ids) {
      const text = ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      if (text.trim()) return text;
    }
    const labels = (el as HTMLInputElement).labels;
    if (labels && [...labels].some((l) => l.textContent?.trim())) return 'label';
    if (el.title?.trim()) return el.title;
    const type = el.getAttribute('type');
    if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(type ?? '')) return el.value;
    if (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button') return el.textContent ?? '';
    return '';
  };
  const controls = [
    ...document.querySelectorAll<HTMLElement>('button, input:not([type=hidden]), select, textarea, [role=button]'),
  ]
    .filter((el) => !nameOf(el).trim())
    .map(describe);
  return { images, controls };
}

describe.skipIf(!HAS_CHROMIUM)('every page and viewer, at 1280 and 360 px, light and dark', () => {
  const server = useServer({ env: { AUTH: 'required' } });
  const call = keyedClient(() => server.base);
  const chromium = useBrowser();
  let key: TestKey;
  const visits: Visit[] = [];
  const timings: Record<string, number> = {};

  /** Plays a match through a game page's try-it form, as its script does; returns the match's id. */
  async function tryGame(game: (typeof GAMES)[number]): Promise<string> {
    const names = [...new Set(game.exampleBots.map((p) => p.slice(p.lastIndexOf('/') + 1)))];
    const form = new URLSearchParams(
      Object.fromEntries(game.seats.map((_, k) => [`seat${k}`, names[k % names.length]!])),
    );
    const r = await fetch(`${server.base}/ui/games/${game.id}/try`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', Authorization: `Bearer ${key.key}` },
    });
    const body = (await r.json()) as { location?: string };
    expect(r.status, JSON.stringify(body)).toBe(200);
    return body.location!.slice('/matches/'.length);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    key = await createKey(server.dataDir, 'Every page');
    // A match of each game through its page's try-it form (two at a time: a key plays at most two at
    // once); Ants through the API, with fewer rounds than its default 100,000 to keep this quick.
    const matches: Record<string, string> = {};
    const tried = GAMES.filter((g) => g.id !== 'ants');
    for (let k = 0; k < tried.length; k += 2)
      await Promise.all(tried.slice(k, k + 2).map(async (g) => void (matches[g.id] = await tryGame(g))));
    const brain = (name: string) => ({ brain: readFileSync(`src/games/ants/bots/${name}`, 'utf8'), name });
    const ants = await call(key, 'POST', '/v1/matches', {
      game: 'ants',
      world: 'sample0',
      seed: 5,
      rounds: 3000,
      public: true,
      red: brain('homing.ant'),
      black: brain('example.ant'),
    });
    expect(ants.status, ants.text).toBe(201);
    matches.ants = ants.body.id;
    const forfeit = await call(key, 'POST', '/v1/matches', {
      game: 'icy',
      map: 'default',
      seed: 3,
      red: { js: readFileSync('src/games/icy/bots/random.js', 'utf8'), name: 'random.js' },
      blue: { js: 'export default function act( {\n', name: 'broken.js' },
    });
    expect(forfeit.status, forfeit.text).toBe(201);
    matches.forfeit = forfeit.body.id;
    // A board with two entries and a played round, open to teams with an invite; a team signed up with it.
    const bots: string[] = [];
    for (const file of ['hunter.js', 'random.js']) {
      const bot = await call(key, 'POST', '/v1/bots', {
        game: 'icy',
        js: readFileSync(`src/games/icy/bots/${file}`, 'utf8'),
        name: file,
      });
      expect(bot.status, bot.text).toBe(201);
      bots.push(bot.body.id);
    }
    const board = await call(key, 'POST', '/v1/leaderboards', { name: 'Every page cup', game: 'icy', public: true });
    expect(board.status, board.text).toBe(201);
    const boardId = board.body.id as string;
    for (const bot of bots)
      expect((await call(key, 'POST', `/v1/leaderboards/${boardId}/entries`, { bot })).status).toBe(201);
    const round = await call(key, 'POST', `/v1/leaderboards/${boardId}/rounds`);
    expect(round.status, round.text).toBe(202);
    await finishRound(call, boardId, round.body.id);
    expect((await call(key, 'PATCH', `/v1/leaderboards/${boardId}`, { teams: true })).status).toBe(200);
    const invite = await call(key, 'POST', `/v1/leaderboards/${boardId}/invites`, {});
    expect(invite.status, invite.text).toBe(201);
    const code = String(invite.body.code ?? invite.body.invite);
    const signedUp = await call(null, 'POST', '/v1/signup', { invite: code, team: 'Walruses' });
    expect(signedUp.status, signedUp.text).toBe(201);

    visits.push({ name: 'home', path: '/' });
    for (const g of GAMES) {
      visits.push({ name: `game-${g.id}`, path: `/games/${g.id}` });
      visits.push({ name: `notes-${g.id}`, path: `/games/${g.id}/notes` });
    }
    visits.push({ name: 'upload', path: '/upload' });
    for (const [name, id] of Object.entries(matches)) {
      visits.push({ name: `match-${name}`, path: `/matches/${id}`, viewer: 'embedded' });
      visits.push({ name: `viewer-${name}`, path: `/v1/matches/${id}/view`, viewer: 'page' });
    }
    visits.push(
      { name: 'bot', path: `/bots/${bots[0]}` },
      { name: 'leaderboard', path: `/leaderboards/${boardId}` },
      { name: 'leaderboard-new', path: '/leaderboards/new' },
      { name: 'board-admin', path: `/leaderboards/${boardId}/admin` },
      { name: 'team', path: '/team' },
      { name: 'signup', path: `/signup?invite=${encodeURIComponent(code)}&board=${boardId}` },
      { name: 'error', path: '/matches/AAAAAAAAAAAAAAAAAAAAAA' },
    );
  }, 240_000);

  /** Opens `visit` in `page`, waits for what its script loads, and reads its viewer's text at turn 0. */
  async function open(page: Page, visit: Visit): Promise<string[]> {
    await page.goto(`${server.base}${visit.path}`);
    // Owner-only content is fetched again with the saved key: wait until it is in.
    await page.locator('main[data-needs-key]').waitFor({ state: 'detached', timeout: 15_000 });
    if (await page.locator('#seat-errors').count())
      await page.locator('body[data-errors]').waitFor({ state: 'attached', timeout: 15_000 });
    if (!visit.viewer) return [];
    let viewer: Frame = page.mainFrame();
    if (visit.viewer === 'embedded') {
      const frame = page.locator('iframe.viewer');
      await frame.scrollIntoViewIfNeeded();
      viewer = (await (await frame.elementHandle())!.contentFrame())!;
    }
    await viewer.locator('body[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Only the visible text counts: a result kept for the reveal toggle is in the page, hidden.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a player sees
    const text = await viewer.locator('body').innerText();
    const found = RESULT_WORDS.exec(text);
    return found ? [`"${found[0]}" in: ${text.slice(Math.max(0, found.index - 60), found.index + 40)}`] : [];
  }

  /** What fails the page as it is shown now: sideways scroll, images without alt, controls without a name. */
  async function check(page: Page): Promise<Pick<Findings, 'overflow' | 'images' | 'controls'>> {
    const overflow = await page.evaluate(() =>
      document.documentElement.scrollWidth > window.innerWidth
        ? [`scrollWidth ${document.documentElement.scrollWidth} > ${window.innerWidth}`]
        : [],
    );
    const images: string[] = [];
    const controls: string[] = [];
    for (const frame of page.frames()) {
      const found = await frame.evaluate(checkFrame);
      images.push(...found.images);
      controls.push(...found.controls);
    }
    return { overflow, images, controls };
  }

  // One context per width; each page is opened once and shown in both schemes (the pages and the
  // viewers follow the scheme through the stylesheet, without reloading).
  for (const width of WIDTHS)
    it(`at ${width} px, light and dark`, async () => {
      const context: BrowserContext = await chromium.browser.newContext({
        viewport: { width, height: width > 500 ? 900 : 780 },
      });
      await context.addInitScript((k) => localStorage.setItem('umpire.apiKey', k), key.key);
      const page = await context.newPage();
      // The error page's own 404 is expected; so are the answers of pages whose owner check refuses a key-less first load.
      const errors = pageErrors(page, /status of 40[134]/);
      const failures: Record<string, Partial<Findings>> = {};
      try {
        for (const visit of visits) {
          const started = Date.now();
          errors.length = 0;
          await page.emulateMedia({ colorScheme: SCHEMES[0] });
          const spoilers = await open(page, visit);
          for (const scheme of SCHEMES) {
            await page.emulateMedia({ colorScheme: scheme });
            const found: Findings = { ...(await check(page)), spoilers, errors: [...errors] };
            await saveScreenshot(page, {
              path: join(SHOTS, `${visit.name}-${width}-${scheme}.jpg`),
              fullPage: true,
              quality: 85,
            });
            const failed = Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0));
            if (Object.keys(failed).length > 0) failures[`${visit.name}-${scheme}`] = failed;
          }
          timings[`${visit.name}-${width}`] = Date.now() - started;
        }
      } finally {
        await context.close();
      }
      writeFileSync(join(SHOTS, `findings-${width}.json`), JSON.stringify({ failures, timings }, null, 2));
      expect(failures).toEqual({});
    }, 240_000);
});
