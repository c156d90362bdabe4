import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, serverRefusal, useServer } from '../support/server.js';

// The keyless local server (`npm start` without AUTH) as a browser on another site, or a name
// rebound to 127.0.0.1, would reach it: writes from other sites and requests for other hosts are
// refused; the URLs it hands out come from its configuration, never from the request's Host.
// (The settings as read, and the app's checks in process: site.unit.test.ts.)

/** A request with any Host header (fetch does not let one be set). */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const idle = readFileSync('src/games/icy/bots/idle.js', 'utf8');

describe('the Host allow-list and the configured URL, on `npm start`', () => {
  const server = useServer({ env: (port) => ({ PUBLIC_URL: `http://umpire.test:${port}` }) });

  it('refuses a request for another host: a DNS rebinding gets nothing, writes nothing', async () => {
    for (const [method, path, body] of [
      ['GET', '/healthz'],
      ['GET', '/'],
      ['GET', '/v1/leaderboards'],
      ['POST', '/v1/leaderboards', JSON.stringify({ name: 'rebound', game: 'icy', public: true })],
      ['POST', '/ui/leaderboards', 'name=rebound&game=icy&public=on'],
    ] as const) {
      const r = await raw(
        server.base,
        method,
        path,
        {
          host: `evil.example:${server.port}`,
          'content-type': path.startsWith('/ui') ? 'application/x-www-form-urlencoded' : 'application/json',
        },
        body,
      );
      expect(r.status, `${method} ${path}`).toBe(421);
      expect(r.text).toContain('HOST_NOT_ALLOWED');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await raw(server.base, 'GET', '/healthz', { host: 'evil.example' })).status).toBe(421);
    expect((await (await fetch(`${server.base}/v1/leaderboards`)).json()).items).toEqual([]);
  });

  it('answers to the loopback names on any port, and to the public URL’s host', async () => {
    for (const host of [
      `127.0.0.1:${server.port}`,
      'localhost',
      `LOCALHOST:${server.port}`,
      '[::1]:9',
      `umpire.test:${server.port}`,
      'umpire.test',
    ]) {
      expect((await raw(server.base, 'GET', '/healthz', { host })).status, host).toBe(200);
    }
  });

  it('builds replayUrl and viewUrl on PUBLIC_URL, whatever Host the request named', async () => {
    const posted = await raw(
      server.base,
      'POST',
      '/v1/matches',
      { host: `localhost:${server.port}`, 'content-type': 'application/json' },
      JSON.stringify({ game: 'icy', red: { js: idle }, blue: { js: idle } }),
    );
    expect(posted.status).toBe(201);
    const record = JSON.parse(posted.text);
    expect(record.replayUrl).toBe(`http://umpire.test:${server.port}/v1/matches/${record.id}/replay`);
    expect(record.viewUrl).toBe(`http://umpire.test:${server.port}/v1/matches/${record.id}/view`);
    const read = JSON.parse(
      (await raw(server.base, 'GET', `/v1/matches/${record.id}`, { host: `127.0.0.1:${server.port}` })).text,
    );
    expect(read.replayUrl).toBe(record.replayUrl);
    // The viewer fetches the replay from its own origin: no host in the page.
    const view = await raw(server.base, 'GET', `/v1/matches/${record.id}/view`, { host: `localhost:${server.port}` });
    expect(view.text).toContain(`"replayUrl":"/v1/matches/${record.id}/replay"`);
    expect(view.text).not.toContain('localhost');
  }, 60_000);
});

describe('start-up settings', () => {
  it('refuses to listen beyond loopback without AUTH=required, or without PUBLIC_URL on every address', async () => {
    const open = await serverRefusal({ HOST: '0.0.0.0', PORT: String(await freePort()) });
    expect(open.code).toBe(1);
    expect(open.output).toContain('HOST_NEEDS_AUTH');
    expect(open.output).not.toContain('umpire listening on');
    expect((await serverRefusal({ HOST: '192.0.2.10', AUTH: 'optional' })).output).toContain('HOST_NEEDS_AUTH');
    const anywhere = await serverRefusal({ HOST: '::', AUTH: 'required' });
    expect(anywhere.code).toBe(1);
    expect(anywhere.output).toContain('NO_PUBLIC_URL');
    const url = await serverRefusal({ PUBLIC_URL: 'https://umpire.example.com/path?x=1' });
    expect(url.code).toBe(1);
    expect(url.output).toContain('BAD_PUBLIC_URL');
    expect((await serverRefusal({ ALLOWED_HOSTS: 'umpire.example.com:443' })).output).toContain('BAD_ALLOWED_HOSTS');
  }, 60_000);
});
