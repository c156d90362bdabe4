import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { addPlugin, copyProject, differences } from '../../support/plugin-copy.js';
import { useServer } from '../../support/server.js';

// Issue 15's Must-show: a toy fifth game added as a folder plus one registry line, with no
// other file changed, plays through the CLI and the API, stores, verifies and lists. Issue 25:
// the folder brings its example bots, named maps and a subcommand of its own as well.
//
// In a copy of the project (tracked and new files), test/fixtures/toy-game/ becomes
// src/games/toy/ (its `.ts.txt` files become `.ts`: kept as text in test/ because their
// relative imports are right only in src/games/toy/, and test/ is type-checked), and
// src/games/registry.ts gets one line. The copy is built and used as a user would.
//
// The build of the copy runs prebuild, tsc and bundle-functions. The metered QuickJS and
// the rest of scripts/build-wasm.mjs's outputs do not depend on the games: they are copied
// from this checkout's build/ when there (about 30 s saved); TOY_FULL_BUILD=1 builds them too.

const ROOT = process.cwd();
const FIXTURE = join(ROOT, 'test/fixtures/toy-game');
const REGISTRY = 'src/games/registry.ts';
const REGISTRY_LINE = "export { default as toy } from './toy/module.js';\n";

/** Always 7. */
const RED_JS = `// toy bot: always 7\nexport default function act() {\n  return '7';\n}\n`;
/** 9 for the first three turns, then junk on odd turns and 2 on even ones: blue scores 3, red 7. */
const BLUE_JS = `// toy bot: 9 early, then junk or 2\nexport default function act(input) {\n  const turn = Number(input.split(' ')[0]);\n  if (turn < 3) return '9';\n  return turn % 2 ? 'junk' : '2';\n}\n`;

const copy = mkdtempSync(join(tmpdir(), 'umpire-toy-'));
/** The server of the copy (its dist/), started by the API test. */
const server = useServer(
  { cwd: copy, dataDir: join(copy, '.data-toy'), env: { UMPIRE_WORKERS: '1' } },
  { startBeforeAll: false },
);

afterAll(async () => {
  await server.stop();
  rmSync(copy, { recursive: true, force: true });
}, 15_000);

function run(command: string, args: string[], timeout = 120_000) {
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: copy, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started, error: r.error };
}

function mustRun(command: string, args: string[], timeout?: number) {
  const r = run(command, args, timeout);
  if (r.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${r.status}${r.error ? ` (${r.error.message})` : ''}\n${r.stdout}\n${r.stderr}`,
    );
  return r;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('a toy fifth game: one folder and one registry line', () => {
  let original = new Map<string, Buffer>();

  it('is added to a copy of the project with no other file changed', () => {
    original = copyProject(ROOT, copy);
    // This test and its fixture are in the copy too: the plug-in is added from them.
    expect(original.has('test/games/registry/toy-game.test.ts')).toBe(true);
    expect(original.has(REGISTRY)).toBe(true);
    expect(original.get(REGISTRY)!.toString()).not.toContain("'./toy/");

    // The game: the fixture folder as src/games/toy/, and one line in the registry.
    const added = addPlugin(copy, original, {
      fixture: FIXTURE,
      folder: 'src/games/toy',
      registry: REGISTRY,
      line: REGISTRY_LINE,
    });

    // What differs from the project: the new folder and the registry only, by one added line.
    const {
      created,
      removed,
      changed,
      registryBefore: before,
      registryAfter: after,
    } = differences(copy, original, REGISTRY);
    expect(removed).toEqual([]);
    expect(created).toEqual(added);
    expect(created.every((p) => p.startsWith('src/games/toy/'))).toBe(true);
    expect(created).toEqual(
      expect.arrayContaining([
        'src/games/toy/module.ts',
        'src/games/toy/viewer/main.ts',
        'src/games/toy/viewer/page.ts',
        'src/games/toy/README.md',
        // Its example bots, named maps and a subcommand of its own are in the folder too.
        'src/games/toy/bots/seven.js',
        'src/games/toy/maps/digits.txt',
        'src/games/toy/cli/scores.ts',
      ]),
    );
    expect(changed).toEqual([REGISTRY]);
    expect(after).toEqual([...before, REGISTRY_LINE.trim()]);
  });

  it('builds: the viewer bundle, tsc, the server, match worker and CLI bundles', () => {
    const times: Record<string, number> = {};
    const prebuild = mustRun(process.execPath, ['scripts/prebuild.mjs']);
    times.prebuild = prebuild.ms;
    expect(prebuild.stdout).toMatch(/build\/viewers\/toy\.js: \d+ bytes/);
    expect(prebuild.stdout).toContain('build/maps/toy.js: 2 maps');
    times.tsc = mustRun(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']).ms;
    expect(existsSync(join(copy, 'dist/games/toy/module.js'))).toBe(true);
    const wasm = join(ROOT, 'build/quickjs-metered.wasm');
    if (process.env.TOY_FULL_BUILD !== '1' && existsSync(wasm)) {
      for (const name of readdirSync(join(ROOT, 'build'))) {
        if (
          name === 'quickjs-metered.wasm' ||
          name === 'micropython-metered.wasm' ||
          name === 'micropython-bridge.wasm' ||
          name === 'wasm-depth-access.wasm' ||
          name.startsWith('wasm-harness-source.') ||
          name === 'bots'
        )
          cpSync(join(ROOT, 'build', name), join(copy, 'build', name), { recursive: true });
      }
    } else {
      times.buildWasm = mustRun(process.execPath, ['scripts/build-wasm.mjs'], 300_000).ms;
    }
    times.bundleFunctions = mustRun(process.execPath, ['scripts/bundle-functions.mjs']).ms;
    expect(existsSync(join(copy, 'dist/functions/match-worker.js'))).toBe(true);
    times.bundleCli = mustRun(process.execPath, ['scripts/bundle-cli.mjs']).ms;
    expect(existsSync(join(copy, 'dist/bin/umpire.js'))).toBe(true);
    // The folder keeps to its layer: it imports only src/core, src/version.ts, src/viewer and itself.
    times.layers = mustRun(process.execPath, [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      'src/games/toy',
      'src/games/registry.ts',
      '--config',
      '.dependency-cruiser.cjs',
    ]).ms;
    console.log(`toy game build of the copy (ms): ${JSON.stringify(times)}`);
  }, 240_000);

  it('plays through the CLI: `umpire match --game toy` writes the replay and names the winner', () => {
    writeFileSync(join(copy, 'A.js'), RED_JS);
    writeFileSync(join(copy, 'B.js'), BLUE_JS);
    const help = mustRun(process.execPath, ['bin/umpire.mjs', '--help']);
    expect(help.stdout).toContain('umpire match --game toy --red A.js --blue B.js');

    const r = run(process.execPath, [
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
    const scores = run(process.execPath, ['bin/umpire.mjs', 'toy-scores', 'r.json.gz']);
    expect(scores.status, scores.stderr).toBe(0);
    expect(scores.stdout).toBe('r.json.gz: red 7, blue 3, winner red\n');

    const wrong = run(process.execPath, ['bin/umpire.mjs', 'match', '--game', 'toy', '--red', 'A.js']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--red and --blue are required');
  }, 60_000);

  it('plays through the API: lists the game, stores, serves, verifies, lists and views the match', async () => {
    await server.start();
    const base = server.base;
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await r.text();
      return {
        status: r.status,
        text,
        body: r.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null,
      };
    };

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
});
