import { describe, expect, it } from 'vitest';
import { createApp, type AppConfig } from '../../src/api/app.js';
import { BODY_SHAPE, checkJsonShape } from '../../src/core/bounded-body.js';

// Requests an attacker would send, on the app in process: each is refused small, before any
// store is asked (the same on `npm start`, with huge bodies: bounded-requests.test.ts).

describe('what an error repeats of the request', () => {
  it('a few unknown keys are named, a few at a time, each clipped', async () => {
    const app = createApp(storesThatRecord().config);
    const huge = 'k'.repeat(100_000);
    const body = {
      game: 'icy',
      red: { js: 'x' },
      blue: { js: 'y' },
      [huge]: 1,
      ...Object.fromEntries(Array.from({ length: 900 }, (_, k) => [`extra${k}`, k])),
    };
    const r = await app.request('/v1/matches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    expect(r.status).toBe(400);
    expect(text.length).toBeLessThan(2048);
    const error = JSON.parse(text).error;
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toMatch(/unknown keys "k{40}…", "extra0", "extra1", "extra2", "extra3" and 896 more$/);
  });

  it('lists 20 issues and counts the rest', async () => {
    const app = createApp(storesThatRecord().config);
    const r = await app.request('/v1/leaderboards', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', game: 'icy', maps: Array.from({ length: 500 }, (_, k) => k) }),
    });
    expect(r.status).toBe(400);
    const { details } = (await r.json()).error;
    expect(details.issues).toHaveLength(20);
    expect(details.moreIssues).toBe(480);
  });

  it('bodies of a shape no request has are refused before they are parsed', () => {
    const refused = (text: string) => {
      try {
        checkJsonShape(text);
        return null;
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(refused(`{${Array.from({ length: BODY_SHAPE.maxMembers + 1 }, (_, k) => `"k${k}":1`).join(',')}}`)).toBe(
      'TOO_MANY_FIELDS',
    );
    expect(refused(`{${Array.from({ length: BODY_SHAPE.maxMembers }, (_, k) => `"k${k}":1`).join(',')}}`)).toBe(null);
    expect(refused(`[${'1,'.repeat(BODY_SHAPE.maxElements)}1]`)).toBe('TOO_MANY_FIELDS');
    expect(refused('['.repeat(BODY_SHAPE.maxDepth + 1))).toBe('TOO_DEEP');
    // Colons, commas and brackets inside strings, escaped quotes included, are text.
    const text = JSON.stringify({ js: `${'a:b,[{'.repeat(5000)}\\"}:"`, s: ['"', '\\', ':', ','] });
    expect(refused(text)).toBe(null);
    expect(
      refused(
        JSON.stringify({ a: '\\', ...Object.fromEntries(Array.from({ length: 1001 }, (_, k) => [`k${k}`, 'x:y'])) }),
      ),
    ).toBe('TOO_MANY_FIELDS');
  });
});

/** Stores that record every call and answer none: any call at all fails the test. */
function storesThatRecord() {
  const calls: string[] = [];
  const store = (name: string) =>
    new Proxy(
      {},
      {
        get:
          (_, method) =>
          (..._args: unknown[]) => {
            calls.push(`${name}.${String(method)}`);
            return Promise.reject(new Error(`${name}.${String(method)} was called`));
          },
      },
    );
  const config = {
    blobs: store('blobs'),
    matches: store('matches'),
    keys: store('keys'),
    bots: store('bots'),
    leaderboards: store('leaderboards'),
    roundJobs: store('roundJobs'),
    ratings: store('ratings'),
    runner: store('runner'),
    auth: 'optional',
  } as unknown as AppConfig;
  return { config, calls };
}

describe('ids, names and cursors of any length', () => {
  const long = 'x'.repeat(5000);

  it('a 5,000-character id is 400 ID_TOO_LONG, and no store is asked', async () => {
    const { config, calls } = storesThatRecord();
    const app = createApp(config);
    for (const [method, path] of [
      ['GET', `/v1/leaderboards/${long}`],
      ['GET', `/v1/leaderboards/${long}/matches`],
      ['GET', `/v1/leaderboards/lb_x/rounds/${long}`],
      ['POST', `/v1/leaderboards/${long}/entries`],
      ['POST', `/v1/leaderboards/${long}/rounds`],
      ['DELETE', `/v1/leaderboards/lb_x/webhooks/${long}`],
      ['GET', `/v1/bots/${long}`],
      ['PATCH', `/v1/bots/${long}`],
      ['GET', `/v1/matches/${long}`],
      ['GET', `/v1/matches/${long}/view`],
    ] as const) {
      const r = await app.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(r.status, `${method} ${path.slice(0, 40)}`).toBe(400);
      const error = (await r.json()).error;
      expect(error.code).toBe('ID_TOO_LONG');
      expect(error.message.length).toBeLessThan(200);
    }
    expect(calls).toEqual([]);
  });

  it('cursors are bounded before any store is asked', async () => {
    const { config, calls } = storesThatRecord();
    const app = createApp(config);
    for (const path of [
      `/v1/leaderboards?cursor=${long}`,
      `/v1/matches?cursor=${long}`,
      `/v1/bots?scope=public&cursor=${long}`,
      `/v1/leaderboards/lb_x/matches?since=${long}`,
    ]) {
      const r = await app.request(path);
      expect(r.status, path.slice(0, 40)).toBe(400);
      expect((await r.json()).error.details.field).toMatch(/^(cursor|since)$/);
    }
    // Names: a board's name is at most 100 characters.
    const named = await app.request('/v1/leaderboards', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: long, game: 'icy' }),
    });
    expect(named.status).toBe(400);
    expect((await named.json()).error.details.field).toBe('name');
    expect(calls).toEqual([]);
  });
});
