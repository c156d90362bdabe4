import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { type Commands, type Plugin, sha256 } from '../support/plugin-copy.js';
import type { ServerFixture } from '../support/server.js';
import { apiClient } from '../api/http.js';

// The toy fifth game (issue 15's Must-show; issue 25: it brings its example bots, named maps and
// a subcommand of its own): test/fixtures/toy-game/ becomes src/games/toy/, and
// src/games/registry.ts gets one line. Its tests run in the copy toy-plugins.test.ts builds.

export const TOY_GAME: Plugin = {
  fixture: join(process.cwd(), 'test/fixtures/toy-game'),
  folder: 'src/games/toy',
  registry: 'src/games/registry.ts',
  line: "export { default as toy } from './toy/module.js';\n",
};

/** Files the game's folder must bring besides its module. */
export const TOY_GAME_FILES = [
  'src/games/toy/module.ts',
  'src/games/toy/viewer/main.ts',
  'src/games/toy/viewer/page.ts',
  'src/games/toy/README.md',
  'src/games/toy/bots/seven.js',
  'src/games/toy/maps/digits.txt',
  'src/games/toy/cli/scores.ts',
];

/** Always 7. */
const RED_JS = `// toy bot: always 7\nexport default function act() {\n  return '7';\n}\n`;
/** 9 for the first three turns, then junk on odd turns and 2 on even ones: blue scores 3, red 7. */
const BLUE_JS = `// toy bot: 9 early, then junk or 2\nexport default function act(input) {\n  const turn = Number(input.split(' ')[0]);\n  if (turn < 3) return '9';\n  return turn % 2 ? 'junk' : '2';\n}\n`;

/** The toy game's tests, in the built copy: through its CLI and through its server. */
export function toyGameTests(copy: string, { run, mustRun }: Commands, server: ServerFixture): void {
  it('toy game: plays through the CLI: `umpire match --game toy` writes the replay and names the winner', async () => {
    writeFileSync(join(copy, 'A.js'), RED_JS);
    writeFileSync(join(copy, 'B.js'), BLUE_JS);
    const help = await mustRun(process.execPath, ['bin/umpire.mjs', '--help']);
    expect(help.stdout).toContain('umpire match --game toy --red A.js --blue B.js');

    const r = await run(process.execPath, [
      'bin/umpire.mjs',
      'match',
      '--game',
      'toy',
      '--red',
      'A.js',
      '--blue',
      'B.js',
      '--out',
      'r.json.gz',
      '--logs',
      'logs.json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      game: 'toy',
      seed: 1,
      winner: 'red',
      forfeit: null,
      scores: { red: 7, blue: 3 },
      turns: 10,
    });
    expect(summary.bots.red).toMatchObject({
      name: 'A.js',
      kind: 'js',
      sha256: sha256(RED_JS),
      errors: 0,
      timeouts: 0,
    });

    const replay = JSON.parse(gunzipSync(readFileSync(join(copy, 'r.json.gz'))).toString());
    expect(replay).toMatchObject({
      format: 'umpire-toy-replay/1',
      seed: 1,
      manifest: { game: 'toy', names: { red: 'A.js', blue: 'B.js' } },
      result: { winner: 'red', scores: { red: 7, blue: 3 } },
    });
    expect(replay.turns.map((t: { n: unknown }) => t.n)).toEqual([
      [7, 9],
      [7, 9],
      [7, 9],
      [7, null],
      [7, 2],
      [7, null],
      [7, 2],
      [7, null],
      [7, 2],
      [7, null],
    ]);
    expect(JSON.parse(readFileSync(join(copy, 'logs.json'), 'utf8'))).toEqual({
      red: expect.any(String),
      blue: expect.any(String),
    });

    // Its own subcommand, listed by --help and found through the registry.
    expect(help.stdout).toContain('umpire toy-scores REPLAY...');
    const scores = await run(process.execPath, ['bin/umpire.mjs', 'toy-scores', 'r.json.gz']);
    expect(scores.status, scores.stderr).toBe(0);
    expect(scores.stdout).toBe('r.json.gz: red 7, blue 3, winner red\n');

    const wrong = await run(process.execPath, ['bin/umpire.mjs', 'match', '--game', 'toy', '--red', 'A.js']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--red and --blue are required');
  }, 60_000);

  it('toy game: plays through the API: lists the game, stores, serves, verifies, lists and views the match', async () => {
    await server.start();
    const base = server.base;
    const { call } = apiClient(() => base);

    const games = await call('GET', '/v1/games');
    expect(games.status).toBe(200);
    expect(games.body.games.map((g: { id: string }) => g.id)).toEqual(
      expect.arrayContaining(['icy', 'ants', 'blockdrop', 'capture', 'toy']),
    );
    expect(games.body.games.find((g: { id: string }) => g.id === 'toy')).toMatchObject({
      title: 'Higher number',
      seats: ['red', 'blue'],
      bots: { form: 'code' },
    });
    expect((await call('GET', '/v1/games/toy/replay-schema')).body).toMatchObject({ type: 'object' });
    // Its maps/ folder, bundled by the build.
    const maps = await call('GET', '/v1/games/toy/maps');
    expect(maps.body.maps.map((m: { name: string }) => m.name)).toEqual(['digits', 'odd']);
    expect(maps.body.maps[1]).toMatchObject({ name: 'odd', digits: 5 });

    const created = await call('POST', '/v1/matches', {
      game: 'toy',
      seed: 5,
      red: { name: 'seven', js: RED_JS },
      blue: { name: 'mixed', js: BLUE_JS },
    });
    expect(created.status, created.text).toBe(201);
    const record = created.body;
    expect(record).toMatchObject({
      game: 'toy',
      status: 'finished',
      winner: 'red',
      scores: { red: 7, blue: 3 },
      turns: 10,
      bots: { red: { name: 'seven', sha256: sha256(RED_JS) }, blue: { name: 'mixed', sha256: sha256(BLUE_JS) } },
    });

    expect((await call('GET', `/v1/matches/${record.id}`)).body).toEqual(record);

    const replayResponse = await fetch(record.replayUrl);
    expect(replayResponse.status).toBe(200);
    const replay = await replayResponse.json();
    expect(replay).toMatchObject({
      format: 'umpire-toy-replay/1',
      seed: 5,
      manifest: { game: 'toy', names: { red: 'seven', blue: 'mixed' } },
      result: { winner: 'red' },
    });
    expect(replay.turns).toHaveLength(10);
    const { ToyReplaySchema } = await import(join(copy, 'dist/games/toy/replay-schema.js'));
    expect(ToyReplaySchema.safeParse(replay).success).toBe(true);

    const verified = await call('POST', `/v1/matches/${record.id}/verify`);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ id: record.id, identical: true, firstDifferentTurn: null });

    const listed = await call('GET', `/v1/matches?bot=${sha256(RED_JS)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((m: { id: string }) => m.id)).toContain(record.id);

    const view = await fetch(record.viewUrl);
    expect(view.status).toBe(200);
    const html = await view.text();
    expect(html).toContain(`Higher number match ${record.id}`);
    expect(html).toContain('data-game="toy"');
    // The bundled toy viewer (build/viewers/toy.js) is inlined.
    expect(html).toContain('umpire-toy-replay/1');
  }, 60_000);
}
