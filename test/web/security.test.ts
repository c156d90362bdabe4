import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/catalog.js';
import { startServer, type RunningServer } from '../api/server.js';
import { CHROMIUM, launchChromium } from '../browser.js';

// The keyless local server (`npm start` without AUTH) against pages of another site, in Chromium:
// a second tiny server on another port of 127.0.0.1 (the same site, another origin), also reached
// as attacker.test (another site), and rebind.test (a name an attacker points at 127.0.0.1).

describe.skipIf(!existsSync(CHROMIUM))('the keyless server against other sites, in a browser', () => {
  let umpire: RunningServer;
  let attacker: Server;
  let attackerPort = 0;
  let umpirePort = 0;
  let browser: Browser;

  beforeAll(async () => {
    umpire = await startServer(mkdtempSync(join(tmpdir(), 'umpire-csrf-')));
    umpirePort = Number(new URL(umpire.base).port);
    attacker = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const page = url.pathname === '/attack' ? attackPage(umpire.base) : url.pathname === '/frame' ? framePage(url.searchParams.get('src') ?? '') : null;
      if (page === null) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerPort = (attacker.address() as AddressInfo).port;
    browser = await launchChromium(['--host-resolver-rules=MAP attacker.test 127.0.0.1, MAP rebind.test 127.0.0.1']);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => attacker?.close(resolve));
    await umpire?.stop();
  });

  const api = async (path: string) => (await fetch(`${umpire.base}${path}`)).json();

  /** A page that records what its documents' policies refused and what the umpire server answered. */
  async function watchedPage() {
    const page = await browser.newPage();
    const console: string[] = [];
    const answers: { method: string; url: string; status: number }[] = [];
    page.on('console', (m) => console.push(m.text()));
    page.on('response', (r) => {
      if (r.url().startsWith(umpire.base)) answers.push({ method: r.request().method(), url: r.url(), status: r.status() });
    });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    return { page, console, answers, violations };
  }

  for (const origin of ['same-site: http://127.0.0.1', 'cross-site: http://attacker.test']) {
    it(`a page of another origin (${origin}) posts forms and no-cors fetches: nothing is made`, async () => {
      const { page, answers } = await watchedPage();
      await page.goto(`${origin.split(' ')[1]}:${attackerPort}/attack`);
      await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 15_000 });
      // The auto-submitted forms' answers, into their frames.
      await page.waitForTimeout(500);
      const posts = answers.filter((a) => a.method === 'POST');
      expect(posts.length).toBeGreaterThanOrEqual(5);
      for (const p of posts) expect(p.status, p.url).toBe(403);
      // Through the API: no board, no match.
      expect((await api('/v1/leaderboards')).items).toEqual([]);
      expect((await api('/v1/matches')).items).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it('a name rebound to 127.0.0.1 gets 421 for the page and for its writes', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`http://rebind.test:${umpirePort}/leaderboards/new`);
    expect(response?.status()).toBe(421);
    expect(await page.textContent('body')).toContain('HOST_NOT_ALLOWED');
    // The rebound page posts to "its own" origin: same-origin for the browser, refused by the host.
    const status = await page.evaluate(() => fetch('/ui/leaderboards', { method: 'POST', body: new URLSearchParams({ name: 'rebound', game: 'icy', public: 'on' }) }).then((r) => r.status));
    expect(status).toBe(421);
    expect((await api('/v1/leaderboards')).items).toEqual([]);
    await page.close();
  });

  it('sends the headers: every answer nosniff; pages a policy against framing; the embedded viewer framed by this origin only', async () => {
    for (const path of ['/', '/games/icy', '/upload', '/leaderboards/new', '/docs', '/leaderboards/lb_missing']) {
      const r = await fetch(`${umpire.base}${path}`);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      expect(r.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    const page = (await fetch(`${umpire.base}/`)).headers.get('content-security-policy')!;
    expect(page).toContain("script-src 'self';");
    expect(page).not.toContain('unsafe-inline');
    for (const path of ['/v1/games', '/healthz', '/assets/site.js', '/v1/nothing']) {
      expect((await fetch(`${umpire.base}${path}`)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('an umpire page framed by the other origin does not render', async () => {
    const { page, console } = await watchedPage();
    await page.goto(`http://127.0.0.1:${attackerPort}/frame?src=${encodeURIComponent(`${umpire.base}/leaderboards/new`)}`);
    await page.waitForFunction(() => document.title === 'framed');
    await page.waitForTimeout(500);
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    expect(frame.url()).not.toBe(`${umpire.base}/leaderboards/new`);
    expect(await frame.locator('form').count().catch(() => 0)).toBe(0);
    expect(console.some((m) => m.includes("frame-ancestors 'none'"))).toBe(true);
    await page.close();
  }, 30_000);

  it('each game’s viewer plays under its policy with nothing refused; embedded, only umpire may frame it', async () => {
    for (const game of GAMES) {
      const names = [...new Set(game.exampleBots.map((p) => p.slice(p.lastIndexOf('/') + 1)))];
      const seats = Object.fromEntries(game.seats.map((_, k) => [`seat${k}`, names[k % names.length]!]));
      const posted = await fetch(`${umpire.base}/ui/games/${game.id}/try`, { method: 'POST', body: new URLSearchParams(seats), redirect: 'manual' });
      expect(posted.status).toBe(303);
      const id = posted.headers.get('location')!.slice('/matches/'.length);
      const { page, violations, console } = await watchedPage();
      const view = await page.goto(`${umpire.base}/v1/matches/${id}/view`);
      expect(view?.headers()['content-security-policy']).toMatch(/script-src 'sha256-[^']+'; style-src 'sha256-/);
      await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 20_000 });
      expect(await violations(), game.id).toEqual([]);
      expect(console.filter((m) => /Refused|Content Security Policy/.test(m)), game.id).toEqual([]);
      // The match page frames the embedded viewer, which draws.
      await page.goto(`${umpire.base}/matches/${id}`);
      const frame = page.frameLocator('iframe.viewer');
      await frame.locator('body[data-ready="true"]').waitFor({ timeout: 20_000 });
      expect(await violations(), game.id).toEqual([]);
      // Another origin may not frame it.
      await page.goto(`http://127.0.0.1:${attackerPort}/frame?src=${encodeURIComponent(`${umpire.base}/v1/matches/${id}/view?embed=1`)}`);
      await page.waitForFunction(() => document.title === 'framed');
      await page.waitForTimeout(300);
      expect(await page.frames()[1]!.locator('canvas').count().catch(() => 0), game.id).toBe(0);
      expect(console.some((m) => m.includes("frame-ancestors 'self'")), game.id).toBe(true);
      await page.close();
    }
  }, 180_000);

  it('/docs runs Scalar’s script from its CDN and its start-up script by nonce, nothing else inline', async () => {
    const { page, violations } = await watchedPage();
    // No network here: the CDN's bundle is a stand-in that renders what it is given.
    await page.route('https://cdn.jsdelivr.net/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "window.Scalar = { createApiReference: (at, config) => { document.querySelector(at).textContent = 'reference of ' + config.url; } };",
      }),
    );
    const response = await page.goto(`${umpire.base}/docs`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'nonce-[A-Za-z0-9_-]{22}'/);
    await page.waitForFunction(() => document.querySelector('#app')?.textContent === 'reference of /openapi.json');
    // A script without the nonce (what an injection would be) does not run.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.append(s);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
    await page.close();
  });

  it('the same forms from umpire’s own page do make a board (so the checks above can see one)', async () => {
    const page = await browser.newPage();
    await page.goto(`${umpire.base}/leaderboards/new`);
    await page.getByLabel('Name').fill('Made here');
    await page.getByLabel('Game').selectOption('icy');
    await page.getByRole('checkbox', { name: 'List it on the home page' }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/leaderboards\/lb_[A-Za-z0-9_-]+$/, { timeout: 30_000 });
    expect((await api('/v1/leaderboards')).items.map((b: { name: string }) => b.name)).toEqual(['Made here']);
    await page.close();
  }, 60_000);
});

/** Auto-submitting forms into frames, and no-cors fetches, to the umpire server; the title says when all are sent. */
function attackPage(target: string): string {
  const json = JSON.stringify({ name: 'pwned by fetch', game: 'icy', public: true });
  return `<!doctype html><title>attacking</title>
<iframe name="a"></iframe><iframe name="b"></iframe><iframe name="c"></iframe>
<form id="board" target="a" method="post" action="${target}/ui/leaderboards">
  <input name="name" value="pwned by form"><input name="game" value="icy"><input name="public" value="on">
</form>
<form id="match" target="b" method="post" action="${target}/ui/games/icy/try">
  <input name="seat0" value="hunter.js"><input name="seat1" value="random.js"><input name="public" value="true">
</form>
<form id="json" target="c" method="post" enctype="text/plain" action="${target}/v1/leaderboards">
  <input name='{"name":"pwned by text/plain","game":"icy","public":true,"x":"' value='"}'>
</form>
<script>
  const loaded = [...document.querySelectorAll('iframe')].map((f) => new Promise((r) => f.addEventListener('load', r, { once: true })));
  for (const f of document.forms) f.submit();
  const sent = [
    fetch('${target}/v1/leaderboards', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(json)} }),
    fetch('${target}/ui/games/icy/try', { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ seat0: 'hunter.js', seat1: 'random.js', public: 'true' }) }),
  ].map((p) => p.catch(() => null));
  Promise.all([...loaded, ...sent]).then(() => (document.title = 'done'));
</script>`;
}

/** A page framing `src`; the title says when the frame has loaded (or failed to). */
function framePage(src: string): string {
  return `<!doctype html><title>framing</title>
<iframe id="f" width="800" height="600"></iframe>
<script>
  const f = document.getElementById('f');
  f.addEventListener('load', () => (document.title = 'framed'), { once: true });
  f.src = ${JSON.stringify(src)};
</script>`;
}
