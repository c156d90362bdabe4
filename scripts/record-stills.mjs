// Records the stills of the games' viewers, the pictures the game pages and the home page show:
// src/games/<game>/stills/{start,play}.png and stills.json. A development script, run by hand (not by CI)
// after `npm run build`, with Node 24 and Debian's Chromium:
//
//   node scripts/record-stills.mjs            # every game with a viewer
//   node scripts/record-stills.mjs icy ants   # only these
//
// For each game it plays one real match on the server (`npm start`'s, in memory): two example bots (the
// "try it" form's first choice) on the default venue with the example seed, the match whose first input
// the game page prints. Then it opens the viewer at turn 0 (`start`) and at a moment mid-match (`play`)
// and saves the board alone, no controls. Re-run it whenever a viewer draws differently.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../bench/server.mjs';

const CHROMIUM = '/usr/bin/chromium';
/** The example seed: the one the game page's first input is made with (firstInput in src/web/game-info.ts). */
const SEED = 1;
/** The board is drawn this wide in CSS pixels (the viewport is a little wider, for the page's margins). */
const WIDTH = 640;
/** Over this, a still is taken again from a smaller viewport. */
const MAX_BYTES = 150_000;

/**
 * Per game: the turn of the `play` still (as a share of the match), and what each still shows, for its alt
 * text. The pictures do not describe themselves, so these are read off them: check them after re-recording.
 */
const PICTURES = {
  icy: {
    playAt: 0.5,
    start:
      'The Icy Projectile field at the start: an even field of snow with five trees in a cross around the middle, the four red children in the bottom-left corner and the four blue children in the top-right corner.',
    play: 'The Icy Projectile field mid-match: blue snowmen claim a wide light-blue domain over the top and right of the field, while children of both teams meet among dug-out grey squares near the middle trees.',
  },
  capture: {
    playAt: 0.5,
    start:
      'The Capture field at the start: 112 pucks on a checkerboard, grey except four red ones around the red sled on the left and four blue ones around the blue sled on the right, each sled between its two bumpers.',
    play: 'The Capture field mid-match: the red sled circles beside a group of red pucks on the left, the blue sled draws a long trail down the right, and the bumpers have pushed grey pucks out of their rows.',
  },
  blockdrop: {
    playAt: 0.5,
    start:
      'The Block drop board at the start: six by six blocks of three by three cells, with the four numbered players standing on it.',
    play: 'The Block drop board mid-match: columns of dropped blocks, dark and counting the turns until they return, and two of the four players still standing.',
  },
  ants: {
    playAt: 0.02,
    start:
      'The Ants world at the start: the red and the black anthill, two hexagons among grey rock walls, with small green heaps of food around them.',
    play: 'The Ants world early in the match: red ants fan out from their anthill, marking the ground in pink, while black ants crowd around theirs, some carrying food.',
  },
};

if (!existsSync('dist/functions/node.js')) {
  console.error('record-stills: run `npm run build` first (it plays matches on dist/functions/node.js)');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`record-stills: needs Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(1);
}

// The build's own modules: the games and the request the web pages make for a match of example bots.
await import('../dist/sandbox/language-catalog.js');
const { GAMES } = await import('../dist/games/catalog.js');
const { exampleBotsOf, matchRequest } = await import('../dist/web/game-info.js');
const { languageOfFile } = await import('../dist/core/bot-languages.js');
const { venueNoun } = await import('../dist/web/pages/game.js');

const asked = process.argv.slice(2);
const games = GAMES.filter((g) => g.viewer && (asked.length === 0 || asked.includes(g.id)));
for (const id of asked) if (!GAMES.some((g) => g.id === id)) throw new Error(`record-stills: no game '${id}'`);

const server = await startServer({ env: { STORE: 'memory', AUTH: '' } });
const base = server.base;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const game of games) await record(game);
} finally {
  await browser.close();
  server.stop();
}

async function record(game) {
  const bots = exampleBotsOf(game);
  const chosen = game.seats.map((_, k) => bots[k % bots.length]);
  const seats = chosen.map((bot) =>
    game.bots.form === 'text'
      ? { [game.bots.field]: bot.text, name: bot.name }
      : { [languageOfFile(bot.name, null).field]: bot.text, name: bot.name },
  );
  const request = matchRequest(game, seats, SEED);
  const answer = await fetch(`${base}/v1/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const match = await answer.json();
  if (!answer.ok) throw new Error(`${game.id}: the match was refused: ${JSON.stringify(match)}`);
  const venue = firstVenue(request);
  const noun = venueNoun(game);
  const pictures = PICTURES[game.id] ?? {
    playAt: 0.5,
    start: `${game.title} at the start.`,
    play: `${game.title} mid-match.`,
  };
  const dir = `src/games/${game.id}/stills`;
  mkdirSync(dir, { recursive: true });
  const stills = {};
  for (const [name, at] of [
    ['start', 0],
    ['play', pictures.playAt],
  ]) {
    const { turn, unit, bytes } = await shoot(match.id, at);

    writeFileSync(`${dir}/${name}.png`, bytes);
    const names = chosen.map((b) => b.name);
    const who = names.length === 2 ? names.join(' against ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    stills[name] = {
      alt: pictures[name],
      caption: `${unit[0].toUpperCase()}${unit.slice(1)} ${turn} of ${who}${venue && noun ? ` on the ${venue} ${noun}` : ''}, seed ${SEED}.`,
      seed: SEED,
      venue: venue || null,
      bots: chosen.map((b) => b.name),
      turn,
    };
    console.log(`${dir}/${name}.png: turn ${turn}, ${bytes.length} bytes`);
  }
  // Formatted as Biome formats JSON: short lists of names on one line.
  const json = JSON.stringify({ stills }, null, 2).replace(
    /\[\n\s+([^[\]{}]*?)\n\s+\]/g,
    (_, items) => `[${items.split(/,\n\s+/).join(', ')}]`,
  );
  writeFileSync(`${dir}/stills.json`, `${json}\n`);
}

/** The board of match `id` at the given share of its turns, as a PNG, from the viewer; smaller until it fits MAX_BYTES. */
async function shoot(id, share) {
  for (let scale = 1; ; scale *= 0.85) {
    const page = await browser.newPage({ viewport: { width: Math.round((WIDTH + 40) * scale), height: 1000 } });
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${base}/v1/matches/${id}/view?embed=1`);
      const scrub = page.locator('#scrub');
      await page.waitForFunction(() => Number(document.querySelector('#scrub')?.max) > 0);
      const last = Number(await scrub.getAttribute('max'));
      const turn = Math.round(last * share);
      // What a step is called in this viewer ('turn', 'round'): the scrubber's label.
      const unit = (await scrub.getAttribute('aria-label')) || 'turn';
      // Moved as a reader moves it: the scrubber's value, then its input event (every viewer listens to it).
      await page.evaluate((t) => {
        const input = document.querySelector('#scrub');
        input.value = String(t);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, turn);
      await page.waitForFunction((t) => Number(document.querySelector('#scrub')?.value) === t, turn, {
        timeout: 120_000,
      });
      await page.waitForTimeout(300);
      const bytes = await page.locator('canvas').first().screenshot({ type: 'png' });
      if (bytes.length <= MAX_BYTES || scale < 0.4) return { turn, unit, bytes };
    } finally {
      await page.close();
    }
  }
}

/** The venue a request names ('' for games without venues): its `map` or `world` field. */
function firstVenue(request) {
  const name = request.map ?? request.world;
  return typeof name === 'string' ? name : '';
}
