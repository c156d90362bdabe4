import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';
import { apiClient } from './http.js';
import { matchLogs, skipNote, uploadRaw } from './stdio-players.js';

// src/games/capture/bots/lasso.cpp, a C++ player written for the original protocol, compiled by
// `npm run build` and uploaded raw: it plays through the HTTP API as any bot does.

const LASSO = 'build/bots/capture-lasso-cpp.wasm';
const server = useServer();

const { call } = apiClient(() => server.base);
const post = (path: string, body?: unknown) => call('POST', path, body);

describe.skipIf(!existsSync(LASSO))(`the C++ Capture player${skipNote(LASSO, 'wasm32-wasi C++ toolchain')}`, () => {
  it('uploaded raw, plays a whole match by its id, captures pucks, reads the end and verifies', async () => {
    const id = await uploadRaw(server.base, 'capture', LASSO);
    const loopy = readFileSync('src/games/capture/bots/loopy.js', 'utf8');
    const match = await post('/v1/matches', { game: 'capture', seed: 1, red: { bot: id }, blue: { js: loopy } });
    expect(match.status).toBe(201);
    const record = match.body;
    expect(record).toMatchObject({ game: 'capture', forfeit: null, turns: 900 });
    expect(record.bots.red).toMatchObject({ kind: 'wasm', nullMoves: 0, timeouts: 0, errors: 0, crashes: 0 });
    expect(record.bots.red.forfeit).toBeUndefined();
    // Its loops turned grey pucks red: it ends with more than the 4 it started with.
    expect(record.scores.red.pucks).toBeGreaterThan(4);
    const logs = (await matchLogs(server.base, record.id)) as { red: string };
    expect(logs.red).toMatch(/^lasso: 900 turns, [1-9]\d* laps/);
    expect((await post(`/v1/matches/${record.id}/verify`)).body).toMatchObject({ identical: true });
  }, 120_000);
});
