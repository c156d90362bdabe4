import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';
import { apiClient } from './http.js';
import { skipNote, uploadRaw } from './stdio-players.js';

// src/games/blockdrop/bots/sentry.cpp, a C++ player written for the original engine, compiled by
// `npm run build` and uploaded raw: it answers READY and plays through the HTTP API as any bot does.

const SENTRY = 'build/bots/blockdrop-sentry-cpp.wasm';
const server = useServer();

const { call } = apiClient(() => server.base);
const post = (path: string, body?: unknown) => call('POST', path, body);

describe.skipIf(!existsSync(SENTRY))(
  `the C++ block-drop player${skipNote(SENTRY, 'wasm32-wasi C++ toolchain')}`,
  () => {
    it('uploaded raw, plays a whole match by its id, attacks, and the replay verifies', async () => {
      const id = await uploadRaw(server.base, 'blockdrop', SENTRY);
      const hunter = readFileSync('src/games/blockdrop/bots/hunter.js', 'utf8');
      const bots = [{ js: hunter }, { bot: id }, { js: hunter }, { js: hunter }];
      const match = await post('/v1/matches', { game: 'blockdrop', seed: 8, bots });
      expect(match.status).toBe(201);
      const record = match.body;
      const sentry = record.players[1];
      expect(sentry).toMatchObject({ kind: 'wasm', timeouts: 0, errors: 0, crashes: 0 });
      expect(sentry.forfeit).toBeUndefined();
      expect(sentry.terminatedAt).toBeUndefined();
      expect(record.winner).not.toBe('draw');
      const replay = await (await fetch(record.replayUrl)).json();
      expect(replay.result.forfeits).toEqual([]);
      const mine = replay.turns.filter((t: { p: number; k?: unknown }) => t.p === 1 && t.k !== undefined);
      expect(mine.length).toBeGreaterThan(5);
      // Every answer is a command the engine reads (a move the rules refuse is another matter).
      for (const t of mine) expect(t.r ?? '').not.toMatch(/not a command|empty answer/);
      expect(mine.some((t: { c: string }) => t.c === 'A')).toBe(true);
      expect((await post(`/v1/matches/${record.id}/verify`)).body).toMatchObject({ identical: true });
    }, 120_000);
  },
);
