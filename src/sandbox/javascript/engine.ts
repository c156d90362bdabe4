import { DEPTH_EXPORT } from '../wasm/call-depth.js';
import { FUEL_EXPORT } from '../wasm/meter.js';
import { REFUEL_MODULE, REFUEL_NAME, hasRefuelHook } from '../fuel-tank.js';
import { chargingHostCalls } from './engine-host-calls.js';
import { type EngineGlue, startEngineGlue } from './quickjs-start.js';

/** QuickJS starts with 16 MiB of linear memory (the module's own minimum). */
export const INITIAL_PAGES = 256;

/** That first size in bytes. */
export const INITIAL_BYTES = INITIAL_PAGES * 65536;

/** Whether an engine's memory is still at the size it started with (never grown). */
export function atFirstSize(engine: Engine): boolean {
  return engine.memory.buffer.byteLength === INITIAL_BYTES;
}

/** One QuickJS engine: its WebAssembly instance, memory and glue, which bot after bot may run in. */
export interface Engine extends EngineGlue {
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  /** The pages the memory may grow to (the bot's memory limit). */
  readonly maximumPages: number;
  /** The instance's fuel counter (wasm/meter.ts). */
  readonly fuel: WebAssembly.Global;
  /** Its count of stack slots in use (wasm/call-depth.ts). */
  readonly depth: WebAssembly.Global | undefined;
  /** Whether its fuel checks call the refuel hook when the counter runs out (fuel-tank.ts). */
  readonly hooked: boolean;
  /** Where its refuel hook goes: the meter of the bot that runs in it now. */
  refuel: () => void;
}

const notMetered = (): void => {
  throw new Error('the QuickJS engine ran out of fuel before a bot was given it');
};

/**
 * A new engine in a new memory, started by its glue. Every call the glue
 * makes to the host is charged to the engine's fuel (engine-host-calls.ts).
 * `touchFirst` writes every page of the memory before the engine starts, so
 * that a scan of it is cheap (the build's, in scripts/build-wasm.mjs).
 */
export function newEngine(module: WebAssembly.Module, maximumPages: number, touchFirst = false): Engine {
  const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: maximumPages });
  if (touchFirst) new Uint8Array(memory.buffer).fill(0);
  let instance: WebAssembly.Instance | undefined;
  let engine: Engine | undefined;
  const glue = startEngineGlue(module, memory, (imports) => {
    const charged = chargingHostCalls(
      imports,
      () => instance?.exports[FUEL_EXPORT] as WebAssembly.Global | undefined,
      memory,
    );
    // The refuel hook is the meter's, not the glue's: it is not charged.
    instance = new WebAssembly.Instance(module, {
      ...charged,
      [REFUEL_MODULE]: { [REFUEL_NAME]: () => (engine?.refuel ?? notMetered)() },
    });
    return instance;
  });
  const exports = instance!.exports;
  engine = {
    ...glue,
    module,
    memory,
    maximumPages,
    fuel: exports[FUEL_EXPORT] as WebAssembly.Global,
    depth: exports[DEPTH_EXPORT] as WebAssembly.Global | undefined,
    hooked: hasRefuelHook(module),
    refuel: notMetered,
  };
  return engine;
}
