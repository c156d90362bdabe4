import { WasmFormatError, WasmReader, encodeName, encodeS32, encodeS64, encodeU32 } from './leb.js';
import { skipBlockType, skipImmediates } from './opcodes.js';

/** Name of the exported mutable i64 global that holds the fuel left. */
export const FUEL_EXPORT = 'umpire_fuel';

/** Fuel at instantiation (2^62): start functions already burn some. */
export const START_FUEL = 2n ** 62n;

const SECTION = { custom: 0, import: 2, memory: 5, global: 6, export: 7, code: 10 } as const;
/** Section ids in the order the specification requires them. */
const SECTION_ORDER = [1, 2, 3, 4, 5, 13, 6, 7, 8, 9, 12, 10, 11];

interface Section {
  readonly id: number;
  readonly start: number;
  readonly end: number;
}

export interface MeterReport {
  readonly bytes: Uint8Array;
  readonly functions: number;
  readonly checkpoints: number;
}

/**
 * Instruments a WebAssembly module with fuel metering: a new exported mutable
 * global `umpire_fuel`, and at every function entry, every loop head and at
 * least every 64 instructions a check that subtracts the number of
 * instructions up to the next check and traps (`unreachable`) once the fuel is
 * below zero. The same module run with the same fuel traps at the same
 * instruction on every machine.
 *
 * With `maxMemoryPages`, the module's own memories get that maximum (a
 * memory that needs more from the start is refused).
 *
 * Works on bytes only (no compilation), so it runs wherever JavaScript does.
 * Throws {@link WasmFormatError} for malformed or unsupported modules.
 */
export function meterWasm(input: Uint8Array, options: { maxMemoryPages?: number } = {}): MeterReport {
  const sections = readSections(input);
  let importedGlobals = 0;
  let definedGlobals = 0;
  for (const s of sections) {
    if (s.id === SECTION.import) importedGlobals = countImportedGlobals(input, s);
    if (s.id === SECTION.global) definedGlobals = new WasmReader(input, s.start, s.end).u32();
    if (s.id === SECTION.export && exportNames(input, s).includes(FUEL_EXPORT)) {
      throw new WasmFormatError(`the module already exports '${FUEL_EXPORT}'`);
    }
  }
  const fuel = importedGlobals + definedGlobals;
  const newGlobal = [0x7e, 0x01, 0x42, ...encodeS64(START_FUEL), 0x0b];
  const newExport = [...encodeName(FUEL_EXPORT), 0x03, ...encodeU32(fuel)];

  const out: Uint8Array[] = [input.subarray(0, 8)];
  let functions = 0;
  let checkpoints = 0;
  const emit = (id: number, content: Uint8Array | number[]) => {
    out.push(Uint8Array.from([id, ...encodeU32(content.length)]), content instanceof Uint8Array ? content : Uint8Array.from(content));
  };
  const hasGlobal = sections.some((s) => s.id === SECTION.global);
  const hasExport = sections.some((s) => s.id === SECTION.export);
  const rank = (id: number) => SECTION_ORDER.indexOf(id);
  const emitMissing = (before: number) => {
    if (!hasGlobal && rank(SECTION.global) < before && !emitted.global) {
      emit(SECTION.global, [1, ...newGlobal]);
      emitted.global = true;
    }
    if (!hasExport && rank(SECTION.export) < before && !emitted.export) {
      emit(SECTION.export, [1, ...newExport]);
      emitted.export = true;
    }
  };
  const emitted = { global: false, export: false };

  for (const s of sections) {
    if (s.id === SECTION.custom) {
      // Debug information would point at the old offsets; only names are kept.
      if (new WasmReader(input, s.start, s.end).name() === 'name') emit(s.id, input.subarray(s.start, s.end));
      continue;
    }
    emitMissing(rank(s.id));
    if (s.id === SECTION.global) emit(s.id, appendEntry(input, s, newGlobal));
    else if (s.id === SECTION.export) emit(s.id, appendEntry(input, s, newExport));
    else if (s.id === SECTION.memory && options.maxMemoryPages !== undefined) emit(s.id, capMemories(input, s, options.maxMemoryPages));
    else if (s.id === SECTION.code) {
      const code = meterCode(input, s, fuel);
      functions = code.functions;
      checkpoints = code.checkpoints;
      emit(s.id, code.bytes);
    } else emit(s.id, input.subarray(s.start, s.end));
  }
  emitMissing(SECTION_ORDER.length);

  return { bytes: concat(out), functions, checkpoints };
}

function readSections(input: Uint8Array): Section[] {
  const magic = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (input.length < 8 || magic.some((b, i) => input[i] !== b)) throw new WasmFormatError('not a WebAssembly module (bad magic or version)');
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

function countImportedGlobals(input: Uint8Array, s: Section): number {
  const r = new WasmReader(input, s.start, s.end);
  let globals = 0;
  for (let n = r.u32(); n > 0; n--) {
    r.name();
    r.name();
    const kind = r.byte();
    if (kind === 0x00) r.u32();
    else if (kind === 0x01) {
      r.byte();
      skipLimits(r);
    } else if (kind === 0x02) skipLimits(r);
    else if (kind === 0x03) {
      r.byte();
      r.byte();
      globals++;
    } else if (kind === 0x04) {
      r.byte();
      r.u32();
    } else throw new WasmFormatError(`unknown import kind ${kind}`);
  }
  return globals;
}

/** The memory section with every maximum lowered to `pages`. */
function capMemories(input: Uint8Array, s: Section, pages: number): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const out: number[] = encodeU32(count);
  for (let i = 0; i < count; i++) {
    const flags = r.byte();
    if (flags & 0x04) throw new WasmFormatError('64-bit memories are not supported');
    const min = r.u32();
    const max = flags & 1 ? r.u32() : pages;
    if (min > pages) throw new WasmFormatError(`the module needs ${min} pages of memory at start; the limit is ${pages}`);
    out.push(flags | 1, ...encodeU32(min), ...encodeU32(Math.min(max, pages)));
  }
  return Uint8Array.from(out);
}

function skipLimits(r: WasmReader): void {
  const flags = r.byte();
  r.u32();
  if (flags & 1) r.u32();
}

function exportNames(input: Uint8Array, s: Section): string[] {
  const r = new WasmReader(input, s.start, s.end);
  const names: string[] = [];
  for (let n = r.u32(); n > 0; n--) {
    names.push(r.name());
    r.byte();
    r.u32();
  }
  return names;
}

/** A vector section with one more entry at its end. */
function appendEntry(input: Uint8Array, s: Section, entry: number[]): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  return concat([Uint8Array.from(encodeU32(count + 1)), input.subarray(r.pos, s.end), Uint8Array.from(entry)]);
}

/**
 * Most instructions between two checks. The check sequence is stack-neutral,
 * so it may stand at any instruction boundary; bounding the stretch bounds
 * the work one unit of fuel can buy, and keeps fuel close to instructions run.
 */
const SEGMENT = 64;

/** `fuel -= cost; if (fuel < 0) unreachable;` on the i64 global `fuel`. */
function fuelCheck(fuel: number, cost: number): number[] {
  const g = encodeU32(fuel);
  return [0x23, ...g, 0x42, ...encodeS32(cost), 0x7d, 0x24, ...g, 0x23, ...g, 0x42, 0x00, 0x53, 0x04, 0x40, 0x00, 0x0b];
}

function meterCode(input: Uint8Array, s: Section, fuel: number): { bytes: Uint8Array; functions: number; checkpoints: number } {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const parts: Uint8Array[] = [Uint8Array.from(encodeU32(count))];
  let checkpoints = 0;
  for (let f = 0; f < count; f++) {
    const size = r.u32();
    const bodyEnd = r.pos + size;
    const body = new WasmReader(input, r.pos, bodyEnd);
    for (let groups = body.u32(); groups > 0; groups--) {
      body.u32();
      const t = body.byte();
      if (t === 0x63 || t === 0x64) body.skipLeb();
    }
    const localsEnd = body.pos;
    // Check points: the function entry, just inside every loop, and often
    // enough that no check is followed by more than SEGMENT instructions.
    const points = [localsEnd];
    const costs = [0];
    while (!body.atEnd()) {
      if (costs[costs.length - 1] >= SEGMENT) {
        points.push(body.pos);
        costs.push(0);
      }
      const op = body.byte();
      // Structure (block, loop, end, nop) costs nothing at run time.
      if (op !== 0x02 && op !== 0x03 && op !== 0x0b && op !== 0x01) costs[costs.length - 1]++;
      if (op === 0x03) {
        skipBlockType(body);
        points.push(body.pos);
        costs.push(0);
      } else {
        skipImmediates(body, op);
      }
    }
    const slices: Uint8Array[] = [input.subarray(r.pos, localsEnd)];
    for (let k = 0; k < points.length; k++) {
      const check = fuelCheck(fuel, Math.max(1, costs[k]));
      slices.push(Uint8Array.from(check), input.subarray(points[k], k + 1 < points.length ? points[k + 1] : bodyEnd));
    }
    checkpoints += points.length;
    const newBody = concat(slices);
    parts.push(Uint8Array.from(encodeU32(newBody.length)), newBody);
    r.pos = bodyEnd;
  }
  return { bytes: concat(parts), functions: count, checkpoints };
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface ModuleInterface {
  readonly imports: readonly { module: string; name: string; kind: number }[];
  readonly exports: readonly { name: string; kind: number }[];
}

/** A module's imports and exports, read from its bytes (kinds: 0 function, 1 table, 2 memory, 3 global, 4 tag). */
export function moduleInterface(input: Uint8Array): ModuleInterface {
  const imports: { module: string; name: string; kind: number }[] = [];
  const exports: { name: string; kind: number }[] = [];
  for (const s of readSections(input)) {
    const r = new WasmReader(input, s.start, s.end);
    if (s.id === SECTION.import) {
      for (let n = r.u32(); n > 0; n--) {
        const module = r.name();
        const name = r.name();
        const kind = r.byte();
        imports.push({ module, name, kind });
        if (kind === 0x00) r.u32();
        else if (kind === 0x01) {
          r.byte();
          skipLimits(r);
        } else if (kind === 0x02) skipLimits(r);
        else if (kind === 0x03) r.skip(2);
        else if (kind === 0x04) {
          r.byte();
          r.u32();
        } else throw new WasmFormatError(`unknown import kind ${kind}`);
      }
    } else if (s.id === SECTION.export) {
      for (let n = r.u32(); n > 0; n--) {
        const name = r.name();
        const kind = r.byte();
        r.u32();
        exports.push({ name, kind });
      }
    }
  }
  return { imports, exports };
}
