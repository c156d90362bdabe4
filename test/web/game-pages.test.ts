import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/catalog.js';
import { HAS_CHROMIUM, pageErrors, saveScreenshot, useBrowser } from '../support/browser.js';
import { useServer } from '../support/server.js';

// The game pages a player learns from, on the `npm start` server: the start still beside the first input,
// the rules for players (rules.md) with the engine notes on a page of their own, the first bots and the
// example bots by language, and the stills served as PNG by name only, never a file read by path.

const server = useServer({ env: { STORE: 'memory' } });
const get = (path: string) => fetch(`${server.base}${path}`);
const text = async (path: string) => (await get(path)).text();
const escaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const stillsOf = (game: string): Record<string, { alt: string }> => {
  const file = `src/games/${game}/stills/stills.json`;
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).stills : {};
};

describe('a game page shows the game before it explains it', () => {
  for (const game of GAMES) {
    it(`${game.id}: the start still, with its alt text and size, served as image/png`, async () => {
      const start = stillsOf(game.id).start;
      expect(start, `src/games/${game.id}/stills/stills.json has a start still`).toBeDefined();
      const page = await text(`/games/${game.id}`);
      const img = new RegExp(
        `<img src="/assets/games/${game.id}/start\\.png" alt="([^"]*)" width="(\\d+)" height="(\\d+)"`,
      ).exec(page);
      expect(img, 'the page has the start still').not.toBeNull();
      expect(img![1]).toBe(escaped(start!.alt));
      const png = await get(`/assets/games/${game.id}/start.png`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await png.arrayBuffer());
      expect(Buffer.from(bytes).equals(readFileSync(`src/games/${game.id}/stills/start.png`))).toBe(true);
      // The width and height the page gives are the picture's own, from its header.
      const view = new DataView(bytes.buffer);
      expect([Number(img![2]), Number(img![3])]).toEqual([view.getUint32(16), view.getUint32(20)]);
    });
  }

  it('the picture and the first input sit in one section, the input as the protocol section', async () => {
    for (const id of ['icy', 'capture']) {
      const page = await text(`/games/${id}`);
      const section = /<section class="card game-start"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
      expect(section).toContain(`<img src="/assets/games/${id}/start.png"`);
      expect(section).toContain('<h2 id="protocol">Protocol, by example</h2>');
      expect(section).toMatch(/<pre><code>0\n/);
    }
  });

  it('the rules are rules.md where the game has one, the README otherwise; the README is the engine notes', async () => {
    for (const game of GAMES) {
      const page = await text(`/games/${game.id}`);
      const rulesFile = `src/games/${game.id}/rules.md`;
      const readme = readFileSync(`src/games/${game.id}/README.md`, 'utf8');
      const firstHeading = (md: string) => /^## (.+)$/m.exec(md)![1]!;
      if (existsSync(rulesFile)) {
        const rules = readFileSync(rulesFile, 'utf8');
        // Its first section heading (## or ###, shown one level down).
        const heading = /^#{2,3} (.+)$/m.exec(rules)?.[1] ?? '';
        expect(page).toMatch(new RegExp(`<h[34]>${escaped(heading).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h[34]>`));
        // Icy's and Capture's README headings (their engine notes) stay off the players' page.
        const onlyReadme = [...readme.matchAll(/^##+ (.+)$/gm)].map((m) => m[1]!).filter((h) => !rules.includes(h));
        if (['icy', 'capture'].includes(game.id))
          for (const heading of onlyReadme) expect(page).not.toContain(`>${escaped(heading)}</h`);
      } else {
        expect(page).toContain(`<h3>${escaped(firstHeading(readme))}</h3>`);
      }
      expect(page).toContain(`href="/games/${game.id}/notes"`);
      const notes = await get(`/games/${game.id}/notes`);
      expect(notes.status).toBe(200);
      expect(await notes.text()).toContain(`<h3>${escaped(firstHeading(readme))}</h3>`);
    }
  });

  it('Icy and Capture: rules written for players, with the protocol, the limits and the original statements', async () => {
    for (const id of ['icy', 'capture']) {
      const page = await text(`/games/${id}`);
      expect(page).toContain('<h3>The protocol, as your bot sees it</h3>');
      expect(page).toMatch(/<h3>The original statements?<\/h3>/);
      expect(page).toMatch(/<a href="https?:\/\/icpc\.baylor\.edu\/challenge\//);
      // Not a diff against the originals, and no source files.
      expect(page).not.toMatch(/beyond the original rules|conformance\.|module\.ts|\.test\.ts/);
    }
  });
});

describe('a game page teaches a first bot, and lists every example by language', () => {
  it('every first.<ending> of a game is shown with its steps; Python wherever JavaScript is', async () => {
    for (const game of GAMES) {
      const page = await text(`/games/${game.id}`);
      const firsts = readdirSync(`src/games/${game.id}/bots`).filter((f) => f.startsWith('first.'));
      for (const file of firsts) {
        expect(page).toContain(`<span class="muted">(${file})</span>`);
        expect(page).toContain(`<code>${escaped(readFileSync(`src/games/${game.id}/bots/${file}`, 'utf8'))}</code>`);
        const download = await get(`/games/${game.id}/bots/${file}`);
        expect(download.status).toBe(200);
      }
      if (firsts.includes('first.js')) expect(firsts).toContain('first.py');
      if (page.includes('<h3>JavaScript</h3>')) expect(page).toContain('<h3>Python</h3>');
    }
    const icy = await text('/games/icy');
    expect(icy).toContain('npx umpire match --game icy --red first.js --blue src/games/icy/bots/hunter.js');
    expect(icy).toContain('clang --target=wasm32-wasi --sysroot=/usr -O2 -o first.wasm first.c -lm');
    expect(icy).toContain('href="/upload?game=icy"');
  });

  it('the example sources of every language the folder holds, downloadable; other files are not served', async () => {
    const icy = await text('/games/icy');
    for (const [language, file] of [
      ['C', 'hunter.c'],
      ['C++', 'squad.cpp'],
      ['Rust', 'sniper.rs'],
      ['AssemblyScript', 'hunter.as.ts'],
      ['Python', 'hunter.py'],
    ]) {
      expect(icy).toContain(`<h3>${escaped(language!)}</h3>`);
      const served = await get(`/games/icy/bots/${file}`);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(readFileSync(`src/games/icy/bots/${file}`, 'utf8'));
    }
    // A generator script in a bots/ folder is not a bot: neither listed nor served.
    expect(await text('/games/ants')).not.toContain('download="make-homing.mjs"');
    expect((await get('/games/ants/bots/make-homing.mjs')).status).toBe(404);
  });

  it('"try it" counts the seats, and only games with maps speak of a map', async () => {
    for (const game of GAMES) {
      const page = await text(`/games/${game.id}`);
      expect(page).not.toContain('two example bots');
      if (game.seats.length > 2) expect(page).toContain(`each of the ${game.seats.length} seats`);
      if (!game.maps) expect(page).not.toMatch(/default map/);
    }
    expect(await text('/games/icy')).toContain('on the default map');
    expect(await text('/games/capture')).toContain('at the start of a match');
  });
});

describe('stills are served by name only', () => {
  it('an unknown still is a 404 with a typed error', async () => {
    for (const path of [
      '/assets/games/icy/nope.png',
      '/assets/games/icy/constructor.png',
      '/assets/games/chess/start.png',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(await r.text(), path).toContain('NOT_FOUND');
    }
  });

  it('a name with dots, slashes, capitals or another ending is a 404, never a file read', async () => {
    const readme = readFileSync('src/games/icy/README.md', 'utf8').slice(0, 40);
    for (const path of [
      '/assets/games/icy/..%2FREADME.md',
      '/assets/games/icy/..%2f..%2f..%2fpackage.json',
      '/assets/games/icy/%2e%2e%2fstills.png',
      '/assets/games/icy/../icy/start.png.bak',
      '/assets/games/icy/stills.json',
      '/assets/games/icy/START.png',
      '/assets/games/icy/start.png%00.json',
      '/assets/games/icy/start',
      '/assets/games/icy/__proto__.png',
      '/assets/games/..%2F..%2Fpackage.json/start.png',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type'), path).not.toBe('image/png');
      const body = await r.text();
      expect(body, path).not.toContain(readme);
      expect(body, path).not.toContain('"name": "umpire"');
    }
  });
});

describe.skipIf(!HAS_CHROMIUM)('the Icy and Capture pages in Chromium, 1280 and 360 px wide, light and dark', () => {
  const chromium = useBrowser();
  it('fit the width, load their picture with its alt text, and log no error', async () => {
    mkdirSync('test-output/game-pages', { recursive: true });
    const page = await chromium.browser.newPage();
    const errors = pageErrors(page);
    for (const id of ['icy', 'capture'])
      for (const width of [1280, 360])
        for (const scheme of ['light', 'dark'] as const) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(`${server.base}/games/${id}`);
          const img = page.locator('.game-start img');
          await img.evaluate((el: HTMLImageElement) => el.decode());
          expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
          expect((await img.getAttribute('alt'))!.length).toBeGreaterThan(20);
          const [scrollWidth, innerWidth] = await page.evaluate(() => [
            document.documentElement.scrollWidth,
            window.innerWidth,
          ]);
          expect(scrollWidth, `${id} at ${width} px, ${scheme}`).toBeLessThanOrEqual(innerWidth);
          // Side by side when there is room, one above the other on a phone.
          const [picture, input] = await Promise.all([img.boundingBox(), page.locator('#protocol').boundingBox()]);
          if (width === 1280) expect(input!.x).toBeGreaterThan(picture!.x + picture!.width - 1);
          else expect(input!.y).toBeGreaterThan(picture!.y + picture!.height - 1);
          await saveScreenshot(page, { path: `test-output/game-pages/${id}-${width}-${scheme}.png`, fullPage: true });
        }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
