import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';

// TypeScript bots through the API: stripped at upload and stored with their source, the JavaScript
// that runs and the stripper; a syntax error refused with its line and column.

const server = useServer();
const SOURCE = readFileSync('test/fixtures/typescript/random.ts', 'utf8');

const post = async (body: unknown) => {
  const r = await fetch(`${server.base}/v1/bots`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
};

describe('TypeScript bots', () => {
  it('are stored as their source, the JavaScript that runs and the stripper, sent as ts or as a .ts file', async () => {
    const r = await post({ name: 'random', ts: SOURCE, game: 'icy' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.kind).toBe('ts');
    const stored = await (await fetch(`${server.base}/v1/bots/${r.body.id}/bundle`)).json();
    expect(stored).toMatchObject({ typescript: SOURCE, stripper: expect.stringMatching(/^sucrase@\d/) });
    expect(stored.javascript.split('\n')).toHaveLength(SOURCE.split('\n').length);
    expect(stored.javascript).not.toContain('interface');

    const form = new FormData();
    form.set('game', 'icy');
    form.set('bot', new Blob([SOURCE]), 'random.ts');
    const file = await fetch(`${server.base}/v1/bots`, { method: 'POST', body: form });
    expect(file.status).toBe(201);
    expect(await file.json()).toMatchObject({ kind: 'ts', name: 'random.ts', sha256: r.body.sha256 });

    const played = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'icy', red: { bot: r.body.id }, blue: { ts: SOURCE }, seed: 2 }),
    });
    expect(played.status).toBe(201);
  }, 60_000);

  it('refuses a syntax error with its place, 422 TYPESCRIPT_SYNTAX', async () => {
    const r = await post({ ts: 'export default function act(input: string): string {\n  let x: = 1;\n}', game: 'icy' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      error: { code: 'TYPESCRIPT_SYNTAX', message: 'bot.ts:2:10: Unexpected token', details: { line: 2, column: 10 } },
    });
  });

  it('refuses a namespace, 422 TYPESCRIPT_UNSUPPORTED', async () => {
    const r = await post({ ts: 'namespace N { export const a = 1; }\nexport default () => "";', game: 'icy' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('TYPESCRIPT_UNSUPPORTED');
  });
});
