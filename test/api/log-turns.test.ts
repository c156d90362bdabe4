import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { logPartAt } from '../../src/core/log-turns.js';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// A match's seats give each log's turn marks ([turn, end] pairs) with the log, to those who may read
// the seat, and to nobody else (AUTH=required, one key per team).

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-log-turns-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });
const call = keyedClient(() => server.base);
let teamA: TestKey;
let teamB: TestKey;
let outsider: TestKey;
let match = '';

/** Writes `<who> call N` on every third call only. */
const everyThird = (who: string) =>
  `let n = 0;\nexport default () => { n++; if (n % 3 === 0) console.log(${JSON.stringify(who)} + ' call ' + n); return "idle\\nidle\\nidle\\nidle\\n"; }`;

interface Seat {
  readonly seat: string;
  readonly readable: boolean;
  readonly log: string | null;
  readonly turns: [number, number][] | null;
  readonly turnsCut: boolean;
}
const seatsOf = async (key: TestKey, id: string) => call(key, 'GET', `/v1/matches/${id}/seats`);

beforeAll(async () => {
  teamA = await createKey(dataDir, 'team-a');
  teamB = await createKey(dataDir, 'team-b');
  outsider = await createKey(dataDir, 'outsider');
  const bot = await call(teamA, 'POST', '/v1/bots', { js: everyThird('team-a'), game: 'icy', public: true });
  expect(bot.status, bot.text).toBe(201);
  const played = await call(outsider, 'POST', '/v1/matches', {
    game: 'icy',
    red: { bot: bot.body.id },
    blue: { js: everyThird('outsider') },
  });
  expect(played.status, played.text).toBe(201);
  match = played.body.id;
}, 90_000);

describe("a match's seats with their turn marks", () => {
  it("give a bot's owner its seat's marks: one for each turn that wrote, each turn's own lines", async () => {
    const r = await seatsOf(teamA, match);
    expect(r.status, r.text).toBe(200);
    const [red, blue] = r.body.items as Seat[];
    expect(red).toMatchObject({ seat: 'red', readable: true, turnsCut: false });
    // Icy asks both seats every turn: call n is turn n - 1, and every third call wrote.
    const turns = red!.turns!;
    expect(turns.length).toBe(60);
    expect(turns.map(([t]) => t)).toEqual(Array.from({ length: 60 }, (_, k) => 3 * k + 2));
    expect(turns.at(-1)![1]).toBe(red!.log!.length);
    const marks = { marks: turns };
    expect(logPartAt(red!.log!, marks, 2).text.trim()).toBe('team-a call 3');
    expect(logPartAt(red!.log!, marks, 5).text.trim()).toBe('team-a call 6');
    expect(logPartAt(red!.log!, marks, 6).text).toBe('');
    // The other seat: withheld, marks included.
    expect(blue).toMatchObject({ seat: 'blue', readable: false, log: null, turns: null, turnsCut: false });
  });

  it("give the match's creator the seat it filled, and another team none", async () => {
    const [red, blue] = (await seatsOf(outsider, match)).body.items as Seat[];
    expect(red).toMatchObject({ readable: false, log: null, turns: null });
    expect(blue!.turns!.length).toBe(60);
    expect(logPartAt(blue!.log!, { marks: blue!.turns! }, 179).text.trim()).toBe('outsider call 180');
    const other = await seatsOf(teamB, match);
    expect(other.status).toBe(403);
    expect(other.text).not.toContain('call');
  });
});
