import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { type Commands, type Plugin, sha256 } from '../support/plugin-copy.js';
import type { ServerFixture } from '../support/server.js';
import { apiClient } from '../api/http.js';

// The toy bot language: test/fixtures/toy-language/ becomes src/sandbox/tally/, and
// src/sandbox/languages.ts gets one line. Tally is a tiny interpreted language (say, log,
// repeat N ... end, loop ... end) whose interpreter charges fuel per step, under the sandbox's
// common lifecycle (src/sandbox/lifecycle.ts). Its tests run in the copy toy-plugins.test.ts builds.

export const TOY_LANGUAGE: Plugin = {
  fixture: join(process.cwd(), 'test/fixtures/toy-language'),
  folder: 'src/sandbox/tally',
  registry: 'src/sandbox/languages.ts',
  line: "export { tally } from './tally/language.js';\n",
};

export const TOY_LANGUAGE_FILES = [
  'src/sandbox/tally/language.ts',
  'src/sandbox/tally/parse.ts',
  'src/sandbox/tally/tally-bot.ts',
];

/** Every child idles, every turn: four lines of `idle`. */
const IDLE_TALLY = '# idles\nrepeat 4\n  say idle\\n\nend\nlog idling\n';
/** What one call of IDLE_TALLY costs: 1 repeat, 4 says of 5 characters and 1 log of 6 (1,000 a step, 20 a character). */
const IDLE_FUEL = 1000 + 4 * (1000 + 5 * 20) + (1000 + 6 * 20);
/** Never stops by itself: its fuel stops it, every turn. */
const ENDLESS_TALLY = 'loop\n  say x\nend\n';
const IDLE_JS = "export default function act() {\n  return 'idle\\nidle\\nidle\\nidle\\n';\n}\n";

/** The toy language's tests, in the built copy: through its CLI and through its server. */
export function toyLanguageTests(copy: string, { run }: Commands, server: ServerFixture): void {
  const replayOf = (file: string) => JSON.parse(gunzipSync(readFileSync(join(copy, file))).toString());
  type Call = { f: number; x?: string; d?: string };
  const redCalls = (replay: { turns: { c: Call[] }[] }) => replay.turns.map((t) => t.c[0]!);

  it('toy language: plays through the CLI: a .tally file is a Tally bot, charged per step, the same replay twice', async () => {
    writeFileSync(join(copy, 'idle.tally'), IDLE_TALLY);
    writeFileSync(join(copy, 'endless.tally'), ENDLESS_TALLY);
    writeFileSync(join(copy, 'idle.js'), IDLE_JS);
    const match = async (red: string, out: string, extra: string[] = []) => {
      const r = await run(process.execPath, [
        'bin/umpire.mjs',
        'match',
        '--red',
        red,
        '--blue',
        'idle.js',
        '--seed',
        '4',
        '--out',
        out,
        '--logs',
        `${out}.logs.json`,
        ...extra,
      ]);
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };

    const summary = await match('idle.tally', 'a.json.gz');
    expect(summary).toMatchObject({ forfeit: null });
    const replay = replayOf('a.json.gz');
    expect(replay.manifest.bots.red).toEqual({ name: 'idle.tally', sha256: sha256(IDLE_TALLY), kind: 'tally' });
    // Every call answered, each charged exactly its steps.
    expect(redCalls(replay).every((c) => c.f === IDLE_FUEL && c.x === undefined)).toBe(true);
    expect(JSON.parse(readFileSync(join(copy, 'a.json.gz.logs.json'), 'utf8')).red).toMatch(/^idling\nidling\n/);
    await match('idle.tally', 'b.json.gz');
    expect(readFileSync(join(copy, 'b.json.gz')).equals(readFileSync(join(copy, 'a.json.gz')))).toBe(true);

    // An endless loop is stopped at its fuel every turn: over budget, charged its budget, and the match goes on.
    const fuel = 2_000_000;
    await match('endless.tally', 'c.json.gz', ['--fuel', String(fuel)]);
    const endless = redCalls(replayOf('c.json.gz'));
    expect(endless.length).toBeGreaterThan(10);
    expect(endless.slice(1).every((c) => c.x === 'over_budget' && c.f === fuel && c.d === 'used up its fuel')).toBe(
      true,
    );
    await match('endless.tally', 'd.json.gz', ['--fuel', String(fuel)]);
    expect(readFileSync(join(copy, 'd.json.gz')).equals(readFileSync(join(copy, 'c.json.gz')))).toBe(true);

    // A program that does not parse does not load: its seat forfeits.
    writeFileSync(join(copy, 'broken.tally'), 'repeat 2\nsay x\n');
    const refused = await run(process.execPath, [
      'bin/umpire.mjs',
      'match',
      '--red',
      'broken.tally',
      '--blue',
      'idle.js',
    ]);
    expect(`${refused.stdout}${refused.stderr}`).toContain('line 1: repeat or loop without end');
  }, 120_000);

  it('toy language: plays through the API: listed, uploaded, played against a stored bot, stored and its replay fetched', async () => {
    const base = server.base;
    const { call } = apiClient(() => base);

    const icy = (await call('GET', '/v1/games')).body.games.find((g: { id: string }) => g.id === 'icy');
    expect(icy.bots).toEqual({ form: 'code', kinds: ['js', 'py', 'tally', 'ts', 'wasm'] });

    // Uploaded as a file: its extension says it is Tally.
    const form = new FormData();
    form.set('game', 'icy');
    form.set('bot', new Blob([IDLE_TALLY]), 'idle.tally');
    const uploaded = await fetch(`${base}/v1/bots`, { method: 'POST', body: form });
    const stored = await uploaded.json();
    expect(uploaded.status, JSON.stringify(stored)).toBe(201);
    expect(stored).toMatchObject({ name: 'idle.tally', kind: 'tally', sha256: sha256(IDLE_TALLY) });

    // A program that does not parse is refused on upload, with the line.
    const bad = await call('POST', '/v1/bots', { tally: 'loop\nsay x\n', game: 'icy' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toContain('line 1: repeat or loop without end');

    const created = await call('POST', '/v1/matches', {
      game: 'icy',
      seed: 9,
      red: { bot: stored.id },
      blue: { name: 'idle', js: IDLE_JS },
    });
    expect(created.status, created.text).toBe(201);
    const record = created.body;
    expect(record).toMatchObject({ game: 'icy', status: 'finished', bots: { red: { sha256: sha256(IDLE_TALLY) } } });
    const replay = await (await fetch(record.replayUrl)).json();
    expect(replay.manifest.bots.red).toMatchObject({ kind: 'tally', sha256: sha256(IDLE_TALLY) });
    expect(redCalls(replay).every((c) => c.f === IDLE_FUEL && c.x === undefined)).toBe(true);

    // Sent with the request under its field, the same bot plays the same match.
    const again = await call('POST', '/v1/matches', {
      game: 'icy',
      seed: 9,
      red: { name: 'idle.tally', tally: IDLE_TALLY },
      blue: { name: 'idle', js: IDLE_JS },
    });
    expect(again.status, again.text).toBe(201);
    const verified = await call('POST', `/v1/matches/${again.body.id}/verify`);
    expect(verified.body).toMatchObject({ identical: true });
  }, 90_000);
}
