import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../api/http.js';
import { useServer } from '../support/server.js';

/**
 * Issue 27: a classic Python program (stdin/stdout, no act) plays a whole Icy
 * match byte-identically twice, and as a stored bot with the same replay.
 */

const run = promisify(execFile);
const CLASSIC = 'src/games/icy/bots/classic.py';
const HUNTER = 'src/games/icy/bots/hunter.py';

async function cliMatch(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-classic-'));
  const out = join(dir, `${name}.json.gz`);
  const { stdout } = await run(
    process.execPath,
    ['bin/umpire.mjs', 'match', '--red', CLASSIC, '--blue', HUNTER, '--seed', '7', '--out', out],
    { maxBuffer: 1 << 26 },
  );
  const bytes = readFileSync(out);
  return { summary: JSON.parse(stdout), bytes, replay: JSON.parse(gunzipSync(bytes).toString()) };
}

describe('the classic Python Icy player', () => {
  it('plays a full match byte-identically twice through `umpire match`', async () => {
    const a = await cliMatch('a');
    const b = await cliMatch('b');
    expect(b.bytes.equals(a.bytes)).toBe(true);
    expect(a.summary).toMatchObject({ forfeit: null, turns: 180 });
    expect(a.summary.bots.red).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
    // Each turn records the four red children's moves first: it moves every turn, and it throws.
    const red: string[] = a.replay.turns.flatMap((t: { a: string[] }) => t.a.slice(0, 4));
    expect(red).toHaveLength(4 * 180);
    expect(red.every((move) => move.length > 0)).toBe(true);
    expect(red.some((move) => move.startsWith('throw '))).toBe(true);
  }, 240_000);

  describe('as a stored bot', () => {
    const server = useServer();
    const { call } = apiClient(() => server.base);

    it('POST /v1/bots, then a match by bot id, twice: the same replay bytes', async () => {
      const stored = await call('POST', '/v1/bots', {
        game: 'icy',
        name: 'classic',
        py: readFileSync(CLASSIC, 'utf8'),
      });
      expect(stored.status, stored.text).toBe(201);
      const hunter = { name: 'hunter.py', py: readFileSync(HUNTER, 'utf8') };
      const byId = await call('POST', '/v1/matches', {
        game: 'icy',
        seed: 7,
        red: { bot: stored.body.id },
        blue: hunter,
      });
      expect(byId.status, byId.text).toBe(201);
      const again = await call('POST', '/v1/matches', {
        game: 'icy',
        seed: 7,
        red: { bot: stored.body.id },
        blue: hunter,
      });
      const bytes = async (r: { body: { replayUrl: string } }) =>
        Buffer.from(await (await fetch(r.body.replayUrl)).arrayBuffer());
      const replay = await (await fetch(byId.body.replayUrl)).json();
      expect(replay.turns).toHaveLength(180);
      expect((await bytes(again)).equals(await bytes(byId))).toBe(true);
      expect(byId.body.bots.red).toMatchObject({ kind: 'py' });
      expect(byId.body.bots.red.crashes ?? 0).toBe(0);
    }, 240_000);
  });
});
