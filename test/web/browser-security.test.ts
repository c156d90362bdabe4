import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALAR_BUNDLE, START_PATH } from '../../src/api/docs-assets.js';
import { GAMES } from '../../src/games/catalog.js';
import { useServer } from '../support/server.js';
import { HAS_CHROMIUM, servePages, useBrowser, type PageServer } from '../support/browser.js';

// The keyless local server (`npm start` as it comes: no AUTH, every write accepted as the local
// owner, so a forged write would be the owner's) on 127.0.0.1, in Chromium, against pages of other
// origins: 127.0.0.2 (another site, Sec-Fetch-Site: cross-site), another port of 127.0.0.1 (the
// same site, another origin) and rebind.test (a name pointed at 127.0.0.1, as DNS rebinding would).
// What each attack would have made is looked for through the API afterwards.

describe.skipIf(!HAS_CHROMIUM)('the keyless server against other sites, in a browser', () => {
  const umpire = useServer();
  let crossSite: PageServer;
  let sameSite: PageServer;
  const chromium = useBrowser(['--host-resolver-rules=MAP rebind.test 127.0.0.1']);
  /** Made by the owner (through the API, as a client that is no browser): what the attacks aim at. */
  let board = '';
  let bot = '';
  let match = '';

  const api = async (path: string) => {
    const r = await fetch(`${umpire.base}${path}`);
    expect(r.status, path).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    board = (
      await (
        await fetch(`${umpire.base}/v1/leaderboards`, json({ name: 'Owner board', game: 'icy', public: true }))
      ).json()
    ).id;
    const upload = new FormData();
    upload.set('game', 'icy');
    upload.set('bot', new File([readFileSync('src/games/icy/bots/random.js')], 'random.js'));
    bot = (await (await fetch(`${umpire.base}/v1/bots`, { method: 'POST', body: upload })).json()).id;
    const tried = await fetch(`${umpire.base}/ui/games/icy/try`, {
      method: 'POST',
      body: new URLSearchParams({ seat0: 'hunter.js', seat1: 'random.js', public: 'true' }),
      redirect: 'manual',
    });
    expect(tried.status).toBe(303);
    match = tried.headers.get('location')!.slice('/matches/'.length);
    expect([board, bot, match].every((id) => id.length > 0)).toBe(true);

    const pages = (url: URL) =>
      url.pathname === '/attack'
        ? attackPage(umpire.base, { board, bot })
        : url.pathname === '/frame'
          ? framePage(url.searchParams.get('src') ?? '')
          : null;
    crossSite = await servePages('127.0.0.2', pages);
    sameSite = await servePages('127.0.0.1', pages);
  }, 90_000);

  afterAll(async () => {
    await crossSite?.close();
    await sameSite?.close();
  });

  /** What the owner has, as the API shows it: listed boards and matches, bots, and the owner's board. */
  async function ownerState() {
    const owned = await api(`/v1/leaderboards/${board}`);
    return {
      boards: (await api('/v1/leaderboards?limit=100')).items.map((b: { id: string }) => b.id),
      matches: (await api('/v1/matches?limit=100')).items.map((m: { id: string }) => m.id),
      bots: (await api('/v1/bots?limit=100')).items.map((b: { id: string }) => b.id),
      publicBots: (await api('/v1/bots?scope=public&limit=100')).items.length,
      entries: owned.table.length,
      latestRound: owned.latestRound,
      hooks: (await api(`/v1/leaderboards/${board}/webhooks`)).webhooks.length,
    };
  }

  /** A page that records what the server answered, what its documents' policies refused, and what its console said. */
  async function watchedPage(into: { newPage(): Promise<Page> } = chromium.browser) {
    const page = await into.newPage();
    const console: string[] = [];
    const answers: { method: string; url: string; status: number }[] = [];
    page.on('console', (m) => console.push(m.text()));
    page.on('response', (r) => {
      if (r.url().startsWith(umpire.base))
        answers.push({ method: r.request().method(), url: r.url(), status: r.status() });
    });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    return { page, console, answers, violations };
  }

  for (const [what, attacker, fetchSite] of [
    ['another site (127.0.0.2)', () => crossSite, 'cross-site'],
    ['the same site, another port', () => sameSite, 'same-site'],
  ] as const) {
    it(`${what}: its auto-submitted forms and no-cors fetches change nothing`, async () => {
      const before = await ownerState();
      const { page, answers } = await watchedPage();
      await page.goto(`${attacker().origin}/attack`);
      await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 20_000 });
      await page.waitForTimeout(300);
      // Every form and fetch reached the server and was refused.
      const posts = answers.filter((a) => a.method === 'POST');
      expect(posts.length).toBe(ATTACKS);
      for (const p of posts) expect(p.status, p.url).toBe(403);
      // The board's form once more, in the page itself (a refusal in a frame is not shown: no site may
      // frame it): the refusal names what the browser said of the page's site.
      await Promise.all([
        page.waitForURL(`${umpire.base}/ui/leaderboards`),
        page.evaluate(() => Object.assign(document.forms[0]!, { target: '_self' }).submit()),
      ]);
      const refusal = await page.textContent('body');
      expect(refusal).toContain('CROSS_SITE_REQUEST');
      expect(refusal).toContain(`Sec-Fetch-Site: ${fetchSite}`);
      // Through the API: no board, bot, match, entry, round or webhook was made.
      expect(await ownerState()).toEqual(before);
      await page.close();
    }, 60_000);
  }

  it('a name rebound to 127.0.0.1 gets 421 for the page and for its writes', async () => {
    const before = await ownerState();
    const page = await chromium.browser.newPage();
    const response = await page.goto(`http://rebind.test:${new URL(umpire.base).port}/leaderboards/new`);
    expect(response?.status()).toBe(421);
    expect(await page.textContent('body')).toContain('HOST_NOT_ALLOWED');
    // The rebound page posts to "its own" origin: same-origin for the browser, refused by the host.
    const status = await page.evaluate(() =>
      fetch('/ui/leaderboards', {
        method: 'POST',
        body: new URLSearchParams({ name: 'rebound', game: 'icy', public: 'on' }),
      }).then((r) => r.status),
    );
    expect(status).toBe(421);
    expect(await ownerState()).toEqual(before);
    await page.close();
  });

  it('sends the headers: a policy on every answer, against framing on every page, nosniff', async () => {
    const pages = [
      '/',
      '/games/icy',
      '/upload',
      '/leaderboards/new',
      `/leaderboards/${board}`,
      `/bots/${bot}`,
      `/matches/${match}`,
      '/docs',
      '/leaderboards/lb_missing',
      `/v1/matches/${match}/view`,
    ];
    for (const path of pages) {
      const r = await fetch(`${umpire.base}${path}`);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      const policy = r.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("base-uri 'none'");
      expect(policy, path).not.toMatch(/unsafe-eval|https?:/);
    }
    // The site's pages run their one script, from this origin, and nothing inline.
    const page = (await fetch(`${umpire.base}/`)).headers.get('content-security-policy')!;
    expect(page).toContain("script-src 'self';");
    expect(page).not.toContain('unsafe-inline');
    // The embedded viewer: framed by this origin only.
    const embedded = await fetch(`${umpire.base}/v1/matches/${match}/view?embed=1`);
    expect(embedded.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(embedded.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // What is no page runs nothing, wherever a browser opens it.
    for (const path of [
      '/v1/games',
      '/healthz',
      '/openapi.json',
      '/assets/site.js',
      START_PATH,
      SCALAR_BUNDLE.path,
      '/v1/nothing',
      `/v1/matches/${match}/replay`,
    ]) {
      const r = await fetch(`${umpire.base}${path}`);
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('another site that frames an owner page gets a blocked frame', async () => {
    const { page, console } = await watchedPage();
    for (const path of [
      '/leaderboards/new',
      '/upload',
      `/leaderboards/${board}`,
      `/bots/${bot}`,
      `/matches/${match}`,
      '/docs',
      `/v1/matches/${match}/view`,
    ]) {
      await page.goto(`${crossSite.origin}/frame?src=${encodeURIComponent(`${umpire.base}${path}`)}`);
      await page.waitForFunction(() => document.title === 'framed', undefined, { timeout: 15_000 });
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      // Blocked: the frame holds the browser's error page, not the umpire page.
      expect(frame.url(), path).not.toContain(umpire.base);
      expect(
        await frame
          .locator('form, canvas, #app, main')
          .count()
          .catch(() => 0),
        path,
      ).toBe(0);
    }
    expect(console.filter((m) => m.includes("frame-ancestors 'none'")).length).toBeGreaterThanOrEqual(7);
    await page.close();
  }, 60_000);

  it('the embedded viewer is framed by the match page, and by no other site', async () => {
    const { page, console, violations } = await watchedPage();
    await page.goto(`${umpire.base}/matches/${match}`);
    await page.frameLocator('iframe.viewer').locator('body[data-ready="true"]').waitFor({ timeout: 20_000 });
    expect(await violations()).toEqual([]);
    await page.goto(
      `${crossSite.origin}/frame?src=${encodeURIComponent(`${umpire.base}/v1/matches/${match}/view?embed=1`)}`,
    );
    await page.waitForFunction(() => document.title === 'framed');
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    expect(frame.url()).not.toContain(umpire.base);
    expect(
      await frame
        .locator('canvas')
        .count()
        .catch(() => 0),
    ).toBe(0);
    expect(console.some((m) => m.includes("frame-ancestors 'self'"))).toBe(true);
    await page.close();
  }, 60_000);

  it('each game’s viewer plays under its policy with nothing refused', async () => {
    for (const game of GAMES) {
      const names = [...new Set(game.exampleBots.map((p) => p.slice(p.lastIndexOf('/') + 1)))];
      const seats = Object.fromEntries(game.seats.map((_, k) => [`seat${k}`, names[k % names.length]!]));
      const posted = await fetch(`${umpire.base}/ui/games/${game.id}/try`, {
        method: 'POST',
        body: new URLSearchParams(seats),
        redirect: 'manual',
      });
      expect(posted.status).toBe(303);
      const id = posted.headers.get('location')!.slice('/matches/'.length);
      const { page, violations, console } = await watchedPage();
      const view = await page.goto(`${umpire.base}/v1/matches/${id}/view`);
      expect(view?.headers()['content-security-policy']).toMatch(/script-src 'sha256-[^']+'; style-src 'sha256-/);
      await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 20_000 });
      expect(await violations(), game.id).toEqual([]);
      expect(
        console.filter((m) => /Refused|Content Security Policy/.test(m)),
        game.id,
      ).toEqual([]);
      await page.close();
    }
  }, 180_000);

  it('/docs renders the API reference with no network but this origin, and nothing leaves it', async () => {
    const context = await chromium.browser.newContext();
    // Every request to anything but the umpire server fails, as it would offline; each is recorded.
    const elsewhere: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${umpire.base}/`)) return route.continue();
      elsewhere.push(url);
      return route.abort('internetdisconnected');
    });
    const requested: string[] = [];
    const errors: string[] = [];
    const { page, console, violations } = await watchedPage(context);
    page.on('request', (r) => requested.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto(`${umpire.base}/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");

    // Every operation of the API, tag by tag, is in the reference's sidebar.
    const doc = await api('/openapi.json');
    const operations = Object.values(
      doc.paths as Record<string, Record<string, { tags?: string[]; summary: string }>>,
    ).flatMap((o) => Object.values(o));
    const sidebar = page.locator('aside').first();
    const tags = doc.tags as { name: string }[];
    const summariesOf = (tag: string) => operations.filter((op) => op.tags?.includes(tag)).map((op) => op.summary);
    // The first tag is open to begin with.
    await sidebar.getByText(summariesOf(tags[0]!.name)[0]!, { exact: true }).first().waitFor({ timeout: 30_000 });
    for (const tag of tags) {
      const summaries = summariesOf(tag.name);
      expect(summaries.length, tag.name).toBeGreaterThan(0);
      if (!(await sidebar.getByText(summaries[0]!, { exact: true }).first().isVisible()))
        await sidebar.getByText(tag.name, { exact: true }).click();
      for (const summary of summaries)
        await sidebar.getByText(summary, { exact: true }).first().waitFor({ timeout: 5_000 });
    }
    // An operation opens: its method, path and request body are shown.
    await sidebar.getByText('Play a match and store it', { exact: true }).first().click();
    await page.getByText('/v1/matches', { exact: true }).first().waitFor({ timeout: 10_000 });

    // Nothing was asked of another origin, and the page asked this one for its own files only.
    expect(elsewhere).toEqual([]);
    expect(requested.every((url) => url.startsWith(`${umpire.base}/`))).toBe(true);
    expect(new Set(requested.map((url) => new URL(url).pathname))).toEqual(
      new Set(['/docs', SCALAR_BUNDLE.path, START_PATH, '/openapi.json']),
    );
    expect(errors).toEqual([]);
    // The one refusal: the bundle's zod tries `Function('')` once to see whether it may compile its parsers (it parses without).
    expect(await violations()).toEqual(['script-src eval']);
    expect(console.filter((m) => /Content Security Policy|Refused/.test(m) && !m.includes("'unsafe-eval'"))).toEqual(
      [],
    );
    // A script without the page's say (what an injection would be) does not run.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.append(s);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await context.close();
  }, 90_000);

  it('the same forms from umpire’s own page do make a board (so the checks above can see one)', async () => {
    const before = await ownerState();
    const page = await chromium.browser.newPage();
    await page.goto(`${umpire.base}/leaderboards/new`);
    await page.getByLabel('Name').fill('Made here');
    await page.getByLabel('Game').selectOption('icy');
    await page.getByRole('checkbox', { name: 'List it on the home page' }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/leaderboards\/lb_[A-Za-z0-9_-]+$/, { timeout: 30_000 });
    const after = await ownerState();
    expect(after.boards.length).toBe(before.boards.length + 1);
    await page.close();
  }, 60_000);
});

/** How many POSTs the attack page sends: its forms and its fetches. */
const ATTACKS = 12;

/**
 * Forms submitted by script, each into a frame of its own, and no-cors fetches: each a write the
 * owner could make, aimed at the umpire server. The title says when every one has been answered.
 */
function attackPage(target: string, ids: { board: string; bot: string }): string {
  const code = readFileSync('src/games/icy/bots/random.js', 'utf8');
  const text = (body: unknown) => JSON.stringify(JSON.stringify(body));
  const forms = [
    // Make a board; upload a bot (its file set by script); play a match; challenge the owner's bot with it.
    `<form target="f0" method="post" action="${target}/ui/leaderboards"><input name="name" value="forged board"><input name="game" value="icy"><input name="public" value="on"></form>`,
    `<form target="f1" method="post" enctype="multipart/form-data" action="${target}/ui/bots"><input type="file" name="bot" id="file"><input name="game" value="icy"><input name="public" value="true"></form>`,
    `<form target="f2" method="post" action="${target}/ui/games/icy/try"><input name="seat0" value="hunter.js"><input name="seat1" value="random.js"><input name="public" value="true"></form>`,
    `<form target="f3" method="post" action="${target}/ui/bots/${ids.bot}/challenge"><input name="opponent" value="example:icy:random.js"><input name="public" value="true"></form>`,
    // Enter the owner's bot on the owner's board; start a round of it.
    `<form target="f4" method="post" action="${target}/ui/leaderboards/${ids.board}/entries"><input name="bot" value="${ids.bot}"></form>`,
    `<form target="f5" method="post" action="${target}/ui/leaderboards/${ids.board}/rounds"></form>`,
    // JSON smuggled in a text/plain form: {"name":...,"x":"="}.
    `<form target="f6" method="post" enctype="text/plain" action="${target}/v1/leaderboards"><input name='{"name":"forged by text/plain","game":"icy","public":true,"x":"' value='"}'></form>`,
  ];
  return `<!doctype html><title>attacking</title>
${forms.map((_, k) => `<iframe name="f${k}"></iframe>`).join('')}
${forms.join('\n')}
<script>
  const files = new DataTransfer();
  files.items.add(new File([${JSON.stringify(code)}], 'forged.js', { type: 'text/javascript' }));
  document.getElementById('file').files = files.files;
  const loaded = [...document.querySelectorAll('iframe')].map((f) => new Promise((r) => f.addEventListener('load', r, { once: true })));
  for (const f of document.forms) f.submit();
  const upload = new FormData();
  upload.set('game', 'icy');
  upload.set('public', 'true');
  upload.set('bot', new File([${JSON.stringify(code)}], 'fetched.js'));
  const post = (path, body, type) => fetch('${target}' + path, { method: 'POST', mode: 'no-cors', ...(type ? { headers: { 'content-type': type } } : {}), body }).catch(() => null);
  const sent = [
    post('/v1/leaderboards', ${text({ name: 'forged by fetch', game: 'icy', public: true })}, 'text/plain'),
    post('/v1/matches', ${text({ game: 'icy', red: { js: code }, blue: { js: code }, public: true })}, 'text/plain'),
    post('/v1/bots', upload),
    post('/v1/leaderboards/${ids.board}/entries', ${text({ bot: ids.bot })}, 'text/plain'),
    post('/v1/leaderboards/${ids.board}/webhooks', ${text({ url: 'http://127.0.0.2:9/hook' })}, 'text/plain'),
  ];
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
