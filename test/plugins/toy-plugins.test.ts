import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addPlugin, commandsIn, copyProject, differences } from '../support/plugin-copy.js';
import { useServer } from '../support/server.js';
import { TOY_GAME, TOY_GAME_FILES, toyGameTests } from './toy-game.js';
import { TOY_LANGUAGE, TOY_LANGUAGE_FILES, toyLanguageTests } from './toy-language.js';

// Plug-ins are folders found by a registry. In a copy of the project (tracked and new files),
// a toy fifth game and a toy bot language are each added as one folder plus one line in their
// registry, with no other file changed; the copy is built and used as a user would, through
// its CLI and its server. Both go in one copy so that it is built once: the build is most of
// the time these tests take.
//
// Each fixture's `.ts.txt` files become `.ts` (kept as text in test/ because their relative
// imports are right only in the copy's src/, and test/ is type-checked). The build of the copy
// runs prebuild, tsc and the bundles. The metered engines and the rest of scripts/build-wasm.mjs's
// outputs depend on neither registry: they are copied from this checkout's build/ when there
// (about 30 s saved); TOY_FULL_BUILD=1 builds them too.

const ROOT = process.cwd();
const copy = mkdtempSync(join(tmpdir(), 'umpire-toy-'));
const commands = commandsIn(copy);
/** The server of the copy (its dist/), started once the copy is built. */
const server = useServer(
  { cwd: copy, dataDir: join(copy, '.data-toy'), env: { UMPIRE_WORKERS: '1' } },
  { startBeforeAll: false },
);

afterAll(async () => {
  await server.stop();
  rmSync(copy, { recursive: true, force: true });
}, 15_000);

/** The build/ outputs of scripts/build-wasm.mjs, which no registry changes. */
const engineOutput = (name: string) =>
  name.endsWith('.wasm') || name === 'quickjs-glue.cjs' || name.startsWith('wasm-harness-source.') || name === 'bots';

describe('toy plug-ins: a game and a bot language, each one folder and one registry line', () => {
  it('are added to a copy of the project with no other file changed', () => {
    const original = copyProject(ROOT, copy);
    // This test and its fixtures are in the copy too: the plug-ins are added from them.
    expect(original.has('test/plugins/toy-plugins.test.ts')).toBe(true);
    for (const plugin of [TOY_GAME, TOY_LANGUAGE])
      expect(original.get(plugin.registry)!.toString()).not.toContain(plugin.line.trim());

    const added = [TOY_GAME, TOY_LANGUAGE].flatMap((plugin) => addPlugin(copy, original, plugin)).sort();

    // What differs from the project: the two new folders, and each registry by its one added line.
    const { created, removed, changed } = differences(copy, original, TOY_GAME.registry);
    expect(removed).toEqual([]);
    expect(created).toEqual(added);
    expect(created.filter((p) => p.startsWith('src/sandbox/'))).toEqual(TOY_LANGUAGE_FILES);
    expect(created.filter((p) => !p.startsWith('src/sandbox/')).every((p) => p.startsWith('src/games/toy/'))).toBe(
      true,
    );
    // The game's example bots, named maps and a subcommand of its own are in its folder too.
    expect(created).toEqual(expect.arrayContaining(TOY_GAME_FILES));
    expect(changed.sort()).toEqual([TOY_GAME.registry, TOY_LANGUAGE.registry].sort());
    for (const plugin of [TOY_GAME, TOY_LANGUAGE]) {
      const { registryBefore, registryAfter } = differences(copy, original, plugin.registry);
      expect(registryAfter).toEqual([...registryBefore, plugin.line.trim()]);
    }
  });

  it('builds: the viewer bundle, tsc, the server, match worker and CLI bundles, each folder within its layer', async () => {
    const { mustRun } = commands;
    const times: Record<string, number> = {};
    const prebuild = await mustRun(process.execPath, ['scripts/prebuild.mjs']);
    times.prebuild = prebuild.ms;
    expect(prebuild.stdout).toMatch(/build\/viewers\/toy\.js: \d+ bytes/);
    expect(prebuild.stdout).toContain('build/maps/toy.js: 2 maps');
    times.tsc = (await mustRun(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'])).ms;
    expect(existsSync(join(copy, 'dist/games/toy/module.js'))).toBe(true);
    expect(existsSync(join(copy, 'dist/sandbox/tally/language.js'))).toBe(true);
    if (process.env.TOY_FULL_BUILD !== '1' && existsSync(join(ROOT, 'build/quickjs-metered.wasm'))) {
      for (const name of readdirSync(join(ROOT, 'build')).filter(engineOutput))
        cpSync(join(ROOT, 'build', name), join(copy, 'build', name), { recursive: true });
    } else {
      times.buildWasm = (await mustRun(process.execPath, ['scripts/build-wasm.mjs'], 300_000)).ms;
    }
    times.bundleFunctions = (await mustRun(process.execPath, ['scripts/bundle-functions.mjs'])).ms;
    expect(existsSync(join(copy, 'dist/functions/match-worker.js'))).toBe(true);
    times.bundleCli = (await mustRun(process.execPath, ['scripts/bundle-cli.mjs'])).ms;
    expect(existsSync(join(copy, 'dist/bin/umpire.js'))).toBe(true);
    // Each folder keeps to its layer: the game imports only src/core, src/version.ts, src/viewer
    // and itself; the language only src/sandbox and src/core.
    times.layers = (
      await mustRun(process.execPath, [
        'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
        'src/games/toy',
        TOY_GAME.registry,
        'src/sandbox',
        'src/core',
        '--config',
        '.dependency-cruiser.cjs',
      ])
    ).ms;
    console.log(`toy plug-ins build of the copy (ms): ${JSON.stringify(times)}`);
  }, 240_000);

  // The game's API test starts the copy's server; the language's uses it too.
  toyGameTests(copy, commands, server);
  toyLanguageTests(copy, commands, server);
});
