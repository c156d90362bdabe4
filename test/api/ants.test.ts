import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';

// Ants matches through `npm start`'s server, which stores replays in an
// embedded S3 server (s3rver) and records in an embedded DynamoDB (dynalite).

const EXAMPLE = readFileSync('src/games/ants/bots/example.ant', 'utf8');
const HOMING = readFileSync('src/games/ants/bots/homing.ant', 'utf8');

const server = useServer();

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}/v1/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('ants matches over HTTP', () => {
  let record: Record<string, any>;

  it('POST /v1/matches with game "ants" plays the brains and answers 201 with the record', async () => {
    const response = await post({
      game: 'ants',
      world: 'sample0',
      seed: 12345,
      rounds: 10_000,
      red: { name: 'example', brain: EXAMPLE },
      black: { name: 'example too', brain: EXAMPLE },
    });
    expect(response.status).toBe(201);
    record = await response.json();
    expect(record).toMatchObject({
      game: 'ants',
      winner: 'black',
      decidedBy: 'food',
      scores: { red: { food: 0 }, black: { food: 7 } },
      rounds: 10_000,
      bots: { red: { name: 'example', kind: 'ant' }, black: { name: 'example too', kind: 'ant' } },
      manifest: { game: 'ants', world: { name: 'sample0' }, seed: 12345, rounds: 10_000 },
    });
    expect(response.headers.get('location')).toBe(`/v1/matches/${record.id}`);
  }, 30_000);

  it('serves the record, the replay and the viewer by URL', async () => {
    expect(await (await fetch(`${server.base}/v1/matches/${record.id}`)).json()).toEqual(record);
    const replay = await (await fetch(record.replayUrl)).json();
    expect(replay).toMatchObject({
      format: 'umpire-ants-replay/1',
      seed: 12345,
      rounds: 10_000,
      brains: { red: EXAMPLE, black: EXAMPLE },
    });
    expect(replay.world).toBe(readFileSync('src/games/ants/maps/sample0.world', 'utf8'));
    expect(replay.food.at(-1).slice(1)).toEqual([0, 7]);
    const page = await fetch(record.viewUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="world"');
    const turns = await fetch(`${record.replayUrl}?format=turns`);
    expect(turns.status).toBe(400);
  });

  it('re-plays the stored match byte for byte', async () => {
    const response = await fetch(`${server.base}/v1/matches/${record.id}/verify`, { method: 'POST' });
    expect(await response.json()).toMatchObject({ identical: true, firstDifferentTurn: null });
  }, 30_000);

  it('lists the match under each brain’s sha256', async () => {
    const list = await (await fetch(`${server.base}/v1/matches?bot=${record.bots.red.sha256}`)).json();
    expect(list.items.map((m: { id: string }) => m.id)).toContain(record.id);
  });

  it('a brain with an error forfeits with its line and problem', async () => {
    const response = await post({
      game: 'ants',
      rounds: 100,
      red: { brain: HOMING },
      black: { brain: 'Flip 0 0 0\n' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      winner: 'red',
      decidedBy: 'forfeit',
      forfeit: 'black',
      bots: {
        black: {
          forfeit: {
            code: 'BRAIN_INVALID',
            message: 'line 1 (state 0): Flip needs p of at least 1 (randomint takes a positive argument)',
          },
        },
      },
    });
  });

  it('plays on a generated world and on a world sent as text', async () => {
    const generated = await post({
      game: 'ants',
      world: 'generated:99',
      seed: 1,
      rounds: 2000,
      red: { brain: HOMING },
      black: { brain: EXAMPLE },
    });
    expect(generated.status).toBe(201);
    expect((await generated.json()).manifest.world.name).toBe('generated:99');
    const inline = await post({
      game: 'ants',
      world: readFileSync('src/games/ants/maps/tiny.world', 'utf8'),
      rounds: 500,
      red: { brain: EXAMPLE },
      black: { brain: EXAMPLE },
    });
    expect(inline.status).toBe(201);
    expect((await inline.json()).manifest.world.name).toBeNull();
  });

  it.each([
    [{ world: 'atlantis' }, 400, 'UNKNOWN_WORLD', 'world'],
    [{ world: '3\n1\n+ ? -\n' }, 422, 'WORLD_INVALID', 'world'],
    [{ rounds: 0 }, 400, 'INVALID_REQUEST', 'rounds'],
    [{ rounds: 100_001 }, 400, 'INVALID_REQUEST', 'rounds'],
    [{ black: undefined }, 400, 'INVALID_REQUEST', 'black'],
    [{ red: { js: 'export default () => ""' } }, 400, 'INVALID_REQUEST', 'red'],
  ])('rejects %j with %i %s', async (change, status, code, field) => {
    const response = await post({ game: 'ants', red: { brain: EXAMPLE }, black: { brain: EXAMPLE }, ...change });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({
      error: { code, details: { field: expect.stringMatching(new RegExp(`^${field}`)) } },
    });
  });
});
