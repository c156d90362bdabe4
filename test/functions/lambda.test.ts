import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionUrlEvent, lambdaStorage, type LambdaStorage } from './lambda-env.js';

// The Lambda entry (functions/lambda.ts) invoked with Lambda Function URL events,
// configured by environment variables as on AWS, against local S3 and DynamoDB servers.

type Handler = (
  event: unknown,
  context?: unknown,
) => Promise<{ statusCode: number; body: string; headers: Record<string, string>; isBase64Encoded: boolean }>;
let handler: Handler;
let lambdaEnv: LambdaStorage;
let key = '';

beforeAll(async () => {
  lambdaEnv = await lambdaStorage('umpire-lambda-', 'lambda test');
  key = lambdaEnv.key;
  handler = (await import('../../functions/lambda.js')).handler as unknown as Handler;
}, 60_000);

afterAll(async () => {
  await lambdaEnv?.close();
});

const event = (method: string, path: string, body?: unknown) => functionUrlEvent(key, method, path, body);

describe('the Lambda entry', () => {
  it('needs an API key for writes', async () => {
    const e = event('POST', '/v1/matches', { game: 'icy', red: { js: 'x' }, blue: { js: 'y' } });
    const r = await handler({ ...e, headers: { ...e.headers, authorization: undefined } });
    expect(r.statusCode).toBe(401);
    expect(JSON.parse(r.body).error.code).toBe('UNAUTHORIZED');
  });

  it('plays and stores a match, then serves it', async () => {
    const posted = await handler(
      event('POST', '/v1/matches', {
        game: 'icy',
        seed: 2,
        red: { js: readFileSync('src/games/icy/bots/hunter.js', 'utf8') },
        blue: { wasm: readFileSync('build/bots/hunter.wasm').toString('base64') },
      }),
    );
    expect(posted.statusCode).toBe(201);
    const record = JSON.parse(posted.body);
    expect(record).toMatchObject({ turns: 180, bots: { blue: { kind: 'wasm' } } });
    expect(record.replayUrl).toBe(`https://abc.lambda-url.us-east-1.on.aws/v1/matches/${record.id}/replay`);
    const got = await handler(event('GET', `/v1/matches/${record.id}`));
    expect(JSON.parse(got.body)).toEqual(record);
    const replay = await handler(event('GET', `/v1/matches/${record.id}/replay`));
    expect(replay.statusCode).toBe(200);
    expect(replay.isBase64Encoded).toBe(true);
    expect(replay.headers['content-encoding']).toBe('gzip');
  }, 60_000);

  it('plays in a worker thread: a match still running 15 s before the invocation’s timeout is stopped with it (MATCH_DEADLINE), and the next one plays', async () => {
    // A bot that spins in every call: the match would take minutes; the invocation has 15.5 s left.
    const spin = 'export default function () { for (;;) {} }';
    const started = Date.now();
    const late = await handler(
      event('POST', '/v1/matches', { game: 'icy', seed: 2, red: { js: spin }, blue: { js: spin } }),
      { getRemainingTimeInMillis: () => 15_500 },
    );
    expect(late.statusCode).toBe(503);
    expect(JSON.parse(late.body).error).toMatchObject({
      code: 'MATCH_DEADLINE',
      message: expect.stringMatching(/15 s before the invocation's timeout/),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    // A fresh worker takes the next invocation's match.
    const idle = 'export default () => "idle"';
    const next = await handler(
      event('POST', '/v1/matches', { game: 'icy', seed: 2, red: { js: idle }, blue: { js: idle } }),
      { getRemainingTimeInMillis: () => 300_000 },
    );
    expect(next.statusCode, next.body).toBe(201);
  }, 60_000);
});
