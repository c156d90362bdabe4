/** Tiny hand-assembled WebAssembly modules for tests (no assembler needed), and {@link assemble} for the rest. */
import wabtInit from 'wabt';
import { WASM_HEADER } from '../../src/sandbox/wasm/sections.js';

const wabt = await wabtInit();

/**
 * Assembles WebAssembly text with wabt, with every feature an attack may
 * want on: exceptions (legacy `try`, and `try_table`/`throw_ref`), tail
 * calls, threads, bulk memory, reference types.
 */
export function assemble(text: string): Uint8Array<ArrayBuffer> {
  const features = {
    exceptions: true,
    tail_call: true,
    threads: true,
    bulk_memory: true,
    reference_types: true,
    multi_memory: true,
    mutable_globals: true,
  };
  const parsed = wabt.parseWat('attack.wat', text, features);
  try {
    return new Uint8Array(parsed.toBinary({}).buffer);
  } finally {
    parsed.destroy();
  }
}

const u = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const name = (s: string) => [...u(s.length), ...new TextEncoder().encode(s)];
const section = (id: number, body: number[]) => [id, ...u(body.length), ...body];
const vec = (items: number[][]) => [...u(items.length), ...items.flat()];

export interface FuncSpec {
  /** Param and result types (0x7f i32, 0x7e i64). */
  params: number[];
  results: number[];
  /** Body instructions, without the final `end`. */
  body: number[];
  locals?: number[];
  export?: string;
}

/** A module with one memory (`memory`, min pages, optional max) and the given functions. */
export function module(
  funcs: FuncSpec[],
  memory: { min: number; max?: number } = { min: 1 },
  imports: [string, string, number][] = [],
): Uint8Array {
  const types = funcs.map((f) => [0x60, ...vec(f.params.map((p) => [p])), ...vec(f.results.map((r) => [r]))]);
  const importTypes = imports.map(() => [0x60, 0, 0]);
  const allTypes = [...importTypes, ...types];
  const bytes = [
    ...WASM_HEADER,
    ...section(1, vec(allTypes)),
    ...(imports.length ? section(2, vec(imports.map(([m, n], i) => [...name(m), ...name(n), 0x00, ...u(i)]))) : []),
    ...section(3, vec(funcs.map((_, i) => u(imports.length + i)))),
    ...section(
      5,
      vec([memory.max === undefined ? [0x00, ...u(memory.min)] : [0x01, ...u(memory.min), ...u(memory.max)]]),
    ),
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0x00],
        ...funcs.flatMap((f, i) => (f.export ? [[...name(f.export), 0x00, ...u(imports.length + i)]] : [])),
      ]),
    ),
    ...section(
      10,
      vec(
        funcs.map((f) => {
          const locals = f.locals ?? [];
          const body = [...vec(locals.map((t) => [1, t])), ...f.body, 0x0b];
          return [...u(body.length), ...body];
        }),
      ),
    ),
  ];
  return Uint8Array.from(bytes);
}

export const I32 = 0x7f;
export const I64 = 0x7e;

/** `i64.const v` */
export function i64const(v: bigint): number[] {
  const out: number[] = [0x42];
  while (true) {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}
