import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppConfig } from '../../src/api/app.js';
import { hostOfHeader, nodeListenFromEnv, platformSiteFromEnv } from '../../src/api/site.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

// The keyless local server (`npm start` without AUTH) as a browser on another site, or a name
// rebound to 127.0.0.1, would reach it: writes from other sites and requests for other hosts are
// refused; the URLs it hands out come from its configuration, never from the request's Host.

/** A request with any Host header (fetch does not let one be set). */
function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const idle = readFileSync('bots/icy/idle.js', 'utf8');

describe('the Host allow-list and the configured URL, on `npm start`', () => {
  let server: RunningServer;
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    server = await startServer(mkdtempSync(join(tmpdir(), 'umpire-site-')), port, { PUBLIC_URL: `http://umpire.test:${port}` });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a request for another host: a DNS rebinding gets nothing, writes nothing', async () => {
    for (const [method, path, body] of [
      ['GET', '/healthz'],
      ['GET', '/'],
      ['GET', '/v1/leaderboards'],
      ['POST', '/v1/leaderboards', JSON.stringify({ name: 'rebound', game: 'icy', public: true })],
      ['POST', '/ui/leaderboards', 'name=rebound&game=icy&public=on'],
    ] as const) {
      const r = await raw(server.base, method, path, { host: `evil.example:${port}`, 'content-type': path.startsWith('/ui') ? 'application/x-www-form-urlencoded' : 'application/json' }, body);
      expect(r.status, `${method} ${path}`).toBe(421);
      expect(r.text).toContain('HOST_NOT_ALLOWED');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await raw(server.base, 'GET', '/healthz', { host: 'evil.example' })).status).toBe(421);
    expect((await (await fetch(`${server.base}/v1/leaderboards`)).json()).items).toEqual([]);
  });

  it('answers to the loopback names on any port, and to the public URL’s host', async () => {
    for (const host of [`127.0.0.1:${port}`, 'localhost', `LOCALHOST:${port}`, '[::1]:9', `umpire.test:${port}`, 'umpire.test']) {
      expect((await raw(server.base, 'GET', '/healthz', { host })).status, host).toBe(200);
    }
  });

  it('builds replayUrl and viewUrl on PUBLIC_URL, whatever Host the request named', async () => {
    const posted = await raw(server.base, 'POST', '/v1/matches', { host: `localhost:${port}`, 'content-type': 'application/json' }, JSON.stringify({ game: 'icy', red: { js: idle }, blue: { js: idle } }));
    expect(posted.status).toBe(201);
    const record = JSON.parse(posted.text);
    expect(record.replayUrl).toBe(`http://umpire.test:${port}/v1/matches/${record.id}/replay`);
    expect(record.viewUrl).toBe(`http://umpire.test:${port}/v1/matches/${record.id}/view`);
    const read = JSON.parse((await raw(server.base, 'GET', `/v1/matches/${record.id}`, { host: `127.0.0.1:${port}` })).text);
    expect(read.replayUrl).toBe(record.replayUrl);
    // The viewer fetches the replay from its own origin: no host in the page.
    const view = await raw(server.base, 'GET', `/v1/matches/${record.id}/view`, { host: `localhost:${port}` });
    expect(view.text).toContain(`"replayUrl":"/v1/matches/${record.id}/replay"`);
    expect(view.text).not.toContain('localhost');
  }, 60_000);
});

describe('start-up settings', () => {
  /** Runs the server with `env`, expecting it to refuse to start: its exit code and what it printed. */
  function refusal(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['dist/functions/node.js'], {
        env: { ...process.env, S3_BUCKET: '', DYNAMODB_TABLE: '', UMPIRE_DATA_DIR: mkdtempSync(join(tmpdir(), 'umpire-refusal-')), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it('refuses to listen beyond loopback without AUTH=required, or without PUBLIC_URL on every address', async () => {
    const open = await refusal({ HOST: '0.0.0.0', PORT: String(await freePort()) });
    expect(open.code).toBe(1);
    expect(open.output).toContain('HOST_NEEDS_AUTH');
    expect(open.output).not.toContain('umpire listening on');
    expect((await refusal({ HOST: '192.0.2.10', AUTH: 'optional' })).output).toContain('HOST_NEEDS_AUTH');
    const anywhere = await refusal({ HOST: '::', AUTH: 'required' });
    expect(anywhere.code).toBe(1);
    expect(anywhere.output).toContain('NO_PUBLIC_URL');
    const url = await refusal({ PUBLIC_URL: 'https://umpire.example.com/path?x=1' });
    expect(url.code).toBe(1);
    expect(url.output).toContain('BAD_PUBLIC_URL');
    expect((await refusal({ ALLOWED_HOSTS: 'umpire.example.com:443' })).output).toContain('BAD_ALLOWED_HOSTS');
  }, 60_000);

  it('reads HOST, PORT, PUBLIC_URL and ALLOWED_HOSTS', () => {
    const local = nodeListenFromEnv({});
    expect(local).toEqual({ ok: true, value: { host: '127.0.0.1', port: 8787, listening: 'http://127.0.0.1:8787', site: { origin: 'http://127.0.0.1:8787', hosts: ['127.0.0.1', 'localhost', '[::1]'] } } });
    const v6 = nodeListenFromEnv({ HOST: '::1', PORT: '9000' });
    expect(v6.ok && v6.value.site.origin).toBe('http://[::1]:9000');
    const pub = nodeListenFromEnv({ HOST: '0.0.0.0', AUTH: 'required', PUBLIC_URL: 'https://Umpire.Example.com', ALLOWED_HOSTS: 'a.example, b.example' });
    expect(pub.ok && pub.value.site).toEqual({ origin: 'https://umpire.example.com', hosts: ['127.0.0.1', 'localhost', '[::1]', 'umpire.example.com', 'a.example', 'b.example'] });
    expect(nodeListenFromEnv({ PORT: '0' }).ok).toBe(false);
    expect(nodeListenFromEnv({ HOST: 'localhost' }).ok).toBe(true);
    // Lambda and Workers: the platform routes by host unless told otherwise.
    expect(platformSiteFromEnv({})).toEqual({ ok: true, value: { origin: null, hosts: null } });
    expect(platformSiteFromEnv({ PUBLIC_URL: 'https://api.example.com' })).toEqual({ ok: true, value: { origin: 'https://api.example.com', hosts: ['127.0.0.1', 'localhost', '[::1]', 'api.example.com'] } });
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
    app.request('http://127.0.0.1:8787/v1/leaderboards', { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name: '', game: 'icy' }) });
  const form = (headers: Record<string, string>) =>
    app.request('http://127.0.0.1:8787/ui/leaderboards', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'name=&game=icy' });

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
      for (const r of [await write(headers), await write(headers, 'PUT'), await write(headers, 'DELETE'), await form(headers)]) {
        expect(r.status, JSON.stringify(headers)).toBe(403);
        expect(await r.text()).toContain('CROSS_SITE_REQUEST');
      }
    }
  });

  it('lets same-origin pages, the user’s own navigation, non-browser clients and reads through', async () => {
    const allowed: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:8787' }, { origin: 'http://127.0.0.1:8787' }, { 'sec-fetch-site': 'none' }, {}];
    for (const headers of allowed) {
      expect((await write(headers)).status, JSON.stringify(headers)).toBe(400);
      expect((await form(headers)).status, JSON.stringify(headers)).toBe(400);
    }
    const read = await app.request('http://127.0.0.1:8787/v1/games', { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });

  it('takes the configured public origin as the same origin (behind a proxy that ends TLS)', async () => {
    const proxied = createApp({ auth: 'optional', site: { origin: 'https://umpire.example.com', hosts: ['umpire.example.com'] } } as unknown as AppConfig);
    const post = (origin: string) =>
      proxied.request('http://umpire.example.com/v1/leaderboards', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: '{}' });
    expect((await post('https://umpire.example.com')).status).toBe(400);
    expect((await post('https://evil.example')).status).toBe(403);
  });
});
