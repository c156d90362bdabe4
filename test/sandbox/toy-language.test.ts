import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { addPlugin, copyProject, differences } from '../support/plugin-copy.js';
import { freePort } from '../support/server.js';
import { waitForOutput } from '../support/process-output.js';

// A toy bot language added as a folder plus one registry line, with no other file changed,
// plays through the CLI and the API, fuel-bounded and deterministic.
//
// In a copy of the project (tracked and new files), test/fixtures/toy-language/ becomes
// src/sandbox/tally/ (its `.ts.txt` files become `.ts`: their relative imports are right only
// there), and src/sandbox/languages.ts gets one line. Tally is a tiny interpreted language
// (say, log, repeat N ... end, loop ... end) whose interpreter charges fuel per step, under the
// sandbox's common lifecycle (src/sandbox/lifecycle.ts). The copy is built and used as a user would.

const ROOT = process.cwd();
const FIXTURE = join(ROOT, 'test/fixtures/toy-language');
const REGISTRY = 'src/sandbox/languages.ts';
const REGISTRY_LINE = "export { tally } from './tally/language.js';\n";

/** Every child idles, every turn: four lines of `idle`. */
const IDLE_TALLY = '# idles\nrepeat 4\n  say idle\\n\nend\nlog idling\n';
/** What one call of IDLE_TALLY costs: 1 repeat, 4 says of 5 characters and 1 log of 6 (1,000 a step, 20 a character). */
const IDLE_FUEL = 1000 + 4 * (1000 + 5 * 20) + (1000 + 6 * 20);
/** Never stops by itself: its fuel stops it, every turn. */
const ENDLESS_TALLY = 'loop\n  say x\nend\n';
const IDLE_JS = "export default function act() {\n  return 'idle\\nidle\\nidle\\nidle\\n';\n}\n";

const copy = mkdtempSync(join(tmpdir(), 'umpire-toy-language-'));
let server: ChildProcess | null = null;

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server?.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(copy, { recursive: true, force: true });
}, 15_000);

function run(command: string, args: string[], timeout = 120_000) {
  const r = spawnSync(command, args, { cwd: copy, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, error: r.error };
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
const replayOf = (file: string) => JSON.parse(gunzipSync(readFileSync(join(copy, file))).toString());
type Call = { f: number; x?: string; d?: string };
const redCalls = (replay: { turns: { c: Call[] }[] }) => replay.turns.map((t) => t.c[0]!);

describe('a toy bot language: one folder and one registry line', () => {
  let original = new Map<string, Buffer>();

  it('is added to a copy of the project with no other file changed', () => {
    original = copyProject(ROOT, copy);
    // This test and its fixture are in the copy too: the plug-in is added from them.
    expect(original.has('test/sandbox/toy-language.test.ts')).toBe(true);
    expect(original.get(REGISTRY)!.toString()).not.toContain("'./tally/");

    const added = addPlugin(copy, original, {
      fixture: FIXTURE,
      folder: 'src/sandbox/tally',
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
    expect(created).toEqual([
      'src/sandbox/tally/language.ts',
      'src/sandbox/tally/parse.ts',
      'src/sandbox/tally/tally-bot.ts',
    ]);
    expect(changed).toEqual([REGISTRY]);
    expect(after).toEqual([...before, REGISTRY_LINE.trim()]);
  });

  it('builds: tsc, the server, match worker and CLI bundles, within the layers', () => {
    mustRun(process.execPath, ['scripts/prebuild.mjs']);
    mustRun(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
    expect(existsSync(join(copy, 'dist/sandbox/tally/language.js'))).toBe(true);
    const wasm = join(ROOT, 'build/quickjs-metered.wasm');
    if (process.env.TOY_FULL_BUILD !== '1' && existsSync(wasm)) {
      // The engines and bots scripts/build-wasm.mjs makes do not depend on the languages' registry.
      for (const name of readdirSync(join(ROOT, 'build'))) {
        if (
          name.endsWith('.wasm') ||
          name === 'quickjs-glue.cjs' ||
          name.startsWith('wasm-harness-source.') ||
          name === 'bots'
        )
          cpSync(join(ROOT, 'build', name), join(copy, 'build', name), { recursive: true });
      }
    } else {
      mustRun(process.execPath, ['scripts/build-wasm.mjs'], 300_000);
    }
    mustRun(process.execPath, ['scripts/bundle-functions.mjs']);
    mustRun(process.execPath, ['scripts/bundle-cli.mjs']);
    expect(existsSync(join(copy, 'dist/bin/umpire.js'))).toBe(true);
    // The folder keeps to its layer: it imports only src/sandbox and src/core.
    mustRun(process.execPath, [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      'src/sandbox',
      'src/core',
      '--config',
      '.dependency-cruiser.cjs',
    ]);
  }, 240_000);

  it('plays through the CLI: a .tally file is a Tally bot, charged per step, the same replay twice', () => {
    writeFileSync(join(copy, 'idle.tally'), IDLE_TALLY);
    writeFileSync(join(copy, 'endless.tally'), ENDLESS_TALLY);
    writeFileSync(join(copy, 'idle.js'), IDLE_JS);
    const match = (red: string, out: string, extra: string[] = []) => {
      const r = run(process.execPath, [
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

    const summary = match('idle.tally', 'a.json.gz');
    expect(summary).toMatchObject({ forfeit: null });
    const replay = replayOf('a.json.gz');
    expect(replay.manifest.bots.red).toEqual({ name: 'idle.tally', sha256: sha256(IDLE_TALLY), kind: 'tally' });
    // Every call answered, each charged exactly its steps.
    expect(redCalls(replay).every((c) => c.f === IDLE_FUEL && c.x === undefined)).toBe(true);
    expect(JSON.parse(readFileSync(join(copy, 'a.json.gz.logs.json'), 'utf8')).red).toMatch(/^idling\nidling\n/);
    match('idle.tally', 'b.json.gz');
    expect(readFileSync(join(copy, 'b.json.gz')).equals(readFileSync(join(copy, 'a.json.gz')))).toBe(true);

    // An endless loop is stopped at its fuel every turn: over budget, charged its budget, and the match goes on.
    const fuel = 2_000_000;
    match('endless.tally', 'c.json.gz', ['--fuel', String(fuel)]);
    const endless = redCalls(replayOf('c.json.gz'));
    expect(endless.length).toBeGreaterThan(10);
    expect(endless.slice(1).every((c) => c.x === 'over_budget' && c.f === fuel && c.d === 'used up its fuel')).toBe(
      true,
    );
    match('endless.tally', 'd.json.gz', ['--fuel', String(fuel)]);
    expect(readFileSync(join(copy, 'd.json.gz')).equals(readFileSync(join(copy, 'c.json.gz')))).toBe(true);

    // A program that does not parse does not load: its seat forfeits.
    writeFileSync(join(copy, 'broken.tally'), 'repeat 2\nsay x\n');
    const refused = run(process.execPath, ['bin/umpire.mjs', 'match', '--red', 'broken.tally', '--blue', 'idle.js']);
    expect(`${refused.stdout}${refused.stderr}`).toContain('line 1: repeat or loop without end');
  }, 120_000);

  it('plays through the API: listed, uploaded, played against a stored bot, stored and its replay fetched', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/functions/node.js'], {
      cwd: copy,
      env: {
        ...process.env,
        PORT: String(port),
        UMPIRE_DATA_DIR: join(copy, '.data-toy'),
        S3_BUCKET: '',
        DYNAMODB_TABLE: '',
        UMPIRE_WORKERS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    await waitForOutput(child, 'umpire listening on', 30_000, 'the server of the copy');
    const base = `http://127.0.0.1:${port}`;
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
});
