import { describe, expect, it } from 'vitest';
import { newEngine, INITIAL_PAGES } from '../../../src/sandbox/javascript/engine.js';
import { pageRunsOf, writtenPages } from '../../../src/sandbox/javascript/engine-pages.js';
import { keepEngine, takeEngine } from '../../../src/sandbox/javascript/engine-pool.js';
import { templatePages } from '../../../src/sandbox/javascript/engine-template.js';
import { nodeQuickJSModule } from '../../../src/sandbox/node-sources.js';

// Every JavaScript bot starts in a QuickJS engine made equal, byte for byte, to a template engine
// that took the steps every bot takes before its own (src/sandbox/javascript/engine-template.ts).
// Engines are handed from bot to bot (engine-pool.ts); these tests attack that hand-over.

const PAGE = 65536;
const MAX = 1024;
const bytesOf = (memory: WebAssembly.Memory) => new Uint8Array(memory.buffer).slice();

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('QuickJS engines handed from bot to bot', () => {
  it("the build's list of pages is what an engine's start and the template's steps write", async () => {
    const module = await nodeQuickJSModule();
    const listed = pageRunsOf(module);
    expect(listed).not.toBeNull();
    expect(templatePages(newEngine(module, MAX, true))).toEqual(listed);
  });

  it('a new engine, and one given back after a bot wrote all over its memory, are the template byte for byte', async () => {
    const module = await nodeQuickJSModule();
    const first = takeEngine(module, MAX);
    const second = takeEngine(module, MAX);
    expect(second.engine).not.toBe(first.engine);
    const template = bytesOf(first.engine.memory);
    expect(firstDifference(bytesOf(second.engine.memory), template)).toBe(-1);
    // Nothing outside the template's runs: the rest of the memory is zero.
    const runs = writtenPages(template);
    const listed = pageRunsOf(module)!;
    for (const [from, to] of runs) expect(listed.some(([a, b]) => a <= from && to <= b)).toBe(true);

    // A hostile bot could write anywhere in its own memory: every byte is overwritten or zeroed.
    const scribbled = new Uint8Array(first.engine.memory.buffer);
    for (let i = 0; i < scribbled.length; i += 4093) scribbled[i] = 0xa5;
    scribbled.fill(0x5a, 0, 70_000);
    scribbled[scribbled.length - 1] = 7;
    first.engine.depth!.value = 1234;
    keepEngine(first.engine);
    const again = takeEngine(module, MAX);
    expect(again.engine).toBe(first.engine);
    expect(firstDifference(bytesOf(again.engine.memory), template)).toBe(-1);
    expect(again.engine.depth!.value).toBe(0);
    keepEngine(again.engine);
    keepEngine(second.engine);
  });

  it('hands an engine only to a bot of the same memory limit, and keeps none that grew', async () => {
    const module = await nodeQuickJSModule();
    const small = takeEngine(module, 512).engine;
    keepEngine(small);
    const other = takeEngine(module, 2048).engine;
    expect(other).not.toBe(small);
    expect(() => other.memory.grow(1024)).not.toThrow();
    keepEngine(other);
    expect(takeEngine(module, 2048).engine).not.toBe(other);
    expect(takeEngine(module, 512).engine).toBe(small);
    expect(small.memory.buffer.byteLength).toBe(INITIAL_PAGES * PAGE);
  });

  it('keeps a few engines per memory limit, no more', async () => {
    const module = await nodeQuickJSModule();
    const many = Array.from({ length: 6 }, () => takeEngine(module, 768).engine);
    for (const engine of many) keepEngine(engine);
    const back = Array.from({ length: 6 }, () => takeEngine(module, 768).engine);
    expect(back.filter((engine) => many.includes(engine))).toHaveLength(4);
  });
});
