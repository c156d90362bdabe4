import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, finishRound, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// Who reads which seat's log (and failure), with AUTH=required and one key per team: a bot's
// owner its bot's seat in any match, a match's creator the seats it filled, a board's owner
// every seat of the board's matches. Each attack reads a seat that is not the caller's.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-log-access-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });
const call = keyedClient(() => server.base);
let organizer: TestKey;
let teamA: TestKey;
let teamB: TestKey;
let outsider: TestKey;

const logging = (secret: string) =>
  `export default () => { console.log(${JSON.stringify(secret)}); return "idle\\nidle\\nidle\\nidle\\n"; }`;
const failing = 'let n = 0;\nexport default () => { if (++n > 3) throw new Error("team-b-crash"); return "idle"; }';

async function publicBot(key: TestKey, js: string): Promise<string> {
  const r = await call(key, 'POST', '/v1/bots', { js, game: 'icy', public: true });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const logsOf = (key: TestKey, match: string) => call(key, 'GET', `/v1/matches/${match}/logs`);
const seatsOf = (key: TestKey, match: string) => call(key, 'GET', `/v1/matches/${match}/seats`);

let botA = '';
let botB = '';

beforeAll(async () => {
  organizer = await createKey(dataDir, 'organizer');
  teamA = await createKey(dataDir, 'team-a');
  teamB = await createKey(dataDir, 'team-b');
  outsider = await createKey(dataDir, 'outsider');
  botA = await publicBot(teamA, logging('team-a-secret'));
  botB = await publicBot(
    teamB,
    `${logging('team-b-secret').replace('export default', 'const play =')}\n${failing.replace('return "idle"', 'return play()')}`,
  );
}, 60_000);

describe("a board's matches", () => {
  let match = '';

  beforeAll(async () => {
    const board = (await call(organizer, 'POST', '/v1/leaderboards', { name: 'logs cup', game: 'icy' })).body.id;
    for (const bot of [botA, botB])
      expect((await call(organizer, 'POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    const round = await call(organizer, 'POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status).toBe(202);
    await finishRound(call, board, round.body.id);
    const played = (await call(null, 'GET', `/v1/matches?bot=${botA}`)).body.items;
    expect(played.length).toBeGreaterThan(0);
    match = played[0].id;
    expect(played[0]).toMatchObject({ owner: organizer.id, board });
  }, 120_000);

  it("show each team its own seat only, with its failure; never the other team's", async () => {
    for (const [key, mine, theirs] of [
      [teamA, 'team-a-secret', 'team-b-secret'],
      [teamB, 'team-b-secret', 'team-a-secret'],
    ] as const) {
      const logs = await logsOf(key, match);
      expect(logs.status).toBe(200);
      expect(logs.text).toContain(mine);
      expect(logs.text).not.toContain(theirs);
      expect(Object.values(logs.body).filter((l) => l === null)).toHaveLength(1);
      const seats = await seatsOf(key, match);
      expect(seats.status).toBe(200);
      expect(seats.text).not.toContain(theirs);
      const own = seats.body.items.find((s: { readable: boolean }) => s.readable);
      const other = seats.body.items.find((s: { readable: boolean }) => !s.readable);
      expect(own.log).toContain(mine);
      expect(other).toMatchObject({ log: null, failure: null });
    }
    // Team B's bot crashed: its owner sees the failure, team A does not.
    const b = (await seatsOf(teamB, match)).body.items.find((s: { bot: string }) => s.bot === botB);
    expect(b).toMatchObject({ readable: true, version: 1, failure: { code: expect.any(String) } });
    expect((await seatsOf(teamA, match)).text).not.toContain('team-b-crash');
  });

  it("show the board's owner every seat, and nobody else any", async () => {
    const logs = await logsOf(organizer, match);
    expect(logs.text).toContain('team-a-secret');
    expect(logs.text).toContain('team-b-secret');
    expect((await seatsOf(organizer, match)).body.items.every((s: { readable: boolean }) => s.readable)).toBe(true);
    expect((await logsOf(outsider, match)).status).toBe(403);
    expect((await seatsOf(outsider, match)).status).toBe(403);
    expect((await call(null, 'GET', `/v1/matches/${match}/logs`)).status).toBe(401);
  });
});

describe('a match played with a public bot', () => {
  it("shows its creator the seats it filled and the bot's owner that bot's seat", async () => {
    const played = await call(outsider, 'POST', '/v1/matches', {
      game: 'icy',
      red: { bot: botA },
      blue: { js: logging('outsider-secret') },
    });
    expect(played.status, played.text).toBe(201);
    const id = played.body.id;
    const creator = await logsOf(outsider, id);
    expect(creator.body).toMatchObject({ red: null, blue: expect.stringContaining('outsider-secret') });
    const owner = await logsOf(teamA, id);
    expect(owner.body).toMatchObject({ red: expect.stringContaining('team-a-secret'), blue: null });
    expect((await logsOf(teamB, id)).status).toBe(403);
    expect((await logsOf(organizer, id)).status).toBe(403);
  }, 60_000);
});
