import { describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { useServer } from '../support/server.js';

// Creating hooks on a server without the local-development opt-in: public
// addresses only, no credentials in URLs, and a cap per board.

const server = useServer({ env: { WEBHOOKS_ALLOW_PRIVATE: '', WEBHOOKS_MAX_PER_BOARD: '3' } });

const { call } = apiClient(() => server.base);
const newBoard = async () => (await call('POST', '/v1/leaderboards', { name: 'hooks', game: 'icy' })).body.id as string;

describe('creating a webhook', () => {
  it.each([
    ['http://127.0.0.1:8787/hook', /127\.0\.0\.1 is a loopback address/],
    ['http://[::1]:8787/hook', /::1 is a loopback address/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://10.0.0.1/hook', /private/],
    ['http://0x7f000001/hook', /127\.0\.0\.1 is a loopback address/],
    ['http://2130706433/hook', /127\.0\.0\.1 is a loopback address/],
    ['http://[::ffff:127.0.0.1]/hook', /IPv4-mapped/],
    ['http://[fd12::1]/hook', /unique-local/],
    ['http://[ff02::1]/hook', /multicast/],
    ['http://localhost:8787/hook', /local name/],
    ['http://localhost./hook', /local name/],
    ['http://[::ffff:0:127.0.0.1]/hook', /IPv4-translated/],
    ['https://user:pass@example.org/hook', /credentials/],
  ])('refuses %s', async (url, why) => {
    const board = await newBoard();
    const r = await call('POST', `/v1/leaderboards/${board}/webhooks`, { url });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      code: 'WEBHOOK_URL_INVALID',
      message: expect.stringMatching(why),
      details: { field: 'url' },
    });
    // Nothing was stored.
    expect((await call('GET', `/v1/leaderboards/${board}/webhooks`)).body.webhooks).toEqual([]);
  });

  it('refuses what is not an http(s) URL at all', async () => {
    const board = await newBoard();
    expect((await call('POST', `/v1/leaderboards/${board}/webhooks`, { url: 'file:///etc/passwd' })).status).toBe(400);
  });

  it('accepts a public URL and stores it as parsed', async () => {
    const board = await newBoard();
    const r = await call('POST', `/v1/leaderboards/${board}/webhooks`, { url: 'https://Example.org:443/hook?x=1' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^hook_/),
      url: 'https://example.org/hook?x=1',
      secret: expect.stringMatching(/^whsec_/),
    });
  });
});

describe('hooks per board', () => {
  it('are capped: past the limit a 422 names the limit and the count; deleting one makes room', async () => {
    const board = await newBoard();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call('POST', `/v1/leaderboards/${board}/webhooks`, { url: `https://hooks.example.org/${i}` });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    const over = await call('POST', `/v1/leaderboards/${board}/webhooks`, { url: 'https://hooks.example.org/3' });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: { limit: 'webhooksPerBoard', max: 3, count: 3 },
    });
    expect(over.body.error.message).toMatch(/at most 3 webhooks on a leaderboard; this one has 3/);

    const listed = await call('GET', `/v1/leaderboards/${board}/webhooks`);
    expect(listed.status).toBe(200);
    expect(listed.body.limit).toBe(3);
    expect(listed.body.webhooks.map((h: { id: string }) => h.id).sort()).toEqual([...ids].sort());
    // Secrets are shown once, at creation.
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');

    expect((await call('DELETE', `/v1/leaderboards/${board}/webhooks/${ids[0]}`)).status).toBe(204);
    expect((await call('DELETE', `/v1/leaderboards/${board}/webhooks/${ids[0]}`)).status).toBe(404);
    expect((await call('DELETE', `/v1/leaderboards/${board}/webhooks/hook_nope`)).status).toBe(404);
    expect(
      (await call('POST', `/v1/leaderboards/${board}/webhooks`, { url: 'https://hooks.example.org/3' })).status,
    ).toBe(201);
    // Another board has its own count.
    expect(
      (await call('POST', `/v1/leaderboards/${await newBoard()}/webhooks`, { url: 'https://hooks.example.org/0' }))
        .status,
    ).toBe(201);
  });
});
