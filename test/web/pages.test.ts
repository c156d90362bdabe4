import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/catalog.js';
import { DEFAULT_MAP, DEFAULT_RULES, RED, encodeView, initialState, ruleSet } from '../../src/games/icy/index.js';
import { useServer } from '../support/server.js';

// The pages without a browser and without script, on the `npm start` server (no AUTH: the local owner):
// every form works as a plain form post, every text is escaped, every game's page and try-it form work.

const server = useServer();
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('the web pages, without script', () => {
  for (const game of GAMES) {
    it(`${game.id}: the game page offers its example bots, and "try it" plays two of them and shows the match`, async () => {
      const page = await (await fetch(`${server.base}/games/${game.id}`)).text();
      expect(page).toContain(`<h1>${game.title}</h1>`);
      const names = [...new Set(game.exampleBots.map((p) => p.slice(p.lastIndexOf('/') + 1)))];
      for (const name of names) {
        const bot = await fetch(`${server.base}/games/${game.id}/bots/${name}`);
        expect(bot.status).toBe(200);
        expect(await bot.text()).toBe(readFileSync(`src/games/${game.id}/bots/${name}`, 'utf8'));
      }
      const seats = Object.fromEntries(game.seats.map((_, k) => [`seat${k}`, names[k % names.length]!]));
      const posted = await fetch(`${server.base}/ui/games/${game.id}/try`, {
        method: 'POST',
        body: form({ ...seats, public: 'true' }),
        redirect: 'manual',
      });
      expect(posted.status).toBe(303);
      const location = posted.headers.get('location')!;
      expect(location).toMatch(/^\/matches\/[A-Za-z0-9_-]{22}$/);
      const match = await (await fetch(`${server.base}${location}`)).text();
      expect(match).toMatch(/<h2 id="result-title">Result: (won by|draw)/);
      expect(match).toContain(`src="/v1/matches/${location.slice('/matches/'.length)}/view?embed=1"`);
      // Listed, as the form asked: the home page links it.
      expect(await (await fetch(`${server.base}/`)).text()).toContain(`href="${location}"`);
    }, 60_000);
  }

  it('shows the engine’s exact first input on a sandboxed game’s page', async () => {
    const page = await (await fetch(`${server.base}/games/icy`)).text();
    const input = /<h2 id="protocol">[\s\S]*?<pre><code>([\s\S]*?)<\/code><\/pre>/.exec(page)![1]!;
    expect(input).toBe(encodeView(initialState(DEFAULT_MAP), RED, ruleSet(DEFAULT_RULES)));
  });

  it('escapes what users send: a bot named like markup is text on its page', async () => {
    const upload = new FormData();
    upload.set('bot', new File([readFileSync('src/games/icy/bots/idle.js')], '<img src=x onerror=alert(1)>.js'));
    upload.set('game', 'icy');
    const posted = await fetch(`${server.base}/ui/bots`, { method: 'POST', body: upload, redirect: 'manual' });
    expect(posted.status).toBe(303);
    const page = await (await fetch(`${server.base}${posted.headers.get('location')}`)).text();
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;.js');
  }, 60_000);

  it('answers a refused form with an error page (no script) or the error as JSON (script)', async () => {
    const plain = await fetch(`${server.base}/ui/games/icy/try`, {
      method: 'POST',
      body: form({ seat0: 'nope.js', seat1: 'random.js' }),
      redirect: 'manual',
    });
    expect(plain.status).toBe(400);
    expect(plain.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await plain.text()).toContain('Icy Projectile has no example bot &#39;nope.js&#39;');
    const scripted = await fetch(`${server.base}/ui/leaderboards/lb_missing/rounds`, {
      method: 'POST',
      body: form({}),
      headers: { Accept: 'application/json' },
    });
    expect(scripted.status).toBe(404);
    expect((await scripted.json()).error.code).toBe('NOT_FOUND');
  });

  it('answers pages of things that do not exist with 404 pages', async () => {
    for (const path of [
      '/games/chess',
      '/matches/AAAAAAAAAAAAAAAAAAAAAA',
      '/leaderboards/lb_nothing',
      '/games/icy/bots/../../package.json',
    ]) {
      const r = await fetch(`${server.base}${path}`);
      expect(r.status, path).toBe(404);
    }
  });
});
