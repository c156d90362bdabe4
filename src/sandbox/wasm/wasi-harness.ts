/**
 * Runs a WASI command module made suspendable by asyncify: a classic
 * stdin/stdout program, fed one turn at a time. Where the runtime has
 * JavaScript Promise Integration, raw modules run in wasi-jspi-harness.ts
 * instead; this one runs modules `umpire prepare-wasi` made, and the
 * fallback's (metered first, then asyncify: see webassembly/wasm-bot.ts).
 */

import { type Harness, instantiationProblem, runStart, trapped } from './harness-contract.js';
import { fuelTank } from './host-call-fuel.js';
import { type ReadArgs, ERRNO, WasiExit, reserveStackPage, wasiSystem } from './wasi-system.js';

interface WasiExports {
  memory: WebAssembly.Memory;
  _start: () => void;
  asyncify_start_unwind: (data: number) => void;
  asyncify_stop_unwind: () => void;
  asyncify_start_rewind: (data: number) => void;
  asyncify_stop_rewind: () => void;
  asyncify_get_state: () => number;
  umpire_start?: () => void;
  umpire_fuel: WebAssembly.Global;
  umpire_depth?: WebAssembly.Global;
}

const UNWINDING = 1;
const REWINDING = 2;

/**
 * A WASI command module run as a long-lived player process: each call appends
 * the turn's state to stdin and resumes the program until it blocks reading
 * the next one; what it wrote to stdout meanwhile is the answer. Blocking is
 * asyncify's unwind (the module must have been transformed by it).
 */
export function createWasiHarness(module: WebAssembly.Module, seed: number, logLimit: number): Harness {
  let x: WasiExports | null = null;
  let data = 0;
  let started = false;
  let exited = false;
  /** The count of stack slots (call-depth.ts) where the program blocked: what it is again once rewound. */
  let depthAtBlock = 0;
  const { tank, charge, hook } = fuelTank(module, () => x?.umpire_fuel ?? null);
  const sys = wasiSystem({
    seed,
    logLimit,
    memory: () => x!.memory,
    charge,
    block: () => {
      // Nothing more to read: unwind the program until the next turn.
      depthAtBlock = x!.umpire_depth ? Number(x!.umpire_depth.value) : 0;
      x!.asyncify_start_unwind(data);
      return ERRNO.SUCCESS;
    },
  });
  const fdRead = (...args: ReadArgs) => {
    if (x!.asyncify_get_state() === REWINDING) {
      x!.asyncify_stop_rewind();
      // A module counted before asyncify may run its frames' entries again while rewinding (or skip them): the count is set to what it was.
      if (x!.umpire_depth) x!.umpire_depth.value = depthAtBlock;
    }
    return sys.read(...args);
  };
  const imports = { ...hook, ...sys.imports(module, { fd_read: fdRead }) };
  const fuelLeft = () => (x ? Number(tank.left()) : 0);

  return {
    start(fuel, capMs = 0) {
      x = null;
      started = false;
      exited = false;
      sys.restart();
      try {
        x = new WebAssembly.Instance(module, imports as WebAssembly.Imports).exports as unknown as WasiExports;
      } catch (e) {
        return instantiationProblem(e);
      }
      // asyncify keeps the suspended call stack here: one page of the program's memory.
      const page = reserveStackPage(x.memory);
      if (page === null) return { problem: 'no memory left for the suspended stack' };
      data = page;
      tank.fill(BigInt(fuel), capMs);
      const failed = runStart(x, tank);
      if (failed) x = null;
      return failed;
    },

    call(input, fuel, limit, capMs = 0) {
      if (!x || exited)
        return { kind: 'trap', fuelLeft: fuel, message: exited ? 'the program has exited' : 'not started' };
      sys.beginTurn(input, limit);
      tank.fill(BigInt(fuel), capMs);
      try {
        if (started) {
          if (x.umpire_depth) x.umpire_depth.value = 0;
          x.asyncify_start_rewind(data);
        }
        started = true;
        x._start();
        if (x.asyncify_get_state() === UNWINDING) x.asyncify_stop_unwind();
        else exited = true;
      } catch (e) {
        if (e instanceof WasiExit) exited = true;
        else {
          sys.endTurn(limit);
          const report = trapped(x, tank, `trap: ${(e as Error).message}`);
          x = null;
          return report;
        }
      }
      return { kind: 'ok', ...sys.endTurn(limit), fuelLeft: fuelLeft() };
    },

    takeLog: () => sys.takeLog(),
  };
}
