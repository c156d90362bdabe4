import { capClock } from './cpu-clock.js';
import { FUEL_PER_MS } from './policy.js';
import { JsBot, type QuickJSModuleSource } from './javascript/js-bot.js';
import { DEFAULT_LIMITS } from './types.js';

/**
 * How much slower this host runs bot work than the machine FUEL_PER_MS was
 * measured on. Fuel never changes with the host (it is what makes a match
 * reproducible), but the safety cap is CPU time: on a host 3 times slower,
 * a fair bot's turn takes 3 times its nominal time, and a WebAssembly loop
 * that never returns (so V8 never swaps in its optimized code) 6 to 7 times.
 * A cap of 10x nominal would cut such a bot; scaled by this factor it does
 * not, and it still bounds every call.
 *
 * Measured once per thread, in that thread's CPU time, on the kind of work
 * FUEL_PER_MS stands for (QuickJS running string, map and number code).
 */

const WORKLOAD = `
export default function act(input) {
  const rounds = Number(input);
  let acc = 0;
  for (let r = 0; r < rounds; r++) {
    const cells = 'a1 b2 c3 d4 e5 f6 g7 h8 i9 j0 '.repeat(20).split(' ');
    const seen = new Map();
    for (let i = 0; i < cells.length; i++) seen.set(i * 31 + r, cells[i].charCodeAt(0) + Math.sqrt(i));
    for (const [k, v] of seen) acc += (k % 7) * v;
    acc += JSON.stringify(cells.slice(0, 8)).length;
  }
  return String(acc);
}`;

const WARM_UP_CALLS = 3;
const MEASURED_CALLS = 5;
const ROUNDS_PER_CALL = 25;
/** Never assume a host more than this much slower: past it an operator sets UMPIRE_SAFETY_CAP_FACTOR. */
export const MAX_HOST_SLOWNESS = 20;

let measured: Promise<number> | undefined;

/** This thread's slowness, at least 1 and at most MAX_HOST_SLOWNESS; measured on first use (some 100 ms of CPU time), then remembered. */
export function hostSlowness(quickjs: QuickJSModuleSource): Promise<number> {
  measured ??= measureSlowness(quickjs).catch(() => 1);
  return measured;
}

async function measureSlowness(quickjs: QuickJSModuleSource): Promise<number> {
  const clock = capClock();
  if (clock.kind !== 'thread-cpu') return 1;
  const loaded = await JsBot.load(quickjs, WORKLOAD, {
    limits: DEFAULT_LIMITS,
    seed: 1,
    loadFuel: 1e10,
    safetyCapFactor: 1e6,
  });
  if (!loaded.ok) return 1;
  try {
    const rates: number[] = [];
    for (let i = 0; i < WARM_UP_CALLS + MEASURED_CALLS; i++) {
      const started = clock.now();
      const result = await loaded.bot.act(String(ROUNDS_PER_CALL), { fuel: 1e12 });
      const ms = clock.now() - started;
      if (result.failure) return 1;
      if (i >= WARM_UP_CALLS && ms > 0) rates.push(result.fuel / ms);
    }
    rates.sort((a, b) => a - b);
    const rate = rates[Math.floor(rates.length / 2)];
    if (!rate) return 1;
    return Math.min(MAX_HOST_SLOWNESS, Math.max(1, FUEL_PER_MS / rate));
  } finally {
    loaded.bot.dispose();
  }
}
