import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The layer check (.dependency-cruiser.cjs, `npm run lint:layers`, run by .ci/run) bites:
// run on small made-up trees in a temporary folder, never on the real src/, it reports each
// forbidden import under the rule that names it, and passes a tree that keeps the layers.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A project folder holding `files`, a tsconfig like the real one, and a made-up npm package. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-layers-'));
  dirs.push(dir);
  const all: Record<string, string> = {
    'package.json': JSON.stringify({
      name: 'layers-fixture',
      type: 'module',
      private: true,
      dependencies: { fakepkg: '1.0.0' },
    }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true },
      include: ['src', 'functions'],
    }),
    'node_modules/fakepkg/package.json': JSON.stringify({
      name: 'fakepkg',
      version: '1.0.0',
      type: 'module',
      main: 'index.js',
      types: 'index.d.ts',
    }),
    'node_modules/fakepkg/index.js': 'export const x = 1;\n',
    'node_modules/fakepkg/index.d.ts': 'export declare const x: number;\n',
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

function depcruise(dir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DEPCRUISE, 'src', 'functions', '--config', CONFIG, ...args],
      { cwd: dir, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * Runs the check in `dir`: the exit code as `npm run lint:layers` gets it (the default reporter
 * exits with the number of errors) and the violations (from the JSON reporter) as "rule: from -> to".
 */
async function check(dir: string): Promise<{ code: number; violations: string[] }> {
  const [plain, json] = await Promise.all([depcruise(dir, []), depcruise(dir, ['--output-type', 'json'])]);
  let result: { summary: { violations: Violation[] } };
  try {
    result = JSON.parse(json.stdout);
  } catch {
    throw new Error(`depcruise printed no JSON (exit ${json.code}): ${json.stderr}`);
  }
  const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  return { code: plain.code, violations };
}

/** A tree that keeps every layer rule, using each kind of import the rules allow. */
const CLEAN: Record<string, string> = {
  'src/core/errors.ts': 'export class E extends Error {}\n',
  'src/core/game-rules.ts': "import type { E } from './errors.js';\nexport type GameRules = { e?: E };\n",
  'src/version.ts': "export const VERSION = '0';\n",
  'src/ratings/index.ts': "import { E } from '../core/errors.js';\nexport const r = E;\n",
  'src/viewer/controls.ts':
    "import type { GameRules } from '../core/game-rules.js';\nexport const controls = (g?: GameRules) => g;\n",
  'build/maps/x.js': 'export default {};\n',
  'build/maps/x.d.ts': 'declare const maps: Record<string, string>;\nexport default maps;\n',
  'build/viewers/x.js': "export default '';\n",
  'build/viewers/x.d.ts': 'declare const source: string;\nexport default source;\n',
  'src/games/x/rules.ts': [
    "import type { GameRules } from '../../core/game-rules.js';",
    "import maps from '../../../build/maps/x.js';",
    "import { x } from 'fakepkg';",
    'export const rules = (g?: GameRules) => [g, maps, x];',
    '',
  ].join('\n'),
  'src/games/x/module.ts':
    "import { rules } from './rules.js';\nimport { page } from './viewer/page.js';\nexport default { id: 'x', rules, page };\n",
  'src/games/x/viewer/page.ts': [
    "import { controls } from '../../../viewer/controls.js';",
    "import source from '../../../../build/viewers/x.js';",
    "import { rules } from '../rules.js';",
    'export const page = () => [controls, source, rules];',
    '',
  ].join('\n'),
  'src/games/y/module.ts': "import { E } from '../../core/errors.js';\nexport default { id: 'y', E };\n",
  // A game's example bots are programs the sandbox runs, not service code: the check skips them.
  'src/games/x/bots/make-bot.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync('bot.ant', '');\n",
  'src/games/registry.ts':
    "export { default as x } from './x/module.js';\nexport { default as y } from './y/module.js';\n",
  'src/games/catalog.ts':
    "import * as registered from './registry.js';\nexport const GAMES = Object.values(registered);\n",
  'src/sandbox/run.ts': "import { E } from '../core/errors.js';\nexport const run = () => E;\n",
  'src/store/contract/stores.ts':
    "import type { GameRules } from '../../core/game-rules.js';\nimport { r } from '../../ratings/index.js';\nexport interface Stores { game?: GameRules; r?: typeof r }\n",
  'src/local-aws/server.ts':
    "import { createServer } from 'node:http';\nimport { E } from '../core/errors.js';\nexport const serve = () => [createServer, E];\n",
  'src/match/play.ts': [
    "import { GAMES } from '../games/catalog.js';",
    "import { run } from '../sandbox/run.js';",
    "import type { Stores } from '../store/contract/stores.js';",
    "import { VERSION } from '../version.js';",
    'export const play = (s?: Stores) => [GAMES, run, s, VERSION];',
    '',
  ].join('\n'),
  'src/leaderboard/service.ts': [
    "import { play } from '../match/play.js';",
    "import { r } from '../ratings/index.js';",
    "import type { Stores } from '../store/contract/stores.js';",
    'export interface Queue { q?: Stores }',
    'export const service = () => [play, r];',
    '',
  ].join('\n'),
  'src/store/aws/stores.ts':
    "import type { Stores } from '../contract/stores.js';\nexport const awsStores = (): Stores => ({});\n",
  'src/store/memory/stores.ts':
    "import type { Stores } from '../contract/stores.js';\nexport const memoryStores = (): Stores => ({});\n",
  'src/store/embedded/stores.ts':
    "import { serve } from '../../local-aws/server.js';\nimport { awsStores } from '../aws/stores.js';\nexport const embeddedStores = () => [serve, awsStores()];\n",
  'src/store/registry.ts':
    "import { awsStores } from './aws/stores.js';\nimport { memoryStores } from './memory/stores.js';\nexport const PORTABLE = [awsStores, memoryStores];\n",
  'src/store/registry-node.ts':
    "import { embeddedStores } from './embedded/stores.js';\nimport { PORTABLE } from './registry.js';\nexport const NODE = [...PORTABLE, embeddedStores];\n",
  'src/store/factory.ts':
    "import type { Stores } from './contract/stores.js';\nexport const openStores = (backends: unknown[]): Stores & { backends: unknown[] } => ({ backends });\n",
  'src/web/routes.ts':
    "import { GAMES } from '../games/catalog.js';\nimport { controls } from '../viewer/controls.js';\nexport const web = () => [GAMES, controls];\n",
  'src/api/app.ts':
    "import { service } from '../leaderboard/service.js';\nimport type { Stores } from '../store/contract/stores.js';\nimport { web } from '../web/routes.js';\nexport const app = (s?: Stores) => [service, s, web];\n",
  'src/runtimes/kit.ts':
    "import { app } from '../api/app.js';\nimport { openStores } from '../store/factory.js';\nexport const assemble = (backends: unknown[]) => app(openStores(backends));\n",
  'src/runtimes/node/kit.ts':
    "import { assemble } from '../kit.js';\nimport { NODE } from '../../store/registry-node.js';\nexport const nodeKit = () => assemble(NODE);\n",
  'src/runtimes/workers/kit.ts':
    "import { assemble } from '../kit.js';\nimport { PORTABLE } from '../../store/registry.js';\nexport const workersKit = () => assemble(PORTABLE);\n",
  'src/cli/main.ts':
    "import { app } from '../api/app.js';\nimport { openStores } from '../store/factory.js';\nimport { NODE } from '../store/registry-node.js';\nimport { nodeKit } from '../runtimes/node/kit.js';\nexport const main = () => [app, openStores(NODE), nodeKit];\n",
  'functions/node.ts':
    "import { nodeKit } from '../src/runtimes/node/kit.js';\nexport const start = () => nodeKit();\n",
};

describe('layer check (.dependency-cruiser.cjs)', () => {
  it('runs in CI (npm run lint runs npm run lint:layers), over src and functions with this config', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts['lint:layers']).toMatch(/^depcruise src functions --config \.dependency-cruiser\.cjs$/);
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8').split('\n');
    // Directly, or through `npm run lint` (formatting, lint rules, then the layers).
    expect(scripts.lint).toMatch(/(^|&& )npm run lint:layers($| &&)/);
    const lint = ci.findIndex((line) => /^(timed )?npm run lint(:layers)?$/.test(line.trim()));
    // The tests: `npm test`, or its tiers one at a time (timed).
    const test = ci.findIndex((line) => /^(timed )?npm (test|run test:\w+)$/.test(line.trim()));
    expect(lint).toBeGreaterThan(-1);
    expect(test).toBeGreaterThan(lint);
  });

  it('passes a tree that keeps the layers', { timeout: 60_000 }, async () => {
    const result = await check(tree(CLEAN));
    expect(result.violations).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('reports each forbidden import under its rule, once, and exits non-zero', { timeout: 60_000 }, async () => {
    const bad: Record<string, string> = {
      ...CLEAN,
      // Upward from the bottom: core importing the API.
      'src/core/a.ts': "import { app } from '../api/app.js';\nexport const a = app;\n",
      'src/api/b.ts': 'export const b = 1;\n',
      // Rules code reaching the match runner, another game, the viewer kit and a Node built-in.
      'src/games/x/bad.ts': [
        "import { play } from '../../match/play.js';",
        "import y from '../y/module.js';",
        "import { controls } from '../../viewer/controls.js';",
        "import { readFileSync } from 'node:fs';",
        'export const bad = [play, y, controls, readFileSync];',
        '',
      ].join('\n'),
      // A type-only import counts too.
      'src/games/y/types.ts':
        "import type { Stores } from '../../store/contract/stores.js';\nexport type T = Stores;\n",
      // A game's viewer may use the kit, not another game's bundle.
      'src/games/x/viewer/bad.ts': "import other from '../../../../build/viewers/y.js';\nexport default other;\n",
      'build/viewers/y.js': "export default '';\n",
      // The API and the leaderboard use a concrete store.
      'src/api/store-user.ts': "import { awsStores } from '../store/aws/stores.js';\nexport const s = awsStores;\n",
      'src/leaderboard/store-user.ts':
        "import { openStores } from '../store/factory.js';\nexport const s = openStores;\n",
      'src/match/local-user.ts': "import { serve } from '../local-aws/server.js';\nexport const s = serve;\n",
      // The storage contracts are below the leaderboard; the local servers below every store.
      'src/store/contract/up.ts':
        "import { service } from '../../leaderboard/service.js';\nexport const up = service;\n",
      'src/local-aws/up.ts': "import type { Stores } from '../store/contract/stores.js';\nexport type Up = Stores;\n",
      // A backend reaching up into the leaderboard (the old folder loop store -> leaderboard -> match -> store).
      'src/store/aws/up.ts': "import { service } from '../../leaderboard/service.js';\nexport const up = service;\n",
      // An entry opening a backend itself, not through the factory.
      'src/cli/aws-user.ts': "import { awsStores } from '../store/aws/stores.js';\nexport const s = awsStores;\n",
      // A portable backend starting the Node-only local servers.
      'src/store/memory/local.ts': "import { serve } from '../../local-aws/server.js';\nexport const s = serve;\n",
      // The leaderboard importing the HTTP layer; the sandbox knowing a game; match knowing the leaderboard.
      'src/leaderboard/up.ts': "import { app } from '../api/app.js';\nexport const up = app;\n",
      'src/sandbox/up.ts': "import { GAMES } from '../games/catalog.js';\nexport const up = GAMES;\n",
      'src/match/up.ts': "import { service } from '../leaderboard/service.js';\nexport const up = service;\n",
      'src/store/up.ts': "import { play } from '../match/play.js';\nexport const up = play;\n",
      'src/api/up.ts': "import { main } from '../cli/main.js';\nexport const up = main;\n",
      'src/cli/up.ts': "import { start } from '../../functions/node.js';\nexport const up = start;\n",
      // The HTTP layer using a runtime kit; a kit using the CLI; the shared kit naming a runtime;
      // the Workers kit using the Node one; a kit opening a backend itself.
      'src/api/kit-user.ts': "import { assemble } from '../runtimes/kit.js';\nexport const k = assemble;\n",
      'src/runtimes/node/up.ts': "import { main } from '../../cli/main.js';\nexport const up = main;\n",
      'src/runtimes/shared.ts': "import { nodeKit } from './node/kit.js';\nexport const shared = nodeKit;\n",
      'src/runtimes/workers/node-user.ts': "import { nodeKit } from '../node/kit.js';\nexport const w = nodeKit;\n",
      'src/runtimes/workers/aws-user.ts':
        "import { awsStores } from '../../store/aws/stores.js';\nexport const s = awsStores;\n",
      'src/viewer/up.ts': "import x from '../games/x/module.js';\nexport const up = x;\n",
      'src/games/up-registry.ts': "import { play } from '../match/play.js';\nexport const up = play;\n",
      'src/misc/stray.ts': "import { E } from '../core/errors.js';\nexport const stray = E;\n",
      'src/api/missing.ts': "import { gone } from './gone.js';\nexport const m = gone;\n",
      // A cycle (inside one layer, so only the cycle rule applies).
      'src/cli/p.ts': "import { q } from './q.js';\nexport const p = () => q;\n",
      'src/cli/q.ts': "import { p } from './p.js';\nexport const q = () => p;\n",
    };
    const result = await check(tree(bad));
    expect(result.violations).toEqual(
      [
        'core-imports-only-core: src/core/a.ts -> src/api/app.ts',
        'game-rules-import-only-core-and-own-folder: src/games/x/bad.ts -> src/match/play.ts',
        'game-rules-import-only-core-and-own-folder: src/games/x/bad.ts -> src/games/y/module.ts',
        'game-rules-import-only-core-and-own-folder: src/games/x/bad.ts -> src/viewer/controls.ts',
        // depcruise names Node built-ins without the node: prefix.
        'game-rules-import-only-core-and-own-folder: src/games/x/bad.ts -> fs',
        'game-rules-import-only-core-and-own-folder: src/games/y/types.ts -> src/store/contract/stores.ts',
        'game-viewer-imports-only-core-own-game-and-viewer-kit: src/games/x/viewer/bad.ts -> build/viewers/y.js',
        'no-concrete-store: src/api/store-user.ts -> src/store/aws/stores.ts',
        'no-concrete-store: src/leaderboard/store-user.ts -> src/store/factory.ts',
        'no-concrete-store: src/match/local-user.ts -> src/local-aws/server.ts',
        'store-contract-imports-only-ratings-and-core: src/store/contract/up.ts -> src/leaderboard/service.ts',
        'local-aws-imports-only-core: src/local-aws/up.ts -> src/store/contract/stores.ts',
        'store-imports-only-below: src/store/aws/up.ts -> src/leaderboard/service.ts',
        'portable-store-needs-no-local-servers: src/store/memory/local.ts -> src/local-aws/server.ts',
        'entries-open-stores-through-the-factory: src/cli/aws-user.ts -> src/store/aws/stores.ts',
        'leaderboard-imports-only-below: src/leaderboard/up.ts -> src/api/app.ts',
        'sandbox-imports-only-core: src/sandbox/up.ts -> src/games/catalog.ts',
        'match-imports-only-games-sandbox-and-core: src/match/up.ts -> src/leaderboard/service.ts',
        'store-imports-only-below: src/store/up.ts -> src/match/play.ts',
        'api-imports-nothing-above: src/api/up.ts -> src/cli/main.ts',
        'src-never-imports-functions: src/cli/up.ts -> functions/node.ts',
        'api-imports-nothing-above: src/api/kit-user.ts -> src/runtimes/kit.ts',
        'runtimes-import-nothing-above: src/runtimes/node/up.ts -> src/cli/main.ts',
        'shared-kit-knows-no-runtime: src/runtimes/shared.ts -> src/runtimes/node/kit.ts',
        'workers-runtime-needs-no-node: src/runtimes/workers/node-user.ts -> src/runtimes/node/kit.ts',
        'entries-open-stores-through-the-factory: src/runtimes/workers/aws-user.ts -> src/store/aws/stores.ts',
        'viewer-kit-knows-no-game: src/viewer/up.ts -> src/games/x/module.ts',
        'not-in-a-layer: src/games/up-registry.ts -> src/match/play.ts',
        'not-in-a-layer: src/misc/stray.ts -> src/core/errors.ts',
        'not-to-unresolvable: src/api/missing.ts -> ./gone.js',
        // One report per cycle, at the edge that closes it.
        'no-circular: src/cli/p.ts -> src/cli/q.ts',
      ].sort(),
    );
    expect(result.code).toBe(result.violations.length);
  });

  it('catches the upward imports of the brief one at a time', { timeout: 60_000 }, async () => {
    const cases: [string, Record<string, string>, string][] = [
      [
        'src/core/a.ts',
        {
          'src/core/a.ts': "import { b } from '../api/b.js';\nexport const a = b;\n",
          'src/api/b.ts': 'export const b = 1;\n',
        },
        'core-imports-only-core',
      ],
      [
        'src/games/x/rules.ts',
        {
          'src/games/x/rules.ts': "import { m } from '../../match/m.js';\nexport const r = m;\n",
          'src/match/m.ts': 'export const m = 1;\n',
        },
        'game-rules-import-only-core-and-own-folder',
      ],
      [
        'src/api/app.ts',
        {
          'src/api/app.ts': "import { s } from '../store/aws.js';\nexport const app = s;\n",
          'src/store/aws.ts': 'export const s = 1;\n',
        },
        'no-concrete-store',
      ],
      [
        'src/web/page.ts',
        {
          'src/web/page.ts': "import { l } from '../leaderboard/l.js';\nexport const page = l;\n",
          'src/leaderboard/l.ts': 'export const l = 1;\n',
        },
        'web-imports-only-games-viewer-and-core',
      ],
      [
        'src/web/store.ts',
        {
          'src/web/store.ts': "import { s } from '../store/aws.js';\nexport const page = s;\n",
          'src/store/aws.ts': 'export const s = 1;\n',
        },
        'web-imports-only-games-viewer-and-core',
      ],
      [
        'src/store/contract/x.ts',
        {
          'src/store/contract/x.ts': "import { l } from '../../leaderboard/l.js';\nexport const x = l;\n",
          'src/leaderboard/l.ts': 'export const l = 1;\n',
        },
        'store-contract-imports-only-ratings-and-core',
      ],
      [
        'src/store/aws/x.ts',
        {
          'src/store/aws/x.ts': "import { l } from '../../leaderboard/l.js';\nexport const x = l;\n",
          'src/leaderboard/l.ts': 'export const l = 1;\n',
        },
        'store-imports-only-below',
      ],
      [
        'src/match/m.ts',
        {
          'src/match/m.ts': "import { s } from '../local-aws/s.js';\nexport const m = s;\n",
          'src/local-aws/s.ts': 'export const s = 1;\n',
        },
        'no-concrete-store',
      ],
    ];
    const results = await Promise.all(
      cases.map(([, files]) => check(tree({ 'functions/node.ts': 'export {};\n', ...files }))),
    );
    cases.forEach(([from, , rule], i) => {
      expect(
        results[i]!.violations.map((v) => v.split(':')[0]),
        from,
      ).toEqual([rule]);
      expect(results[i]!.code, from).toBeGreaterThan(0);
    });
  });
});
