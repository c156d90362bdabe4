import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page as blockDropViewerPage } from '../../../../src/games/blockdrop/viewer/page.js';
import { blockDropGame } from '../../../../src/games/blockdrop/game.js';
import { replayState } from '../../../../src/games/blockdrop/play.js';
import { blockDropReplay, type BlockDropReplay } from '../../../../src/games/blockdrop/replay.js';
import { runMatch } from '../../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../../src/sandbox/node-sources.js';
import { HAS_CHROMIUM, pageErrors, useBrowser, serveViewer, type ViewerServer } from '../../../support/browser.js';

// The block-drop viewer in real headless Chromium, on a match played here in
// Node and served with its page by a bare HTTP server (no API route yet).

/** Walks a square and attacks once around it, over its own turns, starting `shift` along. */
const cycler = (shift: number) => `
export default function act(input) {
  if (input.trim() === '') return 'READY';
  const mine = Math.floor(Number(input.split('\\n')[1]) / 4);
  return 'RRDDLLUUA'[(mine + ${shift}) % 9];
}`;

const SEED = 5;

describe.skipIf(!HAS_CHROMIUM)('the block-drop viewer in a browser', () => {
  let replay: BlockDropReplay;
  let server: ViewerServer;
  let base: string;
  const chromium = useBrowser();
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    const match = await runMatch({
      game: blockDropGame,
      options: { seed: SEED },
      seed: SEED,
      bots: [0, 1, 2, 3].map((k) => ({ kind: 'js' as const, code: cycler(k) })),
      load: nodeBotLoader,
    });
    replay = blockDropReplay(match, SEED, { names: ['a', 'b', 'c', 'd'] });
    server = await serveViewer(blockDropViewerPage, replay);
    base = server.base;
    page = await chromium.browser.newPage({ viewport: { width: 1100, height: 900 } });
    errors = pageErrors(page);
  }, 90_000);

  afterAll(async () => {
    await server?.close();
  });

  const shownTurn = async () => Number(await page.evaluate(() => document.body.dataset.turn));

  it('played a match where blocks dropped and players fell', () => {
    expect(replay.turns.some((t) => t.o === 'attacked')).toBe(true);
    expect(replay.turns.some((t) => t.d)).toBe(true);
    expect(replay.result.fellAt.filter((t) => t !== null).length).toBeGreaterThan(0);
    expect(replay.turns.length).toBeGreaterThan(41);
  });

  it('opens the turn the URL names, with that turn’s command', async () => {
    await page.goto(`${base}/view#t=40`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    expect(await shownTurn()).toBe(40);
    expect(await page.textContent('#turn')).toBe(`turn 40 / ${replay.turns.length}`);
    const current = await page.textContent('#moves tr.current');
    const t = replay.turns[40]!;
    expect(current).toContain(`${t.c} (`);
    expect(current).toContain(`${t.p} ${['a', 'b', 'c', 'd'][t.p]}`);
    expect(await page.textContent('#name-2')).toBe('c');
    expect(await page.textContent('#error')).toBe('');
  });

  it('steps with the keyboard and the address follows', async () => {
    await page.keyboard.press('ArrowRight');
    expect(await shownTurn()).toBe(41);
    expect(await page.evaluate(() => location.hash)).toBe('#t=41');
    await page.keyboard.press('Home');
    expect(await shownTurn()).toBe(0);
  });

  it('shows a fall only once its turn has passed', async () => {
    const k = replay.result.fellAt.findIndex((t) => t !== null);
    const fell = replay.result.fellAt[k]!;
    await page.evaluate((t) => (location.hash = `#t=${t}`), fell);
    await page.waitForFunction((t) => document.body.dataset.turn === String(t), fell);
    expect(await page.textContent(`#status-${k}`)).toBe('standing');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent(`#status-${k}`)).toBe(`fell at turn ${fell}`);
  });

  it('shows who fell and the result at the last turn', async () => {
    await page.keyboard.press('End');
    expect(await shownTurn()).toBe(replay.turns.length);
    const r = replay.result;
    expect(await page.textContent('#result')).toBe(r.winner === null ? 'draw' : `player ${r.winner} wins`);
    for (let k = 0; k < 4; k++) {
      const fell = r.fellAt[k];
      expect(await page.textContent(`#status-${k}`)).toBe(
        fell === null || fell === undefined ? 'standing' : `fell at turn ${fell}`,
      );
    }
    expect(await page.textContent('#error')).toBe('');
  });

  it('plays forward', async () => {
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.body.dataset.turn) >= 20);
    await page.keyboard.press(' ');
    expect(await shownTurn()).toBeGreaterThanOrEqual(20);
  });

  it('draws the board and logs no errors', async () => {
    // A turn with blocks both about to drop and dropped, for the screenshot.
    const busy = replay.turns.findIndex((_, t) => {
      const blocks = replayState(
        replay.initial,
        replay.turns.map((x) => x.c),
        t,
      ).blocks;
      return blocks.some((b) => b > 0) && blocks.some((b) => b < 0);
    });
    expect(busy).toBeGreaterThan(0);
    await page.evaluate((t) => (location.hash = `#t=${t}`), busy);
    await page.waitForFunction((t) => document.body.dataset.turn === String(t), busy);
    mkdirSync('test-output', { recursive: true });
    await page.screenshot({ path: 'test-output/blockdrop-viewer.png' });
    const colors = await page.evaluate(() => {
      const canvas = document.getElementById('board') as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4 * 7) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return seen.size;
    });
    expect(colors).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  });
});
