import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WasmFormatError } from '../../src/sandbox/wasm/leb.js';
import { FUEL_EXPORT, meterWasm } from '../../src/sandbox/wasm/meter.js';
import { I32, module } from './wat.js';

/** `count(n)`: loops n times and returns n; `spin()`: loops forever. */
const loops = module([
  {
    params: [I32],
    results: [I32],
    locals: [I32],
    // local1 = 0; loop { local1++; br_if (local1 < n) }; return local1
    body: [0x03, 0x40, 0x20, 0x01, 0x41, 0x01, 0x6a, 0x21, 0x01, 0x20, 0x01, 0x20, 0x00, 0x48, 0x0d, 0x00, 0x0b, 0x20, 0x01],
    export: 'count',
  },
  { params: [], results: [], body: [0x03, 0x40, 0x0c, 0x00, 0x0b], export: 'spin' },
]);

function instantiate(bytes: Uint8Array) {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>));
  return instance.exports as { count: (n: number) => number; spin: () => void; memory: WebAssembly.Memory } & Record<string, WebAssembly.Global>;
}

describe('fuel metering', () => {
  it('adds an exported fuel counter and keeps the program working', () => {
    const x = instantiate(meterWasm(loops).bytes);
    x[FUEL_EXPORT].value = 1_000_000n;
    expect(x.count(1000)).toBe(1000);
    expect(x[FUEL_EXPORT].value).toBeLessThan(1_000_000n);
  });

  it('charges in proportion to the work done, the same on every run', () => {
    const used = (n: number) => {
      const x = instantiate(meterWasm(loops).bytes);
      x[FUEL_EXPORT].value = 10n ** 12n;
      x.count(n);
      return 10n ** 12n - (x[FUEL_EXPORT].value as bigint);
    };
    expect(used(1000)).toBe(used(1000));
    const perIteration = (used(2000) - used(1000)) / 1000n;
    expect(perIteration).toBeGreaterThanOrEqual(5n);
    expect(used(1000) - used(500)).toBe(500n * perIteration);
  });

  it('stops an endless loop with a trap once the fuel is gone', () => {
    const x = instantiate(meterWasm(loops).bytes);
    x[FUEL_EXPORT].value = 50_000n;
    expect(() => x.spin()).toThrow(WebAssembly.RuntimeError);
    expect(x[FUEL_EXPORT].value).toBeLessThan(0n);
  });

  it('caps a module’s own memory', () => {
    const grow = module([{ params: [], results: [I32], body: [0x41, 0x10, 0x40, 0x00], export: 'grow' }], { min: 1 });
    const x = new WebAssembly.Instance(new WebAssembly.Module(meterWasm(grow, { maxMemoryPages: 8 }).bytes as Uint8Array<ArrayBuffer>)).exports as { grow: () => number };
    expect(x.grow()).toBe(-1); // 1 + 16 pages exceeds the cap of 8
    expect(() => meterWasm(module([], { min: 9 }), { maxMemoryPages: 8 })).toThrow(/needs 9 pages/);
  });

  it('refuses what is not WebAssembly, and unknown instructions', () => {
    expect(() => meterWasm(new TextEncoder().encode('hello world'))).toThrow(WasmFormatError);
    const odd = module([{ params: [], results: [], body: [0xff], export: 'odd' }]);
    expect(() => meterWasm(odd)).toThrow(/unsupported instruction 0xff/);
  });

  it('instruments the QuickJS engine the build produced, which exports the counter', () => {
    const bytes = readFileSync('build/quickjs-metered.wasm');
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(bytes));
    expect(exports).toContainEqual({ name: FUEL_EXPORT, kind: 'global' });
  });
});
