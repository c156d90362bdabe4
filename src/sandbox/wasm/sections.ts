import { WasmFormatError, WasmReader, concat, encodeName, encodeU32 } from './leb.js';

export const SECTION = {
  custom: 0,
  type: 1,
  import: 2,
  function: 3,
  table: 4,
  memory: 5,
  global: 6,
  export: 7,
  start: 8,
  element: 9,
  code: 10,
  tag: 13,
} as const;
/** Section ids in the order the specification requires them. */
export const SECTION_ORDER = [1, 2, 3, 4, 5, 13, 6, 7, 8, 9, 12, 10, 11];

export const IMPORT_KIND = { function: 0, table: 1, memory: 2, global: 3, tag: 4 } as const;

export interface Section {
  readonly id: number;
  readonly start: number;
  readonly end: number;
}

/** Table and memory limits as encoded: flags (bit 0 max present, bit 1 shared, bit 2 64-bit), min, max. */
export interface Limits {
  readonly flags: number;
  readonly min: number;
  readonly max: number | null;
}

export interface ImportEntry {
  readonly module: string;
  readonly name: string;
  readonly kind: number;
  /** Tables and memories only. */
  readonly limits?: Limits;
}

/** What every module starts with: the magic `\0asm` and version 1. */
export const WASM_HEADER: readonly number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** `module` (its bytes) with a custom section named `name` holding `payload` appended. */
export function withCustomSection(module: Uint8Array, name: string, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const body = concat([new Uint8Array(encodeName(name)), payload]);
  return concat([module, new Uint8Array([SECTION.custom, ...encodeU32(body.length)]), body]);
}

/** The module's sections in file order, checked for order and framing. */
export function readSections(input: Uint8Array): Section[] {
  if (input.length < 8 || WASM_HEADER.some((b, i) => input[i] !== b))
    throw new WasmFormatError('not a WebAssembly module (bad magic or version)');
  const r = new WasmReader(input, 8);
  const sections: Section[] = [];
  let last = -1;
  while (!r.atEnd()) {
    const id = r.byte();
    const size = r.u32();
    const start = r.pos;
    r.skip(size);
    if (id !== SECTION.custom) {
      const k = SECTION_ORDER.indexOf(id);
      if (k < 0) throw new WasmFormatError(`unknown section ${id}`);
      if (k <= last) throw new WasmFormatError(`section ${id} out of order`);
      last = k;
    }
    sections.push({ id, start, end: r.pos });
  }
  return sections;
}

export function readLimits(r: WasmReader): Limits {
  const flags = r.byte();
  const min = r.u32();
  const max = flags & 1 ? r.u32() : null;
  return { flags, min, max };
}

export function readImports(input: Uint8Array, s: Section): ImportEntry[] {
  const r = new WasmReader(input, s.start, s.end);
  const imports: ImportEntry[] = [];
  for (let n = r.u32(); n > 0; n--) {
    const module = r.name();
    const name = r.name();
    const kind = r.byte();
    if (kind === IMPORT_KIND.function) r.u32();
    else if (kind === IMPORT_KIND.table) {
      r.byte();
      imports.push({ module, name, kind, limits: readLimits(r) });
      continue;
    } else if (kind === IMPORT_KIND.memory) {
      imports.push({ module, name, kind, limits: readLimits(r) });
      continue;
    } else if (kind === IMPORT_KIND.global) r.skip(2);
    else if (kind === IMPORT_KIND.tag) {
      r.byte();
      r.u32();
    } else throw new WasmFormatError(`unknown import kind ${kind}`);
    imports.push({ module, name, kind });
  }
  return imports;
}

/** The table section's entries: element type and limits. */
export function readTables(input: Uint8Array, s: Section): { refType: number; limits: Limits }[] {
  const r = new WasmReader(input, s.start, s.end);
  const tables: { refType: number; limits: Limits }[] = [];
  for (let n = r.u32(); n > 0; n--) {
    const refType = r.byte();
    if (refType === 0x40) throw new WasmFormatError('tables with initializer expressions are not supported');
    tables.push({ refType, limits: readLimits(r) });
  }
  return tables;
}

export function readMemories(input: Uint8Array, s: Section): Limits[] {
  const r = new WasmReader(input, s.start, s.end);
  const memories: Limits[] = [];
  for (let n = r.u32(); n > 0; n--) memories.push(readLimits(r));
  return memories;
}

export function exportNames(input: Uint8Array, s: Section): string[] {
  const r = new WasmReader(input, s.start, s.end);
  const names: string[] = [];
  for (let n = r.u32(); n > 0; n--) {
    names.push(r.name());
    r.byte();
    r.u32();
  }
  return names;
}

/** The number of entries of a vector section (types, functions, globals...). */
export function vectorLength(input: Uint8Array, s: Section): number {
  return new WasmReader(input, s.start, s.end).u32();
}
