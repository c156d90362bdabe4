import { FuelTank, REFUEL_MODULE, REFUEL_NAME, hasRefuelHook } from '../fuel-tank.js';

/**
 * What host calls cost, charged from the bot's fuel before the host does
 * the work (see docs/wasm-abi.md). Bytes the host copies, decodes or
 * generates cost about what they take in time at the calibrated rate. A
 * call itself crosses into JavaScript and reads and writes the fuel counter
 * (a BigInt each way): 0.2 to 0.6 µs, as long as several thousand plain
 * instructions take, whatever the function.
 */
export const HOST_CALL_FUEL = 10_000;
/** Per byte the host copies or decodes (logs, stdin, stdout). */
export const HOST_BYTE_FUEL = 20;
/** Per WASI I/O vector entry read. */
export const HOST_IOV_FUEL = 100;
/** Per byte of `random_get` (a generator step each). */
export const RANDOM_BYTE_FUEL = 50;
/** Per UTF-16 code unit of an AssemblyScript string the host reads (`env.abort`, `env.trace`): 8 ns each. */
export const STRING_UNIT_FUEL = 128;

/**
 * The bot's fuel counter, handed out in slices when the module has the
 * refuel hook, so that the safety cap is looked at between slices; and
 * `charge`, which takes host work off it and throws (a trap, for the
 * module) once the budget does not cover it.
 */
export function fuelTank(module: WebAssembly.Module, counter: () => WebAssembly.Global | null) {
  const tank = new FuelTank(counter, hasRefuelHook(module));
  const charge = (units: number) => {
    if (units !== 0) tank.charge(Math.ceil(units));
  };
  return { tank, charge, hook: { [REFUEL_MODULE]: { [REFUEL_NAME]: () => tank.refuel() } } };
}
