import { describe, expect, it } from 'vitest';
import { createApp, type AppConfig } from '../../src/api/app.js';
import { hostOfHeader, nodeListenFromEnv, platformSiteFromEnv } from '../../src/api/site.js';

// The site settings and the cross-site checks of the keyless app, in process (the same on
// `npm start`: site.test.ts).

describe('start-up settings, as read', () => {
  it('reads HOST, PORT, PUBLIC_URL and ALLOWED_HOSTS', () => {
    const local = nodeListenFromEnv({});
    expect(local).toEqual({
      ok: true,
      value: {
        host: '127.0.0.1',
        port: 8787,
        listening: 'http://127.0.0.1:8787',
        site: { origin: 'http://127.0.0.1:8787', hosts: ['127.0.0.1', 'localhost', '[::1]'] },
      },
    });
    const v6 = nodeListenFromEnv({ HOST: '::1', PORT: '9000' });
    expect(v6.ok && v6.value.site.origin).toBe('http://[::1]:9000');
    const pub = nodeListenFromEnv({
      HOST: '0.0.0.0',
      AUTH: 'required',
      PUBLIC_URL: 'https://Umpire.Example.com',
      ALLOWED_HOSTS: 'a.example, b.example',
    });
    expect(pub.ok && pub.value.site).toEqual({
      origin: 'https://umpire.example.com',
      hosts: ['127.0.0.1', 'localhost', '[::1]', 'umpire.example.com', 'a.example', 'b.example'],
    });
    expect(nodeListenFromEnv({ PORT: '0' }).ok).toBe(false);
    expect(nodeListenFromEnv({ HOST: 'localhost' }).ok).toBe(true);
    // Lambda and Workers: the platform routes by host unless told otherwise.
    expect(platformSiteFromEnv({})).toEqual({ ok: true, value: { origin: null, hosts: null } });
    expect(platformSiteFromEnv({ PUBLIC_URL: 'https://api.example.com' })).toEqual({
      ok: true,
      value: { origin: 'https://api.example.com', hosts: ['127.0.0.1', 'localhost', '[::1]', 'api.example.com'] },
    });
    expect(hostOfHeader('[::1]:8787')).toBe('[::1]');
    expect(hostOfHeader('Example.COM:80')).toBe('example.com');
    expect(hostOfHeader('a b')).toBe(null);
    expect(hostOfHeader('x.example:99999999')).toBe(null);
  });
});

describe('writes from another site, on the keyless app', () => {
  // The app in-process: a refused write never reaches a route (403); one let through reaches the
  // leaderboard route, which refuses its empty name (400) before any store is asked.
  const app = createApp({ auth: 'optional' } as unknown as AppConfig);
  const write = (headers: Record<string, string>, method = 'POST') =>
    app.request('http://127.0.0.1:8787/v1/leaderboards', {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name: '', game: 'icy' }),
    });
  const form = (headers: Record<string, string>) =>
    app.request('http://127.0.0.1:8787/ui/leaderboards', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'name=&game=icy',
    });

  it('refuses cross-site and same-site writes, Origin: null, and other origins, with 403 CROSS_SITE_REQUEST', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      // Another port of the same host is the same site, not the same origin.
      { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:9999' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:9999' },
      { origin: 'http://localhost:8787' },
      { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:8787' },
    ];
    for (const headers of refused) {
      for (const r of [
        await write(headers),
        await write(headers, 'PUT'),
        await write(headers, 'DELETE'),
        await form(headers),
      ]) {
        expect(r.status, JSON.stringify(headers)).toBe(403);
        expect(await r.text()).toContain('CROSS_SITE_REQUEST');
      }
    }
  });

  it('lets same-origin pages, the user’s own navigation, non-browser clients and reads through', async () => {
    const allowed: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:8787' },
      { origin: 'http://127.0.0.1:8787' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of allowed) {
      expect((await write(headers)).status, JSON.stringify(headers)).toBe(400);
      expect((await form(headers)).status, JSON.stringify(headers)).toBe(400);
    }
    const read = await app.request('http://127.0.0.1:8787/v1/games', {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
  });

  it('takes the configured public origin as the same origin (behind a proxy that ends TLS)', async () => {
    const proxied = createApp({
      auth: 'optional',
      site: { origin: 'https://umpire.example.com', hosts: ['umpire.example.com'] },
    } as unknown as AppConfig);
    const post = (origin: string) =>
      proxied.request('http://umpire.example.com/v1/leaderboards', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: '{}',
      });
    expect((await post('https://umpire.example.com')).status).toBe(400);
    expect((await post('https://evil.example')).status).toBe(403);
  });
});
