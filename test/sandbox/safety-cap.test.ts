import { describe, expect, it } from 'vitest';
import { capClock, capClockPace, capClockPaceMeasured } from '../../src/sandbox/cpu-clock.js';
import { MAX_HOST_SLOWNESS, measureHostSlowness } from '../../src/sandbox/host-pace.js';
import {
  nodeBotLoader,
  nodeQuickJSModule,
  nodeSafetyCapFactor,
  safetyCapFactorFromEnv,
} from '../../src/sandbox/node-sources.js';
import { FUEL_PER_MS } from '../../src/sandbox/policy.js';
import { SAFETY_CAP_FACTOR, SAFETY_CAP_MIN_FUEL_MS, safetyCapMs } from '../../src/sandbox/safety-cap.js';
import { DEFAULT_LIMITS, type Bundle } from '../../src/sandbox/types.js';
import { CHASE_BOT as CHASE } from './chase-bot.js';
import { HOSTILE_LIMIT_MS, playHostile, wat, type HostileRun } from './hostile-match.js';

/**
 * The safety cap (src/sandbox/safety-cap.ts), played as the attack: a bot
 * whose calls take far more CPU time than their fuel stands for is stopped
 * at about the cap, each such call is its failure (over budget) flagged
 * `safetyCap`, and the record and replay say a cap decided the match.
 *
 * WebAssembly has such a bot for real (chase-bot.ts): a chase through a
 * random cycle of 32 MB, one dependent load per step, misses the caches on
 * every step and runs about 200 times longer than its fuel says. The
 * JavaScript and Python interpreters run their own loops between loads,
 * which hides the misses (a few times their fuel's time at most), so their
 * bots spin on their fuel while the host lowers the cap's factor
 * (UMPIRE_SAFETY_CAP_FACTOR), as an operator may: the call is then stopped
 * at that factor of its fuel's time.
 */

const SPIN_JS = 'export default function act() { for (;;) {} }\n';
const SPIN_PY = 'def act(state):\n    while True:\n        pass\n';

/** The budgets of the spinning bots' matches, and the factor the host sets for them: a call's cap is a tenth of its fuel's time. */
const SPIN_FUEL = 10_000_000_000;
const LOW_FACTOR = 0.1;

/** Milliseconds of CPU time this thread has used. */
const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/** Loads a bot (its loading has its own cap) and times its first call in CPU time. */
async function firstCall(bundle: Bundle, fuel: number, factor?: number) {
  const loaded = await nodeBotLoader(bundle, {
    limits: DEFAULT_LIMITS,
    seed: 1,
    loadFuel: 1000 * FUEL_PER_MS,
    ...(factor ? { safetyCapFactor: factor } : {}),
  });
  if (!loaded.ok) throw new Error(loaded.failure.message);
  const started = cpuMs();
  const result = await loaded.bot.act('1\n', { fuel });
  const cpu = cpuMs() - started;
  loaded.bot.dispose();
  return { result, cpu };
}

describe('the cap', () => {
  it('is 10 times the fuel’s time, never under 250 ms, at a factor a host may set', () => {
    expect(safetyCapMs(500 * FUEL_PER_MS)).toBe(5000);
    expect(safetyCapMs(1000 * FUEL_PER_MS)).toBe(10_000);
    expect(safetyCapMs(1)).toBe(250);
    expect(safetyCapMs(500 * FUEL_PER_MS, 2)).toBe(1000);
    expect(safetyCapMs(500 * FUEL_PER_MS, -1)).toBe(5000);
    expect(safetyCapFactorFromEnv({ UMPIRE_SAFETY_CAP_FACTOR: '0.5' })).toBe(0.5);
    for (const bad of ['', ' ', 'x', '0', '-3', 'Infinity'])
      expect(safetyCapFactorFromEnv({ UMPIRE_SAFETY_CAP_FACTOR: bad })).toBeUndefined();
    expect(safetyCapFactorFromEnv({})).toBeUndefined();
  });

  it('is measured in this thread’s CPU time in Node, on the wall clock where there is no such clock', () => {
    expect(capClock().kind).toBe('thread-cpu');
    const proc = process as unknown as { threadCpuUsage: unknown };
    const original = proc.threadCpuUsage;
    try {
      proc.threadCpuUsage = undefined;
      expect(capClock().kind).toBe('wall');
      proc.threadCpuUsage = () => {
        throw new Error('not implemented');
      };
      expect(capClock().kind).toBe('wall');
    } finally {
      proc.threadCpuUsage = original;
    }
  });
});

/**
 * A fair bot whose whole turn is one call that never returns to the host:
 * its loop stays in V8's baseline (Liftoff) code, which never swaps in the
 * optimized code of a function already running, and a call in it costs
 * about 10 times its fuel's nominal time on a host 3 to 4 times slower than
 * the calibration machine. The cap must scale with the host or cut it.
 */
const BASELINE_LOOP = wat(`(module
  (memory (export "memory") 1)
  (global $x (mut i32) (i32.const 0))
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func $step (global.set $x (i32.add (global.get $x) (i32.const 3))))
  (func (export "act") (param i32 i32) (result i64)
    (loop $forever (call $step) (br $forever))
    (i64.const 0)))`);

describe('the cap scales with the host', () => {
  it('measures this host only when a call first runs past its first slice, between 1 and MAX_HOST_SLOWNESS', async () => {
    expect(nodeSafetyCapFactor()).toBe(SAFETY_CAP_FACTOR);
    expect(nodeSafetyCapFactor(0.5)).toBe(0.5);
    // A call that ends within its first slice (an idle bot's turn) never reads the clock, so never measures.
    const idle = await firstCall({ kind: 'js', code: 'export default () => "";\n' }, 100 * FUEL_PER_MS);
    expect(idle.result.failure).toBeUndefined();
    expect(capClockPaceMeasured()).toBe(false);
    expect(capClockPace()).toBe(1);
    const spin = await firstCall({ kind: 'js', code: SPIN_JS }, 10 * FUEL_PER_MS);
    expect(spin.result).toMatchObject({ failure: 'over_budget', detail: 'used up its fuel' });
    expect(capClockPaceMeasured()).toBe(true);
    const pace = capClockPace();
    expect(pace).toBeGreaterThanOrEqual(1);
    expect(pace).toBeLessThanOrEqual(MAX_HOST_SLOWNESS);
    // Measured once: the next call reads the same pace.
    await firstCall({ kind: 'js', code: SPIN_JS }, 10 * FUEL_PER_MS);
    expect(capClockPace()).toBe(pace);
    const again = measureHostSlowness(await nodeQuickJSModule());
    expect(again).toBeGreaterThanOrEqual(1);
    expect(again).toBeLessThanOrEqual(MAX_HOST_SLOWNESS);
  }, 30_000);

  it('never cuts a fair WebAssembly bot that spends its whole budget in baseline code', async () => {
    const fuel = 100 * FUEL_PER_MS;
    const { result, cpu } = await firstCall({ kind: 'wasm', code: BASELINE_LOOP }, fuel);
    expect(result).toMatchObject({
      output: null,
      failure: 'over_budget',
      detail: 'used up its fuel; reloaded next turn',
    });
    expect(result.safetyCap).toBeUndefined();
    expect(result.fuel).toBeGreaterThanOrEqual(fuel);
    expect(cpu).toBeLessThan(safetyCapMs(fuel) * capClockPace());
  }, 60_000);
});

describe('a call that outruns its fuel is stopped at about its cap', () => {
  it('WebAssembly: a chase through memory, 10 times its fuel’s time on this host', async () => {
    const fuel = 600_000_000;
    expect(safetyCapMs(fuel)).toBe(SAFETY_CAP_FACTOR * 25); // under 25 ms of fuel counts as 25
    const { result, cpu } = await firstCall({ kind: 'wasm', code: CHASE }, fuel);
    // In this thread's CPU time: the cap's clock runs at the host's pace.
    const cap = Math.round(safetyCapMs(fuel) * capClockPace());
    expect(result).toMatchObject({
      output: null,
      failure: 'over_budget',
      safetyCap: true,
      detail: `stopped by the safety cap (${cap} ms of CPU time); reloaded next turn`,
    });
    // Stopped by the cap long before its fuel would have run out.
    expect(result.fuel).toBeLessThan(fuel / 2);
    expect(cpu).toBeGreaterThanOrEqual(cap);
    expect(cpu).toBeLessThan(cap + 250);
  }, 30_000);

  it.each([
    ['JavaScript', { kind: 'js', code: SPIN_JS } as Bundle],
    ['Python', { kind: 'py', code: SPIN_PY } as Bundle],
  ])(
    '%s: spinning on its fuel, under a host’s lower factor',
    async (_, bundle) => {
      const { result, cpu } = await firstCall(bundle, SPIN_FUEL, LOW_FACTOR);
      const cap = safetyCapMs(SPIN_FUEL, LOW_FACTOR) * capClockPace();
      expect(result).toMatchObject({
        output: null,
        failure: 'over_budget',
        safetyCap: true,
        detail: `stopped by the safety cap (${Math.round(cap)} ms of CPU time); reloaded next turn`,
      });
      expect(result.fuel).toBeLessThan(SPIN_FUEL / 2);
      expect(cpu).toBeGreaterThanOrEqual(cap);
      expect(cpu).toBeLessThan(cap + 150);
    },
    30_000,
  );
});

describe('a JavaScript bot cannot catch the cap', () => {
  it('a loop of host calls (Date.now) in try/catch is stopped at the cap all the same', async () => {
    const bundle: Bundle = {
      kind: 'js',
      code: 'export default function act() { for (;;) { try { Date.now(); } catch (e) {} } }\n',
    };
    const { result, cpu } = await firstCall(bundle, SPIN_FUEL, LOW_FACTOR);
    const cap = safetyCapMs(SPIN_FUEL, LOW_FACTOR) * capClockPace();
    expect(result).toMatchObject({
      output: null,
      failure: 'over_budget',
      safetyCap: true,
      detail: `stopped by the safety cap (${Math.round(cap)} ms of CPU time); reloaded next turn`,
    });
    expect(cpu).toBeLessThan(cap + 150);
  }, 30_000);
});

/**
 * The attacker (red) was cut by the cap, each such call recorded as its
 * failure; idle blue was never cut; the match says a cap decided it. Icy's
 * first turn has twice the fuel of the others, so its cap is `caps[0]`.
 */
function expectDecidedByCap(run: HostileRun, caps: readonly [number, number] | 'at the floor'): void {
  expect(run.ms).toBeLessThan(HOSTILE_LIMIT_MS);
  expect(run.summary.turns).toBe(180);
  expect(run.summary.safetyCap).toBe(true);
  expect(run.replay.safetyCap).toBe(true);
  expect(run.summary.bots.red.safetyCap).toBe(true);
  expect(run.summary.bots.blue.safetyCap).toBeUndefined();
  const red = run.replay.turns.map((t) => t.c[0]!);
  const capped = red.filter((c) => c.safetyCap);
  // Stopped turn after turn, reloaded each time, until it is retired (after 3 reloads).
  expect(capped.length).toBe(4);
  const cap = caps === 'at the floor' ? [capAtFloor(capped), capAtFloor(capped)] : caps;
  capped.forEach((call, k) =>
    expect(call).toMatchObject({
      x: 'over_budget',
      d: `stopped by the safety cap (${Math.round(cap[k === 0 ? 0 : 1])} ms of CPU time); reloaded next turn`,
    }),
  );
  expect(red.slice(0, 4)).toEqual(capped);
  expect(red.slice(4).every((c) => c.x === 'retired' && !c.safetyCap)).toBe(true);
  expect(run.summary.bots.red.timeouts).toBe(4);
  expect(run.replay.turns.every((t) => !t.c[1]!.safetyCap && !t.c[1]!.x)).toBe(true);
}

/**
 * The cap a match's own process applied to calls whose fuel is under the
 * floor (SAFETY_CAP_MIN_FUEL_MS), at the default factor, which it scales by
 * its own measure of the host (host-pace.ts): read back from a record and
 * checked to be 10 to 10 x MAX_HOST_SLOWNESS times the floor.
 */
function capAtFloor(capped: readonly { d?: string }[]): number {
  const ms = Number(/\((\d+) ms of CPU time\)/.exec(capped[0]?.d ?? '')?.[1]);
  expect(ms).toBeGreaterThanOrEqual(SAFETY_CAP_FACTOR * SAFETY_CAP_MIN_FUEL_MS);
  expect(ms).toBeLessThanOrEqual(SAFETY_CAP_FACTOR * MAX_HOST_SLOWNESS * SAFETY_CAP_MIN_FUEL_MS);
  return ms;
}

describe('through `umpire match`, the attack is cut and the match says so', () => {
  it(
    'WebAssembly: the chase, at the default factor scaled to the host',
    async () => {
      const run = await playHostile(CHASE, 'wasm', { fuel: 320_000_000 });
      // Both budgets (the first turn's is twice the others') are under the floor: every turn has the same cap.
      expectDecidedByCap(run, 'at the floor');
    },
    HOSTILE_LIMIT_MS + 5_000,
  );

  it.each([
    ['JavaScript', SPIN_JS, 'js'],
    ['Python', SPIN_PY, 'py'],
  ])(
    '%s: a spinning bot, under UMPIRE_SAFETY_CAP_FACTOR',
    async (_, code, extension) => {
      const run = await playHostile(code, extension, {
        fuel: SPIN_FUEL,
        env: { UMPIRE_SAFETY_CAP_FACTOR: String(LOW_FACTOR) },
      });
      expectDecidedByCap(run, [safetyCapMs(2 * SPIN_FUEL, LOW_FACTOR), safetyCapMs(SPIN_FUEL, LOW_FACTOR)]);
    },
    HOSTILE_LIMIT_MS + 5_000,
  );
});
