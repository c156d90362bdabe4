import { threadCpuMs } from './cpu-clock.js';
import { REFUEL_MODULE, REFUEL_NAME } from './fuel-tank.js';
import { startQuickJS } from './javascript/quickjs-start.js';
import { FUEL_PER_MS } from './policy.js';
import { FUEL_EXPORT, START_FUEL } from './wasm/meter.js';

/**
 * How much slower this host runs bot work than the machine FUEL_PER_MS was
 * measured on. Fuel never changes with the host (it is what makes a match
 * reproducible), but the safety cap is CPU time: on a host 3 times slower,
 * a fair bot's turn takes 3 times its nominal time, and a WebAssembly loop
 * that never returns (so V8 never swaps in its optimized code) 6 to 7 times.
 * A cap of 10x nominal would cut such a bot; scaled by this factor it does
 * not, and it still bounds every call.
 *
 * Measured in the thread's CPU time, on the kind of work FUEL_PER_MS stands
 * for (QuickJS running string, map and number code), synchronously: the cap's
 * clock asks for it in the middle of the first call that needs it
 * (cpu-clock.ts), where nothing can be awaited.
 */

const WORKLOAD = `(function work(rounds) {
  let acc = 0;
  for (let r = 0; r < rounds; r++) {
    const cells = 'a1 b2 c3 d4 e5 f6 g7 h8 i9 j0 '.repeat(20).split(' ');
    const seen = new Map();
    for (let i = 0; i < cells.length; i++) seen.set(i * 31 + r, cells[i].charCodeAt(0) + Math.sqrt(i));
    for (const [k, v] of seen) acc += (k % 7) * v;
    acc += JSON.stringify(cells.slice(0, 8)).length;
  }
  return acc;
})`;

const WARM_UP_CALLS = 3;
const MEASURED_CALLS = 5;
const ROUNDS_PER_CALL = 25;
/** QuickJS's own 16 MiB; the workload needs far less. */
const MEMORY_PAGES = 256;
/** Never assume a host more than this much slower: past it an operator sets UMPIRE_SAFETY_CAP_FACTOR. */
export const MAX_HOST_SLOWNESS = 20;

/**
 * This thread's slowness, at least 1 and at most MAX_HOST_SLOWNESS (1 where
 * there is no CPU clock, or the workload fails): some 100 ms of CPU time on
 * a fresh QuickJS of the metered `module`, dropped afterwards.
 */
export function measureHostSlowness(module: WebAssembly.Module): number {
  const cpuMs = threadCpuMs();
  if (!cpuMs) return 1;
  try {
    const rate = fuelPerCpuMs(module, cpuMs);
    return rate > 0 ? Math.min(MAX_HOST_SLOWNESS, Math.max(1, FUEL_PER_MS / rate)) : 1;
  } catch {
    return 1;
  }
}

/** Fuel the workload burns per ms of CPU time: the median of the measured calls, after the warm-up. */
function fuelPerCpuMs(module: WebAssembly.Module, cpuMs: () => number): number {
  let instance: WebAssembly.Instance | undefined;
  const memory = new WebAssembly.Memory({ initial: MEMORY_PAGES, maximum: MEMORY_PAGES * 4 });
  const refuel = () => {
    throw new Error('the pace workload ran out of fuel');
  };
  const qjs = startQuickJS(module, memory, (imports) => {
    instance = new WebAssembly.Instance(module, { ...imports, [REFUEL_MODULE]: { [REFUEL_NAME]: refuel } });
    return instance;
  });
  const counter = instance!.exports[FUEL_EXPORT] as WebAssembly.Global;
  counter.value = START_FUEL;
  const runtime = qjs.newRuntime();
  const vm = runtime.newContext();
  try {
    const work = vm.unwrapResult(vm.evalCode(WORKLOAD, 'pace.js'));
    const rounds = vm.newNumber(ROUNDS_PER_CALL);
    const rates: number[] = [];
    for (let i = 0; i < WARM_UP_CALLS + MEASURED_CALLS; i++) {
      const fuelBefore = counter.value as bigint;
      const started = cpuMs();
      vm.unwrapResult(vm.callFunction(work, vm.undefined, rounds)).dispose();
      const ms = cpuMs() - started;
      const fuel = Number(fuelBefore - (counter.value as bigint));
      if (i >= WARM_UP_CALLS && ms > 0) rates.push(fuel / ms);
    }
    rounds.dispose();
    work.dispose();
    rates.sort((a, b) => a - b);
    return rates[Math.floor(rates.length / 2)] ?? 0;
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
