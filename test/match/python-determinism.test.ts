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
 * Issue 18: the same Python match twice gives a byte-identical replay, through
 * `umpire match --out` and through POST /v1/matches on `npm start`'s server.
 */

const run = promisify(execFile);
const ICY_HUNTER = 'src/games/icy/bots/hunter.py';
const GATHERER = 'src/games/capture/bots/gatherer.py';
const DROP_HUNTER = 'src/games/blockdrop/bots/hunter.py';
const source = (path: string) => readFileSync(path, 'utf8');

/** `umpire match ARGS --out DIR/NAME.json.gz` as a process: the printed summary, the replay's bytes and the replay. */
async function cliMatch(args: readonly string[], name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-py-'));
  const out = join(dir, `${name}.json.gz`);
  const { stdout } = await run(process.execPath, ['bin/umpire.mjs', 'match', ...args, '--out', out], {
    maxBuffer: 1 << 26,
  });
  const bytes = readFileSync(out);
  return { summary: JSON.parse(stdout), bytes, replay: JSON.parse(gunzipSync(bytes).toString()) };
}

/** Plays the match twice and checks the two replays are the same bytes, gzipped and not. */
async function twice(args: readonly string[]) {
  const a = await cliMatch(args, 'a');
  const b = await cliMatch(args, 'b');
  expect(b.summary).toEqual(a.summary);
  expect(gunzipSync(b.bytes).equals(gunzipSync(a.bytes))).toBe(true);
  expect(b.bytes.equals(a.bytes)).toBe(true);
  return a;
}

describe('Python matches through `umpire match --out` are byte-identical twice', () => {
  it('Icy: two Python hunters', async () => {
    const a = await twice(['--red', ICY_HUNTER, '--blue', ICY_HUNTER, '--seed', '3']);
    expect(a.summary).toMatchObject({ forfeit: null, turns: 180, seed: 3 });
    expect(a.replay.manifest.bots).toMatchObject({ red: { kind: 'py' }, blue: { kind: 'py' } });
    for (const side of ['red', 'blue'] as const) {
      expect(a.summary.bots[side]).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
      expect(a.summary.bots[side].fuel).toBeGreaterThan(0);
    }
    // The hunters play: they throw, and someone scores.
    const answers: string[] = a.replay.turns.flatMap((t: { a: (string | null)[] }) => t.a);
    expect(answers.some((x) => x?.startsWith('throw '))).toBe(true);
    expect(a.summary.scores.red + a.summary.scores.blue).toBeGreaterThan(0);
  }, 180_000);

  it('Icy: the Python hunter against idle.js, another seed', async () => {
    const a = await twice(['--red', ICY_HUNTER, '--blue', 'src/games/icy/bots/idle.js', '--seed', '8']);
    expect(a.summary.bots.red).toMatchObject({ errors: 0, crashes: 0 });
    expect(a.summary.scores.red).toBeGreaterThan(a.summary.scores.blue);
  }, 180_000);

  it('Capture: the Python gatherer against random.js', async () => {
    const a = await twice([
      '--game',
      'capture',
      '--red',
      GATHERER,
      '--blue',
      'src/games/capture/bots/random.js',
      '--seed',
      '1',
    ]);
    expect(a.summary).toMatchObject({ turns: 900 });
    expect(a.summary.bots.red).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
    expect(a.replay.manifest.names).toEqual({ red: 'gatherer.py', blue: 'random.js' });
    // The gatherer plays: it scores pucks.
    expect(a.summary).toMatchObject({ winner: 'red', decidedBy: 'pucks' });
  }, 180_000);

  it('Block drop: two Python hunters and two random.js', async () => {
    const a = await twice([
      '--game',
      'blockdrop',
      '--bot',
      DROP_HUNTER,
      '--bot',
      'src/games/blockdrop/bots/random.js',
      '--bot',
      DROP_HUNTER,
      '--bot',
      'src/games/blockdrop/bots/random.js',
      '--seed',
      '2',
    ]);
    expect(a.summary.turns).toBeGreaterThan(0);
    expect(JSON.stringify(a.summary)).not.toMatch(/BUNDLE_/);
    const python = a.summary.players.filter((p: { name: string }) => p.name === 'hunter.py');
    expect(python).toHaveLength(2);
    for (const p of python)
      expect(p).toMatchObject({ timeouts: 0, errors: 0, crashes: 0, invalid: 0, fuel: expect.any(Number) });
    expect(python.every((p: { fuel: number }) => p.fuel > 0)).toBe(true);
  }, 180_000);
});

describe('Python matches through POST /v1/matches on `npm start`', () => {
  const server = useServer();
  const { call } = apiClient(() => server.base);
  const replayBytes = async (record: { replayUrl: string }) =>
    Buffer.from(await (await fetch(record.replayUrl)).arrayBuffer());

  /** Posts the match twice: both 201, the same replay bytes, and the stored record re-plays identically. */
  async function postTwice(body: Record<string, unknown>) {
    const first = await call('POST', '/v1/matches', body);
    expect(first.status, first.text).toBe(201);
    const second = await call('POST', '/v1/matches', body);
    expect(second.status, second.text).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await replayBytes(second.body)).equals(await replayBytes(first.body))).toBe(true);
    expect((await call('POST', `/v1/matches/${first.body.id}/verify`)).body).toMatchObject({ identical: true });
    return first.body as Record<string, any>;
  }

  it('Icy: two Python hunters as { py } seats', async () => {
    const record = await postTwice({
      game: 'icy',
      seed: 3,
      red: { name: 'hunter.py', py: source(ICY_HUNTER) },
      blue: { name: 'hunter.py', py: source(ICY_HUNTER) },
    });
    expect(record).toMatchObject({ turns: 180, bots: { red: { kind: 'py' }, blue: { kind: 'py' } } });
    expect(record.bots.red.crashes ?? 0).toBe(0);
    const replay = await (await fetch(record.replayUrl)).json();
    expect(replay.turns).toHaveLength(180);
  }, 120_000);

  it('Block drop: Python hunters in seats', async () => {
    const bots = [
      { name: 'hunter.py', py: source(DROP_HUNTER) },
      { name: 'random', js: source('src/games/blockdrop/bots/random.js') },
      { name: 'hunter 2.py', py: source(DROP_HUNTER) },
      { name: 'random 2', js: source('src/games/blockdrop/bots/random.js') },
    ];
    const record = await postTwice({ game: 'blockdrop', seed: 2, bots });
    expect(record.players.map((p: { kind: string }) => p.kind)).toEqual(['py', 'js', 'py', 'js']);
  }, 120_000);

  it('POST /v1/bots stores a .py bot, and a match with it plays as with the { py } body', async () => {
    const stored = await call('POST', '/v1/bots', { name: 'hunter.py', py: source(ICY_HUNTER), game: 'icy' });
    expect(stored.status, stored.text).toBe(201);
    expect(stored.body).toMatchObject({
      name: 'hunter.py',
      kind: 'py',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const byId = await call('POST', '/v1/matches', {
      game: 'icy',
      seed: 3,
      red: { bot: stored.body.id },
      blue: { name: 'hunter.py', py: source(ICY_HUNTER) },
    });
    expect(byId.status, byId.text).toBe(201);
    expect(byId.body.bots.red).toMatchObject({ kind: 'py', sha256: stored.body.sha256 });
    const inline = await call('POST', '/v1/matches', {
      game: 'icy',
      seed: 3,
      red: { name: 'hunter.py', py: source(ICY_HUNTER) },
      blue: { name: 'hunter.py', py: source(ICY_HUNTER) },
    });
    // The same game, move for move (the manifests may name the stored bot differently).
    const moves = async (record: { replayUrl: string }) => (await (await fetch(record.replayUrl)).json()).turns;
    expect(await moves(byId.body)).toEqual(await moves(inline.body));
    // A syntax error is refused on upload, as a JavaScript one is.
    const broken = await call('POST', '/v1/bots', { name: 'broken.py', py: 'def act(s)\n', game: 'icy' });
    expect(broken.status).toBe(422);
    expect(broken.body.error.code).toBe('BOT_INVALID');
    expect(broken.body.error.message).toMatch(/SyntaxError/);
  }, 120_000);
});
