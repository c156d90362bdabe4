import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page as captureViewerPage } from '../../../../src/games/capture/viewer/page.js';
import { BLUE, initialState, playTurn, RED, type CaptureState } from '../../../../src/games/capture/index.js';
import { fromNumbers, type CaptureReplay } from '../../../../src/games/capture/replay.js';
import { nodeBotLoader } from '../../../../src/sandbox/node-sources.js';
import { inProcessRunner } from '../../../../src/match/in-process-runner.js';
import type { Bundle } from '../../../../src/core/bots.js';
import { playCapture } from '../play.js';
import { HAS_CHROMIUM, pageErrors, useBrowser, serveViewer, type ViewerServer } from '../../../support/browser.js';

const runner = inProcessRunner(nodeBotLoader);

// The Capture viewer in real headless Chromium, on a match played here in
// Node and served with its page by a bare HTTP server (no API route yet).

const bot = (name: string): Bundle => ({
  kind: 'js',
  code: readFileSync(`src/games/capture/bots/${name}.js`, 'utf8'),
  name,
});

/** The state after `turns` turns, replayed in Node. */
function replayed(replay: CaptureReplay, turns: number): CaptureState {
  let state = initialState();
  for (const t of replay.turns.slice(0, turns))
    state = playTurn(state, [fromNumbers(t.m[0]), fromNumbers(t.m[1])]).state;
  return state;
}

describe.skipIf(!HAS_CHROMIUM)('the Capture viewer in a browser', () => {
  let replay: CaptureReplay;
  let server: ViewerServer;
  let base: string;
  const chromium = useBrowser();
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    ({ replay } = await playCapture({ bots: [bot('gatherer'), bot('loopy')], seed: 2, runner }));
    server = await serveViewer(captureViewerPage, replay);
    base = server.base;
    page = await chromium.browser.newPage({ viewport: { width: 1100, height: 900 } });
    errors = pageErrors(page);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const shownTurn = async () => Number(await page.evaluate(() => document.body.dataset.turn));

  it('played a whole match with captures', () => {
    expect(replay.turns.length).toBe(900);
    expect(replay.turns.some((t) => t.c?.some((c) => c.p.length > 0))).toBe(true);
  });

  it('opens the turn the URL names, with the puck counts after it', async () => {
    await page.goto(`${base}/view#t=300`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    expect(await shownTurn()).toBe(300);
    expect(await page.textContent('#turn')).toBe('turn 300 / 900');
    const state = replayed(replay, 300);
    expect(await page.textContent('#score-red')).toBe(String(state.pucks.filter((p) => p.color === RED).length));
    expect(await page.textContent('#score-blue')).toBe(String(state.pucks.filter((p) => p.color === BLUE).length));
    expect(await page.textContent('#name-red')).toBe('gatherer');
    expect(await page.textContent('#name-blue')).toBe('loopy');
    expect(await page.textContent('#moves')).toContain('turn');
    expect(await page.textContent('#error')).toBe('');
  });

  it('steps with the keyboard and the address follows', async () => {
    await page.keyboard.press('ArrowRight');
    expect(await shownTurn()).toBe(301);
    expect(await page.evaluate(() => location.hash)).toBe('#t=301');
  });

  it('shows the result at the last turn', async () => {
    await page.keyboard.press('End');
    expect(await shownTurn()).toBe(900);
    const r = replay.result;
    expect(await page.textContent('#result')).toBe(r.winner === 'draw' ? 'draw' : `${r.winner} wins (${r.decidedBy})`);
    expect(await page.textContent('#score-red')).toBe(String(r.scores.red));
    expect(await page.textContent('#score-blue')).toBe(String(r.scores.blue));
    expect(await page.textContent('#error')).toBe('');
  });

  it('plays forward', async () => {
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.body.dataset.turn) >= 10);
    await page.keyboard.press(' ');
    expect(await shownTurn()).toBeGreaterThanOrEqual(10);
  });

  it('draws the field and logs no errors', async () => {
    // A turn where a loop closes around pucks, for the screenshot.
    const busy = replay.turns.findIndex((t, k) => k > 100 && t.c?.some((c) => c.p.length > 2));
    expect(busy).toBeGreaterThan(0);
    await page.evaluate((t) => (location.hash = `#t=${t}`), busy);
    await page.waitForFunction((t) => document.body.dataset.turn === String(t), busy);
    expect(await page.textContent('#moves')).toContain('loop closes');
    mkdirSync('test-output', { recursive: true });
    await page.screenshot({ path: 'test-output/capture-viewer.png' });
    const colors = await page.evaluate(() => {
      const canvas = document.getElementById('field') as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4 * 7) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return seen.size;
    });
    expect(colors).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  });
});
