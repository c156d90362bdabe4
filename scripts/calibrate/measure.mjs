// Side-by-side timing for `npm run calibrate`: a benchmark's wall time per
// unit of fuel, over the reference workload's, measured in alternation so
// that both see the same machine load.

/**
 * A benchmark: `run(n)` does n units of its work in one call and resolves to
 * the wall time (ms) and the fuel it used. `start` is a first guess of n,
 * `max` the most n may be; `dispose` drops its bot, `note` is printed under
 * its table.
 * @typedef {{ name: string, start?: number, max?: number, note?: string, dispose?: () => void, run: (n: number) => Promise<{ ms: number, fuel: number }> }} Bench
 */

/** A timed call uses the fuel the reference burns in this many ms here. */
export const TARGET_MS = 25;
/** Nor should it take much more than this many ms of wall time. */
const WALL_CAP_MS = 4 * TARGET_MS;

/**
 * The n for which `run(n)` uses about `fuel` (fuel is the same on every run,
 * unlike time), after warming it up (V8 tiers up the WebAssembly it runs;
 * the interpreters warm their caches).
 */
export async function sized(bench, fuel) {
  let n = bench.start ?? 1;
  const max = bench.max ?? 1e9;
  let used = 0;
  let ms = 0;
  // The first calls may compile code or touch fresh memory: not a guide to the rest.
  for (let k = 0; k < 2; k++) await bench.run(n);
  for (let tries = 0; tries < 60; tries++) {
    // Two calls, the faster one timed: a pause of the machine's makes one look slow.
    const [a, b] = [await bench.run(n), await bench.run(n)];
    used = a.fuel;
    ms = Math.min(a.ms, b.ms);
    if (used >= fuel / 8 || ms >= WALL_CAP_MS / 4 || n >= max) break;
    n = Math.min(max, Math.max(n + 1, Math.round(n * Math.min(16, fuel / 8 / Math.max(used, 1)) * 1.5)));
  }
  // Work that runs far longer than its fuel says is measured on less fuel: the ratio is the same.
  const scale = Math.min(fuel / Math.max(used, 1), WALL_CAP_MS / Math.max(ms, 0.01));
  n = Math.max(1, Math.min(max, Math.round(n * scale)));
  for (let k = 0; k < 2; k++) await bench.run(n);
  return n;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The benchmark's wall time per unit of fuel over the reference's, in
 * `rounds` pairs of calls run back to back: the least time per unit of fuel
 * of each over the rounds (other work on the machine only ever adds time, so
 * the least is the one it disturbed least). Also the fuel and wall ms of a
 * call (medians).
 */
export async function ratio(bench, reference, referenceN, rounds, fuel) {
  const n = await sized(bench, fuel);
  let own = Infinity;
  let ref = Infinity;
  const fuels = [];
  const times = [];
  for (let k = 0; k < rounds; k++) {
    const r = await reference.run(referenceN);
    const b = await bench.run(n);
    if (b.fuel <= 0) throw new Error(`${bench.name}: used no fuel`);
    ref = Math.min(ref, r.ms / r.fuel);
    own = Math.min(own, b.ms / b.fuel);
    fuels.push(b.fuel);
    times.push(b.ms);
  }
  return { n, ratio: own / ref, fuel: median(fuels), ms: median(times) };
}

/**
 * A benchmark on a bot that `load` makes: loaded once, or again before every
 * call (`fresh`, loading not timed); each call is given `callFuel` and its
 * wall time and fuel used are measured.
 */
export function botBench({ label, name, note, max, fresh, callFuel, load, dispose }) {
  let bot = null;
  return {
    name,
    ...(note ? { note } : {}),
    start: 1,
    max,
    run: async (n) => {
      if (fresh && bot) dispose?.(bot);
      if (fresh || !bot) bot = await load();
      const start = performance.now();
      const r = await bot.act(String(n), { fuel: callFuel });
      const ms = performance.now() - start;
      if (r.failure) throw new Error(`${label} ${name}: ${r.failure}: ${r.detail}`);
      return { ms, fuel: r.fuel };
    },
    dispose: () => {
      if (bot) dispose?.(bot);
      bot = null;
    },
  };
}
