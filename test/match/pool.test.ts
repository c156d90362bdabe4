import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { UmpireError } from '../../src/core/errors.js';
import { DEFAULT_MAP, ruleSet } from '../../src/games/icy/index.js';
import { runAntsMatch } from '../../src/games/ants/match.js';
import { resolveAntsWorld } from '../../src/games/ants/worlds.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import type { PlayableMatch } from '../../src/match/runner.js';
import { poolRunner, type PoolRunner } from '../../src/match/pool/pool-runner.js';
import { COMPILED_MATCH_WORKER } from '../../src/match/pool/worker-url.js';
import { WorkerPool } from '../../src/match/pool/worker-pool.js';
import { nodeBotLoader, nodeHost } from '../../src/sandbox/node-sources.js';
import { DEFAULT_BUDGETS, FUEL_PER_MS, type Budgets } from '../../src/sandbox/policy.js';
import type { Bundle } from '../../src/sandbox/types.js';

// The worker pool against real worker threads (dist/match/pool/match-worker.js, from `npm run build`).

const js = (path: string): Bundle => ({ kind: 'js', code: readFileSync(path, 'utf8') });
const LOOP: Bundle = { kind: 'js', code: 'export default function () { for (;;) {} }' };
const small: Budgets = { ...DEFAULT_BUDGETS, firstTurnFuel: 20 * FUEL_PER_MS, turnFuel: 10 * FUEL_PER_MS };
const icy = (bots: Bundle[], budgets = small): PlayableMatch => ({
  game: 'icy',
  options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
  seed: 7,
  budgets,
  bots,
});
const local = inProcessRunner(nodeBotLoader);
const WASI = 'build/bots/hunter-wasi.wasm';

const runners: PoolRunner[] = [];
const pool = (options: Partial<Parameters<typeof poolRunner>[0]> = {}) => {
  const r = poolRunner({ url: COMPILED_MATCH_WORKER, size: 2, ...options });
  runners.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(runners.map((r) => r.close()));
});

const codeOf = (e: unknown) => (e instanceof UmpireError ? e.code : String(e));

describe('the match pool', () => {
  it('plays icy, capture and block drop byte for byte as in-process', async () => {
    const runner = pool();
    const jobs: PlayableMatch[] = [
      icy([js('src/games/icy/bots/hunter.js'), js('src/games/icy/bots/planter.js')]),
      {
        game: 'capture',
        options: {},
        seed: 3,
        budgets: small,
        bots: [js('src/games/capture/bots/gatherer.js'), js('src/games/capture/bots/random.js')],
      },
      {
        game: 'blockdrop',
        options: { seed: 5 },
        seed: 5,
        budgets: small,
        bots: [
          js('src/games/blockdrop/bots/hunter.js'),
          js('src/games/blockdrop/bots/random.js'),
          js('src/games/blockdrop/bots/hunter.js'),
          LOOP,
        ],
      },
    ];
    for (const job of jobs) {
      const [pooled, here] = await Promise.all([runner.play(job), local.play(job)]);
      expect(JSON.stringify(pooled)).toBe(JSON.stringify(here));
      expect(pooled.result.turns).toBeGreaterThan(0);
    }
  }, 60_000);

  it('plays an ants match as in-process', async () => {
    const world = resolveAntsWorld('sample0');
    if (!world.ok) throw new Error('no sample0');
    const brains = {
      red: readFileSync('src/games/ants/bots/homing.ant', 'utf8'),
      black: readFileSync('src/games/ants/bots/example.ant', 'utf8'),
    };
    const input = { world: world.value.world, worldText: world.value.text, brains, seed: 4, rounds: 2000 };
    const job: PlayableMatch = {
      game: 'ants',
      options: { world: input.world, worldText: input.worldText, rounds: input.rounds },
      seed: input.seed,
      bots: [
        { kind: 'text', code: brains.red },
        { kind: 'text', code: brains.black },
      ],
    };
    const pooled = await pool({ size: 1 }).play(job);
    expect(JSON.stringify(pooled)).toBe(JSON.stringify(runAntsMatch(input)));
  }, 30_000);

  it.skipIf(!existsSync(WASI))(
    'without JSPI, prepares a raw WASI bot in its own job, or forfeits its seat past that deadline',
    async () => {
      const wasi: Bundle = { kind: 'wasm', code: new Uint8Array(readFileSync(WASI)) };
      const job = icy([wasi, js('src/games/icy/bots/planter.js')]);
      const [pooled, here] = await Promise.all([pool({ asyncifyWasi: true }).play(job), local.play(job)]);
      expect(JSON.stringify(pooled)).toBe(JSON.stringify(here));
      expect(pooled.result.forfeits).toEqual([]);

      // With JSPI nothing is prepared, so no deadline of preparation can flip the outcome.
      if (nodeHost.jspi)
        expect(JSON.stringify(await pool({ prepareDeadlineMs: 1 }).play(job))).toBe(JSON.stringify(here));

      const hurried = pool({ prepareDeadlineMs: 1, asyncifyWasi: true });
      const forfeited = await hurried.play(job);
      expect(forfeited.result.forfeits).toEqual([0]);
      expect(forfeited.result.seats[0]!.forfeit).toMatchObject({
        code: 'BUNDLE_TOO_LARGE',
        message: expect.stringContaining('took longer than'),
      });
      expect(await hurried.probe({ game: 'icy', bundle: wasi })).toMatchObject({
        ok: false,
        stage: 'load',
        failure: { code: 'BUNDLE_TOO_LARGE' },
      });
    },
    60_000,
  );

  it('kills a match past its deadline with MATCH_DEADLINE, then plays the next job', async () => {
    // Long enough for the next job (a short match) even on a loaded machine; the looping match takes minutes.
    const runner = pool({ size: 1, deadlineMs: 3000 });
    const started = Date.now();
    const late = await runner.play(icy([LOOP, LOOP], DEFAULT_BUDGETS)).catch((e: unknown) => e);
    expect(codeOf(late)).toBe('MATCH_DEADLINE');
    expect((late as Error).message).toContain('3 s');
    expect(Date.now() - started).toBeLessThan(10_000);
    const next = await runner.play(icy([js('src/games/icy/bots/idle.js'), js('src/games/icy/bots/random.js')]));
    expect(next.result.turns).toBe(180);
  }, 30_000);

  it('runs two jobs at once on a pool of two', async () => {
    const deadline = 3000;
    const runner = pool({ size: 2, deadlineMs: deadline });
    const started = Date.now();
    const both = await Promise.all([0, 1].map(() => runner.play(icy([LOOP, LOOP], DEFAULT_BUDGETS)).catch(codeOf)));
    expect(both).toEqual(['MATCH_DEADLINE', 'MATCH_DEADLINE']);
    // One after the other, they would take two deadlines.
    expect(Date.now() - started).toBeLessThan(1.6 * deadline);
  }, 30_000);

  it('checks an upload in a worker: load failures and silent bots', async () => {
    const runner = pool({ size: 1 });
    expect(await runner.probe({ game: 'icy', bundle: js('src/games/icy/bots/hunter.js') })).toEqual({ ok: true });
    expect(await runner.probe({ game: 'icy', bundle: { kind: 'js', code: 'export default 3' } })).toMatchObject({
      ok: false,
      stage: 'load',
      failure: { code: 'BUNDLE_NO_ENTRY' },
    });
    expect(
      await runner.probe({
        game: 'blockdrop',
        bundle: { kind: 'js', code: 'export default function () { return 1; }' },
      }),
    ).toMatchObject({ ok: false, stage: 'turn', failure: 'error' });
  }, 30_000);
});

describe('the worker pool itself', () => {
  // Workers from data: URLs stand in for match workers that die or never answer.
  const script = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);
  const message = { kind: 'prepare', bytes: new Uint8Array(0) } as const;

  it('rejects the job of a worker that dies with MATCH_CRASHED, and replaces the worker', async () => {
    const dying = new WorkerPool({ url: script('process.exit(3)'), size: 1 });
    expect(codeOf(await dying.run(message, 5000, 'the job').catch((e: unknown) => e))).toBe('MATCH_CRASHED');
    expect(codeOf(await dying.run(message, 5000, 'the job').catch((e: unknown) => e))).toBe('MATCH_CRASHED');
    await dying.close();
    const throwing = new WorkerPool({
      url: script(
        "import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => { throw new Error('boom'); });",
      ),
      size: 1,
    });
    const e = await throwing.run(message, 5000, 'the job').catch((x: unknown) => x);
    expect(codeOf(e)).toBe('MATCH_CRASHED');
    expect((e as Error).message).toContain('boom');
    await throwing.close();
  }, 30_000);

  it('refuses jobs past its queue bound with POOL_BUSY', async () => {
    const silent = new WorkerPool({
      url: script("import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => {});"),
      size: 1,
      maxQueued: 1,
    });
    const running = silent.run(message, 60_000, 'the job').catch(codeOf);
    const waiting = silent.run(message, 60_000, 'the job').catch(codeOf);
    expect(codeOf(await silent.run(message, 60_000, 'the job').catch((e: unknown) => e))).toBe('POOL_BUSY');
    await silent.close();
    expect([await running, await waiting]).toEqual(['POOL_CLOSED', 'POOL_CLOSED']);
  }, 30_000);
});
