import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FUEL_EXPORT, meterWasm } from '../../src/sandbox/wasm/meter.js';

// The meter on what `npm run build` makes (build/): the metered engines and the example bots.
// The meter itself is tested without a build in meter.unit.test.ts.

describe('fuel metering of the built modules', () => {
  it('instruments the QuickJS engine the build produced, which exports the counter', () => {
    const bytes = readFileSync('build/quickjs-metered.wasm');
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(bytes));
    expect(exports).toContainEqual({ name: FUEL_EXPORT, kind: 'global' });
  });

  it('meters the engines and the example bots the project builds: none uses exception handling', () => {
    const require = createRequire(import.meta.url);
    const engines = [
      require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'),
      require.resolve('@micropython/micropython-webassembly-pyscript/micropython.wasm'),
    ];
    const bots = readdirSync('build/bots')
      .filter((f) => f.endsWith('.wasm'))
      .map((f) => `build/bots/${f}`);
    expect(bots.length).toBeGreaterThanOrEqual(2);
    for (const file of [...engines, ...bots]) expect(() => meterWasm(readFileSync(file)), file).not.toThrow();
  });
});
