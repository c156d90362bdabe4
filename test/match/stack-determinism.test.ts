import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api/http.js';
import { functionUrlEvent, lambdaStorage, type LambdaStorage } from '../functions/lambda-env.js';
import { useServer } from '../support/server.js';
import { DEEP_JS, DEEP_PY, deepWasm } from './deep-bots.js';

/**
 * Issue 24: bots that recurse deep (JSON.parse of 100,000 '[', recursion without a base case, the
 * Python `re` backtracker, a WebAssembly module's own recursion) stop at the same call with the same
 * fuel in every runtime, so their matches replay byte for byte: twice through `umpire match` (its own
 * main thread), through `npm start`'s server (POST /v1/matches, then its verify) and through the
 * bundled Lambda handler (dist/functions/lambda.js, which plays in a worker thread of its own). The
 * Workers runtime plays the first match in test/functions/worker/workers.test.ts. `npm run build` first.
 */

const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'umpire-deep-'));
const FILES = { 'deep.js': DEEP_JS, 'deep.py': DEEP_PY, 'deep.wasm': deepWasm() } as const;
type Name = keyof typeof FILES;
for (const [name, code] of Object.entries(FILES)) writeFileSync(join(dir, name), code);

/** A seat of POST /v1/matches with the same name the CLI gives the file. */
function seat(name: Name) {
  const code = FILES[name];
  if (name.endsWith('.wasm')) return { name, wasm: Buffer.from(code as Uint8Array).toString('base64') };
  return { name, [name.endsWith('.py') ? 'py' : 'js']: code };
}

const TOO_DEEP = "nested calls too deep for the interpreter's stack; reloaded next turn";
const WASM_TOO_DEEP = 'nested calls too deep for the stack; reloaded next turn';

const MATCHES = [
  { what: 'JS against Python', red: 'deep.js', blue: 'deep.py', seed: 1, redDetail: TOO_DEEP, blueDetail: TOO_DEEP },
  {
    what: 'WebAssembly against JS',
    red: 'deep.wasm',
    blue: 'deep.js',
    seed: 2,
    redDetail: WASM_TOO_DEEP,
    blueDetail: TOO_DEEP,
  },
] as const;

/** `umpire match` as a process: its printed summary and the replay it wrote, as JSON text. */
async function cliMatch(red: Name, blue: Name, seed: number, out: string) {
  const path = join(dir, `${out}.json.gz`);
  const { stdout } = await exec(process.execPath, [
    'bin/umpire.mjs',
    'match',
    '--red',
    join(dir, red),
    '--blue',
    join(dir, blue),
    '--seed',
    String(seed),
    '--out',
    path,
  ]);
  const gz = readFileSync(path);
  return { summary: JSON.parse(stdout), gz, text: gunzipSync(gz).toString('utf8') };
}

type Handler = (
  event: unknown,
  context?: unknown,
) => Promise<{ statusCode: number; body: string; headers: Record<string, string>; isBase64Encoded: boolean }>;

const server = useServer();
let lambdaEnv: LambdaStorage;
let lambda: Handler;

beforeAll(async () => {
  // The bundled Lambda entry, configured through the environment as on AWS, against local storage.
  lambdaEnv = await lambdaStorage('umpire-deep-lambda-', 'deep recursion');
  lambda = (await import(join(process.cwd(), 'dist/functions/lambda.js'))).handler as Handler;
}, 60_000);

afterAll(async () => {
  await lambdaEnv?.close();
});

const { call } = apiClient(() => server.base);

const lambdaEvent = (method: string, path: string, body?: unknown) =>
  functionUrlEvent(lambdaEnv.key, method, path, body);

describe('deep recursion replays byte for byte in every runtime', () => {
  it.each(MATCHES)(
    '$what: twice through the CLI, through the server (which verifies it), through the Lambda handler',
    async ({ red, blue, seed, redDetail, blueDetail }) => {
      // The CLI, twice: the same summary, the same replay bytes.
      const first = await cliMatch(red, blue, seed, `${seed}-a`);
      const second = await cliMatch(red, blue, seed, `${seed}-b`);
      expect(second.summary).toEqual(first.summary);
      expect(second.gz.equals(first.gz)).toBe(true);
      // The bots did recurse deep: every third call crashed, charged its whole budget, until the seat was retired.
      const replay = JSON.parse(first.text);
      for (const [side, detail] of [
        [0, redDetail],
        [1, blueDetail],
      ] as const) {
        const crashes = replay.turns
          .map((t: { c: { x?: string }[] }) => t.c[side])
          .filter((c: { x?: string }) => c.x === 'crash');
        expect(crashes).toEqual(Array(4).fill({ f: replay.manifest.budgets.turnFuel, x: 'crash', d: detail }));
      }
      expect(first.summary.bots.red).toMatchObject({ crashes: 4 });
      expect(first.summary.bots.blue).toMatchObject({ crashes: 4 });

      // The server: the same replay, the same fuel figures, and its verify plays it again identically.
      const posted = await call('POST', '/v1/matches', { game: 'icy', seed, red: seat(red), blue: seat(blue) });
      expect(posted.status, posted.text).toBe(201);
      const stored = await (await fetch(posted.body.replayUrl)).text();
      expect(stored).toBe(first.text);
      expect(posted.body.bots.red.fuel).toBe(first.summary.bots.red.fuel);
      expect(posted.body.bots.blue.fuel).toBe(first.summary.bots.blue.fuel);
      expect((await call('POST', `/v1/matches/${posted.body.id}/verify`)).body).toMatchObject({ identical: true });

      // The Lambda handler: the same replay again.
      const viaLambda = await lambda(
        lambdaEvent('POST', '/v1/matches', { game: 'icy', seed, red: seat(red), blue: seat(blue) }),
      );
      expect(viaLambda.statusCode, viaLambda.body).toBe(201);
      const record = JSON.parse(viaLambda.body);
      expect(record.bots.red.fuel).toBe(first.summary.bots.red.fuel);
      expect(record.bots.blue.fuel).toBe(first.summary.bots.blue.fuel);
      const got = await lambda(lambdaEvent('GET', `/v1/matches/${record.id}/replay`));
      expect(got.statusCode).toBe(200);
      const body = Buffer.from(got.body, got.isBase64Encoded ? 'base64' : 'utf8');
      expect((got.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8')).toBe(first.text);
    },
    120_000,
  );
});
