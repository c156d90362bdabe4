import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';
import { apiClient } from './http.js';
import { matchLogs, skipNote, uploadRaw } from './stdio-players.js';

// src/games/icy/bots/sniper.rs, a Rust stdin/stdout player, compiled by `npm run build` (Debian's
// rustc with libstd-rust-dev-wasm32) and uploaded raw: it plays through the HTTP API as any bot does.

const SNIPER = 'build/bots/icy-sniper-rs.wasm';
const server = useServer();

const { call } = apiClient(() => server.base);
const post = (path: string, body?: unknown) => call('POST', path, body);

describe.skipIf(!existsSync(SNIPER))(`the Rust Icy player${skipNote(SNIPER, 'rustc with a wasm32-wasi std')}`, () => {
  it('uploaded raw, plays a whole match by its id, reads the end of the game and verifies', async () => {
    const id = await uploadRaw(server.base, 'icy', SNIPER);
    const planter = readFileSync('src/games/icy/bots/planter.js', 'utf8');
    const match = await post('/v1/matches', { game: 'icy', seed: 2, red: { js: planter }, blue: { bot: id } });
    expect(match.status).toBe(201);
    const record = match.body;
    expect(record).toMatchObject({ game: 'icy', forfeit: null, turns: 180 });
    expect(record.bots.blue).toMatchObject({ kind: 'wasm', timeouts: 0, errors: 0, crashes: 0 });
    expect(record.bots.blue.forfeit).toBeUndefined();
    const logs = (await matchLogs(server.base, record.id)) as { blue: string };
    expect(logs.blue).toContain('sniper: the game ended after 180 turns');
    expect((await post(`/v1/matches/${record.id}/verify`)).body).toMatchObject({ identical: true });
  }, 120_000);
});
