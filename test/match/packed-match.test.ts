import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/core/game-module.js';
import { gameById } from '../../src/games/catalog.js';
import { gzip } from '../../src/match/digest.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import { playMatch, playPackedMatch } from '../../src/match/play-match.js';
import { poolRunner } from '../../src/match/pool/pool-runner.js';
import { COMPILED_MATCH_WORKER } from '../../src/match/pool/worker-url.js';
import type { MatchRunner } from '../../src/match/runner.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { FUEL_PER_MS } from '../../src/sandbox/policy.js';
import { decode } from '../games/contract-helpers.js';

// A match to store is assembled and gzipped where it is played (a worker thread of the pool): what
// comes back must be what the caller's thread would have assembled and gzipped itself, byte for byte.

const pool = poolRunner({ url: COMPILED_MATCH_WORKER, size: 1 });
afterAll(() => pool.close());

const text = (path: string) => readFileSync(path, 'utf8');
const small = { firstTurnFuel: 20 * FUEL_PER_MS, turnFuel: 10 * FUEL_PER_MS };
const REQUESTS: Record<string, object> = {
  // A sandboxed game with logs and conduct: one bot writes a log, the other errs now and then.
  icy: {
    game: 'icy',
    seed: 11,
    budgets: small,
    red: { js: text('src/games/icy/bots/hunter.js'), name: 'hunter.js' },
    blue: {
      js: 'let n = 0; export default function act() { console.log("turn", n); if (++n % 7 === 0) throw new Error("seven"); return "idle\\nidle\\nidle\\nidle"; }',
      name: 'noisy.js',
    },
  },
  // A game whose bots are texts: no logs, no budgets.
  ants: {
    game: 'ants',
    world: 'sample0',
    seed: 5,
    rounds: 2000,
    red: { brain: text('src/games/ants/bots/homing.ant'), name: 'homing.ant' },
    black: { brain: text('src/games/ants/bots/example.ant'), name: 'example.ant' },
  },
};

async function both(game: GameModule, runner: MatchRunner) {
  const request = game.request.schema.parse(REQUESTS[game.id]) as { readonly game: string };
  const seats = await decode(game, request);
  const setup = await game.setup(request);
  const args = { game, request, seats, id: 'm_packed', owner: 'packed', now: new Date(0), setup };
  const assembled = await playMatch({ ...args, runner: inProcessRunner(nodeBotLoader) });
  const packed = await playPackedMatch({ ...args, runner });
  return { assembled, packed };
}

const json = (bytes: Uint8Array | undefined) => (bytes ? JSON.parse(gunzipSync(bytes).toString('utf8')) : undefined);

describe('a match packed where it was played', () => {
  for (const id of Object.keys(REQUESTS))
    for (const where of ['in a worker thread', 'in this thread'] as const)
      it(`${id}, ${where}: the record, replay, logs and conduct of the match assembled here`, async () => {
        const game = gameById(id);
        const runner = where === 'in a worker thread' ? pool : inProcessRunner(nodeBotLoader);
        const { assembled, packed } = await both(game, runner);
        expect(packed.record).toEqual(assembled.record);
        expect(JSON.stringify(packed.record)).toBe(JSON.stringify(assembled.record));
        expect(packed.hashes).toEqual(assembled.hashes);
        expect(gunzipSync(packed.replayGzip).toString('utf8')).toBe(JSON.stringify(assembled.replay));
        // The worker gzips with zlib itself, this thread with CompressionStream: the same bytes either way.
        const webGzip = await gzip(new TextEncoder().encode(JSON.stringify(assembled.replay)));
        expect(Buffer.from(packed.replayGzip).equals(Buffer.from(webGzip))).toBe(true);
        if (assembled.logs === undefined) expect(packed.logsGzip).toBeUndefined();
        else expect(json(packed.logsGzip)).toEqual({ logs: assembled.logs, turns: assembled.logTurns });
        expect(packed.conduct).toEqual(game.cli.conduct?.(assembled.record, assembled.replay));
        // The bytes come back in buffers of their own (transferred), not as views of a larger one copied whole.
        for (const bytes of [packed.replayGzip, packed.logsGzip])
          if (bytes) expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
        if (id === 'icy') {
          // The case is not vacuous: a log was written, and the erring seat's conduct says so.
          expect(JSON.stringify(json(packed.logsGzip))).toContain('turn 3');
          expect(packed.conduct?.[1]?.firstFailure?.message).toMatch(/seven/);
        }
      });
});
