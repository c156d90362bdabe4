// Each game's viewer playing a whole match at its fastest speed ("whole match in 10 s", issue 28),
// in Chromium, on full-length matches played through the API: Icy 180 turns, Capture 900, Block
// drop to its end, Ants 100,000 rounds on a sample world. Skipped without Debian's chromium.
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const CHROMIUM = '/usr/bin/chromium';
const js = (path) => readFileSync(path, 'utf8');
const MATCHES = {
  icy: {
    game: 'icy',
    seed: 7,
    red: { js: js('src/games/icy/bots/hunter.js') },
    blue: { js: js('src/games/icy/bots/planter.js') },
  },
  capture: {
    game: 'capture',
    seed: 2,
    red: { js: js('src/games/capture/bots/gatherer.js') },
    blue: { js: js('src/games/capture/bots/loopy.js') },
  },
  blockdrop: {
    game: 'blockdrop',
    seed: 2,
    bots: [0, 1, 2, 3].map((k) => ({ js: js(`src/games/blockdrop/bots/${k % 2 ? 'random' : 'hunter'}.js`) })),
  },
  ants: {
    game: 'ants',
    world: 'sample1',
    seed: 4,
    red: { brain: js('src/games/ants/bots/homing.ant') },
    black: { brain: js('src/games/ants/bots/example.ant') },
  },
};

/** Plays the page's match from the start at the last #speed choice; the milliseconds it took and the frames drawn. */
const playWhole = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const speed = document.getElementById('speed');
        speed.selectedIndex = speed.options.length - 1;
        const start = performance.now();
        let frames = 0;
        document.getElementById('play').click();
        const poll = () => {
          frames++;
          const b = document.body.dataset;
          if (b.playing === 'false' && b.step === b.steps) resolve({ ms: performance.now() - start, frames });
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }),
  );

export async function run(report) {
  if (!existsSync(CHROMIUM)) return console.log('  viewers: skipped (no chromium)');
  const server = await startServer({ env: { STORE: 'memory' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const [game, request] of Object.entries(MATCHES)) {
      const posted = await fetch(`${server.base}/v1/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      const record = await posted.json();
      if (posted.status !== 201) throw new Error(`${game}: ${JSON.stringify(record)}`);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(record.viewUrl);
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      const { ms, frames } = await playWhole(page);
      const steps = await page.evaluate(() => document.body.dataset.steps);
      report(
        `viewer: ${game}, whole match (${steps} steps) at the fastest speed, ${frames} frames`,
        ms,
        'ms',
        '< 15000 ms',
      );
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}
