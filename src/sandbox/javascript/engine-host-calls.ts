import { MEMORY_PAGE_FUEL } from '../wasm/meter.js';

const PAGE = 65536;

/**
 * What any call out of the engine to its emscripten glue costs (local time,
 * heap growth, host functions...): about a microsecond of host work, which
 * the counter does not see. Charged before the call, like the imports of
 * WebAssembly bots (docs/wasm-abi.md).
 */
export const ENGINE_HOST_CALL_FUEL = 20_000;

/** The glue's imports, each taking its cost off the engine's fuel before it runs, and heap growth per page. */
export function chargingHostCalls(
  imports: WebAssembly.Imports,
  fuel: () => WebAssembly.Global | undefined,
  memory: WebAssembly.Memory,
): WebAssembly.Imports {
  const wrapped: WebAssembly.Imports = {};
  for (const [module, entries] of Object.entries(imports)) {
    wrapped[module] = {};
    for (const [name, value] of Object.entries(entries)) {
      wrapped[module][name] =
        typeof value === 'function'
          ? (...args: unknown[]) => {
              const counter = fuel();
              const before = memory.buffer.byteLength;
              if (counter) counter.value = (counter.value as bigint) - BigInt(ENGINE_HOST_CALL_FUEL);
              const result = (value as (...a: unknown[]) => unknown)(...args);
              // Growing the heap (emscripten's resize call) zeroes the new pages: charged per page, as memory.grow is.
              const grown = memory.buffer.byteLength - before;
              if (counter && grown > 0)
                counter.value = (counter.value as bigint) - BigInt((grown / PAGE) * MEMORY_PAGE_FUEL);
              return result;
            }
          : value;
    }
  }
  return wrapped;
}
