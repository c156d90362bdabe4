import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';
import { apiClient } from './http.js';
import { matchLogs, skipNote, uploadRaw } from './stdio-players.js';

// src/games/icy/bots/squad.cpp, a C++ player written for the original engine, compiled by
// `npm run build` and uploaded raw: it plays through the HTTP API as any bot does.

const SQUAD = 'build/bots/icy-squad-cpp.wasm';
const server = useServer();

const { call } = apiClient(() => server.base);
const post = (path: string, body?: unknown) => call('POST', path, body);

describe.skipIf(!existsSync(SQUAD))(`the C++ Icy player${skipNote(SQUAD, 'wasm32-wasi C++ toolchain')}`, () => {
  it('uploaded raw, plays a whole match by its id, reads the end of the game and verifies', async () => {
    const id = await uploadRaw(server.base, 'icy', SQUAD);
    const hunter = readFileSync('src/games/icy/bots/hunter.js', 'utf8');
    const match = await post('/v1/matches', { game: 'icy', seed: 5, red: { bot: id }, blue: { js: hunter } });
    expect(match.status).toBe(201);
    const record = match.body;
    expect(record).toMatchObject({ game: 'icy', forfeit: null, turns: 180 });
    expect(record.bots.red).toMatchObject({ kind: 'wasm', timeouts: 0, errors: 0, crashes: 0 });
    expect(record.bots.red.forfeit).toBeUndefined();
    // It scores: its snowballs hit.
    expect(record.scores.red.hits).toBeGreaterThan(0);
    const logs = (await matchLogs(server.base, record.id)) as { red: string };
    expect(logs.red).toContain('squad: read the end of the game after 180 turns');
    expect((await post(`/v1/matches/${record.id}/verify`)).body).toMatchObject({ identical: true });
  }, 120_000);
});
