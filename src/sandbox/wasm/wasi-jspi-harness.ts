/**
 * Runs a raw WASI command module (a classic stdin/stdout program, no
 * transform) with JavaScript Promise Integration: `fd_read` is a suspending
 * import and `_start` a promising export, so a read of an empty standard
 * input suspends the program's own stack until the next turn.
 */

import { type AsyncHarness, instantiationProblem, runStart, trapped } from './harness-contract.js';
import { fuelTank } from './host-call-fuel.js';
import { type ReadArgs, WasiExit, reserveStackPage, wasiSystem } from './wasi-system.js';

interface WasiExports {
  memory: WebAssembly.Memory;
  _start: () => void;
  umpire_start?: () => void;
  umpire_fuel: WebAssembly.Global;
}

/** The JSPI API (Node 24, workerd): not yet in TypeScript's lib. */
interface Jspi {
  Suspending: new (f: (...args: never[]) => unknown) => object;
  promising: (f: () => void) => () => Promise<unknown>;
}

/** The runtime's JSPI, where it has one. */
export function jspi(): Jspi | null {
  const w = WebAssembly as unknown as Partial<Jspi>;
  return typeof w.Suspending === 'function' && typeof w.promising === 'function' ? (w as Jspi) : null;
}

/** How a turn's run of the program ended. */
type RunEnd = { kind: 'blocked' } | { kind: 'returned' } | { kind: 'threw'; error: unknown };

/**
 * A WASI command module run as a long-lived player process, as
 * wasi-harness.ts runs one made by asyncify and with the same fuel: a read
 * that blocks is paid as a call when it blocks and again when it is resumed
 * (asyncify calls it again then).
 */
export function createWasiJspiHarness(module: WebAssembly.Module, seed: number, logLimit: number): AsyncHarness {
  const api = jspi();
  if (!api) throw new Error('this runtime has no JavaScript Promise Integration');
  let x: WasiExports | null = null;
  let exited = false;
  /** The program's run (the promise of `_start`), from its first turn on. */
  let run: Promise<RunEnd> | null = null;
  /** Tells the turn in progress that the program blocked. */
  let blocked: (() => void) | null = null;
  /** Resumes the blocked read at the next turn. */
  let resume: (() => void) | null = null;
  const { tank, charge, hook } = fuelTank(module, () => x?.umpire_fuel ?? null);
  const sys = wasiSystem({
    seed,
    logLimit,
    memory: () => x!.memory,
    charge,
    block: (args: ReadArgs) =>
      new Promise((settle, fail) => {
        resume = () => {
          try {
            settle(sys.read(...args));
          } catch (e) {
            fail(e);
          }
        };
        blocked?.();
      }),
  });
  const imports = { ...hook, ...sys.imports(module, { fd_read: new api.Suspending(sys.read) }) };
  const fuelLeft = () => (x ? Number(tank.left()) : 0);

  return {
    async start(fuel, capMs = 0) {
      x = null;
      exited = false;
      run = null;
      resume = null;
      sys.restart();
      try {
        x = new WebAssembly.Instance(module, imports as WebAssembly.Imports).exports as unknown as WasiExports;
      } catch (e) {
        return instantiationProblem(e);
      }
      if (reserveStackPage(x.memory) === null) return { problem: 'no memory left for the suspended stack' };
      tank.fill(BigInt(fuel), capMs);
      const failed = runStart(x, tank);
      if (failed) x = null;
      return failed;
    },

    async call(input, fuel, limit, capMs = 0) {
      if (!x || exited)
        return { kind: 'trap', fuelLeft: fuel, message: exited ? 'the program has exited' : 'not started' };
      sys.beginTurn(input, limit);
      tank.fill(BigInt(fuel), capMs);
      const stop = new Promise<RunEnd>((r) => {
        blocked = () => r({ kind: 'blocked' });
      });
      if (run === null) {
        run = api
          .promising(x._start)()
          .then(
            (): RunEnd => ({ kind: 'returned' }),
            (error: unknown): RunEnd => ({ kind: 'threw', error }),
          );
      } else {
        const go = resume!;
        resume = null;
        go();
      }
      const end = await Promise.race([stop, run]);
      blocked = null;
      if (end.kind === 'returned') exited = true;
      if (end.kind === 'threw') {
        if (end.error instanceof WasiExit) exited = true;
        else {
          sys.endTurn(limit);
          const report = trapped(x, tank, `trap: ${(end.error as Error).message}`);
          x = null;
          return report;
        }
      }
      return { kind: 'ok', ...sys.endTurn(limit), fuelLeft: fuelLeft() };
    },

    async takeLog() {
      return sys.takeLog();
    },
  };
}
