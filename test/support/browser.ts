import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's chromium, driven by playwright-core; the browser suites skip without it. */
export const CHROMIUM = '/usr/bin/chromium';
/** Whether this machine has it: `describe.skipIf(!HAS_CHROMIUM)`. */
export const HAS_CHROMIUM = existsSync(CHROMIUM);

/**
 * Whether the page tests save their screenshots in test-output/ (`npm run screenshots` sets it):
 * they are for people to look at, and a full-page shot of every page in two widths and two schemes
 * costs the suite more than all its checks; the checks run either way.
 */
export const SAVE_SCREENSHOTS = process.env.UMPIRE_SCREENSHOTS === '1';

/** Saves a screenshot of `target` when SAVE_SCREENSHOTS is set; otherwise does nothing. */
export async function saveScreenshot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean; quality?: number },
): Promise<void> {
  if (SAVE_SCREENSHOTS) await target.screenshot(options);
}

/** `extraArgs`: more Chromium switches (e.g. --host-resolver-rules, to point made-up names at 127.0.0.1). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * Chromium for the suite (file or describe) it is called in: launched before its tests (with
 * `extraArgs`, as launchChromium), closed after them. `.browser` is the running one.
 */
export function useBrowser(extraArgs: readonly string[] = []): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => void (browser = await launchChromium(extraArgs)), 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not launched');
      return browser;
    },
  };
}

/** What `page` throws and logs as a console error from now on (except messages `ignore` matches), for a test to expect none. */
export function pageErrors(page: Page, ignore?: RegExp): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && !ignore?.test(m.text()) && errors.push(m.text()));
  return errors;
}

export interface ViewerServer {
  /** The page is at `${base}/view`, the replay at `${base}/replay.json`. */
  readonly base: string;
  close(): Promise<void>;
}

/** Serves a viewer page (built for replayUrl '/replay.json') and its replay on 127.0.0.1, without the API. */
export async function serveViewer(
  page: (options: { id: string; replayUrl: string; embed: boolean }) => string,
  replay: unknown,
): Promise<ViewerServer> {
  const server = createServer((req, res) => {
    if (req.url === '/replay.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(replay));
    else if (req.url === '/view')
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(page({ id: 'x', replayUrl: '/replay.json', embed: false }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PageServer {
  /** `http://<host>:<port>`, the origin of the pages. */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Serves the HTML pages `page` makes (null: 404) on a loopback address of its own, such as
 * 127.0.0.2: another site than 127.0.0.1 for a browser (a site is the scheme and host, and an IP
 * address is a host of its own), where another port of 127.0.0.1 would be the same site.
 */
export async function servePages(host: string, page: (url: URL) => string | null): Promise<PageServer> {
  const server = createServer((req, res) => {
    const html = page(new URL(req.url ?? '/', `http://${host}`));
    if (html === null) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
