import { describe, expect, it } from 'vitest';
import { EngineCalls } from '../../../src/sandbox/javascript/engine-call.js';
import { keepEngine, takeEngine } from '../../../src/sandbox/javascript/engine-pool.js';
import { templateContext } from '../../../src/sandbox/javascript/engine-template.js';
import { nodeQuickJSModule } from '../../../src/sandbox/node-sources.js';

// A turn's call goes through EngineCalls, not quickjs-emscripten's callFunction
// (src/sandbox/javascript/engine-call.ts). It must make the same calls into the engine: the same fuel
// burned and the same bytes left in memory, call after call, or replays would change.

const CODE = `(function (text, n) {
  if (n % 3 === 2) throw new Error('turn ' + n + ' of ' + text.length);
  globalThis.kept = (globalThis.kept || []).concat([text.slice(0, n)]);
  return text.toUpperCase() + n;
})`;

async function engineWith(code: string) {
  const module = await nodeQuickJSModule();
  const { engine, template } = takeEngine(module, 1024);
  engine.fuel.value = 1n << 60n;
  const { runtime, vm } = templateContext(engine, template);
  const fn = vm.unwrapResult(vm.evalCode(code, 'f.js'));
  return { engine, vm, fn, calls: new EngineCalls(engine, template.context, runtime) };
}

describe("EngineCalls against quickjs-emscripten's callFunction", () => {
  it('burns the same fuel and leaves the same memory, call after call, answers and throws alike', async () => {
    const a = await engineWith(CODE);
    const b = await engineWith(CODE);
    expect(a.engine).not.toBe(b.engine);
    const sameMemory = () => Buffer.compare(Buffer.from(a.engine.memory.buffer), Buffer.from(b.engine.memory.buffer));
    expect(sameMemory()).toBe(0);
    for (let n = 0; n < 12; n++) {
      const text = 'view '.repeat(600 + n);
      const argsA = [a.vm.newString(text), a.vm.newNumber(n)];
      const argsB = [b.vm.newString(text), b.vm.newNumber(n)];
      const before = [a.engine.fuel.value as bigint, b.engine.fuel.value as bigint];
      const viaLibrary = a.vm.callFunction(a.fn, a.vm.undefined, ...argsA);
      const viaEngine = b.calls.call(b.fn, b.vm.undefined, ...argsB);
      const outcome = (vm: typeof a.vm, r: { value?: unknown; error?: unknown }) => {
        const handle = (r.error ?? r.value) as Parameters<typeof vm.dump>[0] & { dispose(): void };
        const shown = `${r.error ? 'threw' : 'returned'} ${JSON.stringify(vm.dump(handle))}`;
        handle.dispose();
        return shown;
      };
      expect(outcome(b.vm, viaEngine)).toBe(outcome(a.vm, viaLibrary));
      for (const h of [...argsA, ...argsB]) h.dispose();
      expect(before[1]! - (b.engine.fuel.value as bigint)).toBe(before[0]! - (a.engine.fuel.value as bigint));
      expect(sameMemory()).toBe(0);
    }
    keepEngine(a.engine);
    keepEngine(b.engine);
  });
});
