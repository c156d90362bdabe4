import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { HAS_CHROMIUM, pageErrors, useBrowser } from '../../../support/browser.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createState, parseBrain, parseWorld, playRounds, type Brain } from '../../../../src/games/ants/index.js';
import { useServer } from '../../../support/server.js';

// The ants viewer in real headless Chromium, on a match played through the API.

const HOMING = readFileSync('src/games/ants/bots/homing.ant', 'utf8');
const EXAMPLE = readFileSync('src/games/ants/bots/example.ant', 'utf8');
const ROUNDS = 20_000;
const SEED = 4;

/** The food on each anthill at `round`, simulated here in Node from scratch. */
function foodAt(round: number): [number, number] {
  const world = parseWorld(readFileSync('src/games/ants/maps/sample1.world', 'utf8'));
  const red = parseBrain(HOMING);
  const black = parseBrain(EXAMPLE);
  if (!world.ok || !red.ok || !black.ok) throw new Error('fixtures do not parse');
  const s = createState(world.value, [red.value, black.value] as [Brain, Brain], SEED, ROUNDS);
  playRounds(s, round);
  return [s.hillFood[0]!, s.hillFood[1]!];
}

describe.skipIf(!HAS_CHROMIUM)('the ants viewer in a browser', () => {
  const server = useServer();
  const chromium = useBrowser();
  let page: Page;
  let record: Record<string, any>;
  let errors: string[] = [];

  beforeAll(async () => {
    const posted = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'ants',
        world: 'sample1',
        seed: SEED,
        rounds: ROUNDS,
        red: { name: 'homing', brain: HOMING },
        black: { name: 'example', brain: EXAMPLE },
      }),
    });
    record = await posted.json();
    page = await chromium.browser.newPage({ viewport: { width: 1000, height: 1000 } });
    errors = pageErrors(page);
  }, 90_000);

  const shown = async () => ({
    round: Number(await page.evaluate(() => document.body.dataset.round)),
    red: Number(await page.textContent('#score-red')),
    black: Number(await page.textContent('#score-black')),
  });

  it('opens the round the URL names, re-simulated in the browser', async () => {
    await page.goto(`${record.viewUrl}#r=12345`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const [red, black] = foodAt(12345);
    expect(await shown()).toEqual({ round: 12345, red, black });
    expect(await page.textContent('#name-red')).toBe('homing');
  }, 30_000);

  it('seeks back and forth with the keyboard', async () => {
    await page.keyboard.press('ArrowLeft');
    const [red, black] = foodAt(12344);
    expect(await shown()).toEqual({ round: 12344, red, black });
    await page.keyboard.press('Home');
    expect(await shown()).toEqual({ round: 0, red: 0, black: 0 });
    expect(await page.evaluate(() => location.hash)).toBe('#r=0');
  });

  it('shows the record’s result at the last round', async () => {
    await page.keyboard.press('End');
    expect(await shown()).toEqual({ round: ROUNDS, red: record.scores.red.food, black: record.scores.black.food });
    const winner = record.winner === 'draw' ? 'draw (food)' : `${record.winner} wins (food)`;
    expect(await page.textContent('#result')).toBe(winner);
  });

  it('plays forward', async () => {
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.body.dataset.round) >= 200);
    await page.keyboard.press(' ');
    expect((await shown()).round).toBeGreaterThanOrEqual(200);
  });

  it('draws the world and logs no errors', async () => {
    mkdirSync('test-output', { recursive: true });
    await page.locator('#world').screenshot({ path: 'test-output/ants-viewer.png' });
    const colors = await page.evaluate(() => {
      const canvas = document.getElementById('world') as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return seen.size;
    });
    expect(colors).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  });
});
