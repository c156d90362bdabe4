import { describe, expect, it } from 'vitest';
import { engineMemory, keepEngineMemory } from '../../src/sandbox/javascript/engine-memory.js';

const PAGE = 65536;

describe('QuickJS memories kept for the next bot', () => {
  it('come back all zero, as a new memory would be', () => {
    const first = engineMemory(4, 64);
    const bytes = new Uint8Array(first.buffer);
    bytes.fill(0xab, 0, 1000);
    bytes[bytes.length - 1] = 7;
    keepEngineMemory(first, 4, 64);
    const next = engineMemory(4, 64);
    expect(next).toBe(first);
    expect(next.buffer.byteLength).toBe(4 * PAGE);
    expect(new Uint8Array(next.buffer).every((b) => b === 0)).toBe(true);
  });

  it('are only handed out for the same maximum size', () => {
    const small = engineMemory(4, 64);
    keepEngineMemory(small, 4, 64);
    const other = engineMemory(4, 128);
    expect(other).not.toBe(small);
    // It grows to 128 pages, past the first's maximum of 64.
    expect(() => other.grow(100)).not.toThrow();
    expect(engineMemory(4, 64)).toBe(small);
  });

  it('are not kept once grown, nor past a few per size', () => {
    const grown = engineMemory(4, 64);
    grown.grow(1);
    keepEngineMemory(grown, 4, 64);
    expect(engineMemory(4, 64)).not.toBe(grown);

    const many = Array.from({ length: 6 }, () => engineMemory(4, 32));
    for (const m of many) keepEngineMemory(m, 4, 32);
    const back = Array.from({ length: 6 }, () => engineMemory(4, 32));
    expect(back.filter((m) => many.includes(m))).toHaveLength(4);
  });
});
