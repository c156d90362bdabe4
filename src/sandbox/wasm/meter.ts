import { WasmFormatError, WasmReader, encodeName, encodeS32, encodeS64, encodeU32 } from './leb.js';
import { checkModule } from './module-checks.js';
import { skipBlockType, skipImmediates } from './opcodes.js';
import { IMPORT_KIND, SECTION, SECTION_ORDER, exportNames, readImports, readMemories, readSections, readTables, vectorLength, type Section } from './sections.js';

/** Name of the exported mutable i64 global that holds the fuel left. */
export const FUEL_EXPORT = 'umpire_fuel';

/** With `deferStart`, the module's start function is exported under this name instead of run at instantiation. */
export const START_EXPORT = 'umpire_start';

/** Fuel at instantiation (2^62): for trusted modules whose start function runs before the host can set it. */
export const START_FUEL = 2n ** 62n;

/**
 * Fuel per byte of `memory.fill`, `memory.copy` and `memory.init`, charged
 * before the operation runs. `npm run calibrate` shows a large copy then
 * burns fuel at about the rate of ordinary QuickJS work, so bulk work
 * cannot outrun a turn's time.
 */
export const BULK_BYTE_FUEL = 1;

/** Fuel per element of `table.fill`, `table.copy`, `table.init` and `table.grow`. */
export const TABLE_ELEMENT_FUEL = 16;

export interface MeterOptions {
  /** A bot's memory limit in bytes: caps its memory and tables together (see module-checks.ts). */
  readonly memoryBytes?: number;
  /** Export the start function as {@link START_EXPORT} so the host runs it after setting the fuel. */
  readonly deferStart?: boolean;
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
 * below zero. Bulk memory and table operations also pay for their length
 * before they run, through two added functions. The same module run with the
 * same fuel traps at the same instruction on every machine.
 *
 * The module is validated first (module-checks.ts): metering adds a global
 * and functions, so an index that is out of range in the original must not
 * become one that names them.
 *
 * Works on bytes only (validation aside), so it runs wherever JavaScript does.
 * Throws {@link WasmFormatError} for malformed, invalid or unsupported modules.
 */
export function meterWasm(input: Uint8Array, options: MeterOptions = {}): MeterReport {
  const sections = readSections(input);
  const plan = checkModule(input, sections, options.memoryBytes);
  const section = (id: number) => sections.find((s) => s.id === id);
  const imports = section(SECTION.import) ? readImports(input, section(SECTION.import)!) : [];
  for (const s of sections) {
    if (s.id !== SECTION.export) continue;
    const taken = exportNames(input, s).find((n) => n === FUEL_EXPORT || n === START_EXPORT);
    if (taken) throw new WasmFormatError(`the module already exports '${taken}'`);
  }
  const countOf = (id: number) => (section(id) ? vectorLength(input, section(id)!) : 0);
  const fuel = imports.filter((i) => i.kind === IMPORT_KIND.global).length + countOf(SECTION.global);
  const definedFunctions = countOf(SECTION.function);
  const helpers: Helpers | null =
    definedFunctions > 0
      ? { type: countOf(SECTION.type), bytes: imports.filter((i) => i.kind === IMPORT_KIND.function).length + definedFunctions }
      : null;
  const startSection = section(SECTION.start);
  const deferredStart = options.deferStart && startSection ? new WasmReader(input, startSection.start, startSection.end).u32() : null;

  const newGlobal = [0x7e, 0x01, 0x42, ...encodeS64(START_FUEL), 0x0b];
  const newExports = [
    [...encodeName(FUEL_EXPORT), 0x03, ...encodeU32(fuel)],
    ...(deferredStart === null ? [] : [[...encodeName(START_EXPORT), 0x00, ...encodeU32(deferredStart)]]),
  ];

  const out: Uint8Array[] = [input.subarray(0, 8)];
  let functions = 0;
  let checkpoints = 0;
  const emit = (id: number, content: Uint8Array | number[]) => {
    out.push(Uint8Array.from([id, ...encodeU32(content.length)]), content instanceof Uint8Array ? content : Uint8Array.from(content));
  };
  const has = (id: number) => sections.some((s) => s.id === id);
  const rank = (id: number) => SECTION_ORDER.indexOf(id);
  const emitted = { global: false, export: false };
  const emitMissing = (before: number) => {
    if (!has(SECTION.global) && rank(SECTION.global) < before && !emitted.global) {
      emit(SECTION.global, [1, ...newGlobal]);
      emitted.global = true;
    }
    if (!has(SECTION.export) && rank(SECTION.export) < before && !emitted.export) {
      emit(SECTION.export, [...encodeU32(newExports.length), ...newExports.flat()]);
      emitted.export = true;
    }
  };

  for (const s of sections) {
    if (s.id === SECTION.custom) {
      // Debug information would point at the old offsets; only names are kept.
      if (new WasmReader(input, s.start, s.end).name() === 'name') emit(s.id, input.subarray(s.start, s.end));
      continue;
    }
    emitMissing(rank(s.id));
    if (s.id === SECTION.global) emit(s.id, appendEntries(input, s, [newGlobal]));
    else if (s.id === SECTION.export) emit(s.id, appendEntries(input, s, newExports));
    else if (s.id === SECTION.type && helpers) emit(s.id, appendEntries(input, s, [CHARGE_TYPE]));
    else if (s.id === SECTION.function && helpers) emit(s.id, appendEntries(input, s, [encodeU32(helpers.type), encodeU32(helpers.type)]));
    else if (s.id === SECTION.memory && plan) emit(s.id, capMemories(input, s, plan.memoryMaxPages));
    else if (s.id === SECTION.table && plan) emit(s.id, capTables(input, s, plan.tableMax));
    else if (s.id === SECTION.start && deferredStart !== null) continue;
    else if (s.id === SECTION.code) {
      const code = meterCode(input, s, fuel, helpers);
      functions = code.functions;
      checkpoints = code.checkpoints;
      emit(s.id, code.bytes);
    } else emit(s.id, input.subarray(s.start, s.end));
  }
  emitMissing(SECTION_ORDER.length);

  return { bytes: concat(out), functions, checkpoints };
}

/** The two added functions: their shared type index, and the index of the first (bytes; elements follows). */
interface Helpers {
  readonly type: number;
  readonly bytes: number;
}

/** (i32) -> (i32): takes the length on top of the stack, charges it, and leaves it in place. */
const CHARGE_TYPE = [0x60, 0x01, 0x7f, 0x01, 0x7f];

/** `fuel -= len * perUnit; if (fuel < 0) unreachable; return len`, as a function body. */
function chargeBody(fuel: number, perUnit: number): number[] {
  const g = encodeU32(fuel);
  const body = [
    0x00, // no locals
    0x23, ...g, 0x20, 0x00, 0xad, 0x42, ...encodeS32(perUnit), 0x7e, 0x7d, 0x24, ...g,
    0x23, ...g, 0x42, 0x00, 0x53, 0x04, 0x40, 0x00, 0x0b,
    0x20, 0x00, 0x0b,
  ];
  return [...encodeU32(body.length), ...body];
}

/** The memory section with every maximum lowered to `pages`. */
function capMemories(input: Uint8Array, s: Section, pages: number): Uint8Array {
  const memories = readMemories(input, s);
  return Uint8Array.from([...encodeU32(memories.length), ...memories.flatMap((m) => [m.flags | 1, ...encodeU32(m.min), ...encodeU32(Math.min(m.max ?? pages, pages))])]);
}

/** The table section with the planned maxima. */
function capTables(input: Uint8Array, s: Section, max: readonly number[]): Uint8Array {
  const tables = readTables(input, s);
  return Uint8Array.from([...encodeU32(tables.length), ...tables.flatMap((t, i) => [t.refType, t.limits.flags | 1, ...encodeU32(t.limits.min), ...encodeU32(max[i]!)])]);
}

/** A vector section with more entries at its end. */
function appendEntries(input: Uint8Array, s: Section, entries: number[][]): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  return concat([Uint8Array.from(encodeU32(count + entries.length)), input.subarray(r.pos, s.end), Uint8Array.from(entries.flat())]);
}

/**
 * Most instructions between two checks. The check sequence is stack-neutral,
 * so it may stand at any instruction boundary; bounding the stretch bounds
 * the work one unit of fuel can buy, and keeps fuel close to instructions run.
 */
const SEGMENT = 64;

/**
 * What a check costs itself: its eight instructions (global.get, i64.const,
 * i64.sub, global.set, global.get, i64.const, i64.lt_s, if). Charging them
 * keeps a tight loop, which is mostly checks, from running far longer per
 * unit of fuel than ordinary code.
 */
export const CHECK_FUEL = 8;

/** `fuel -= cost; if (fuel < 0) unreachable;` on the i64 global `fuel`. */
function fuelCheck(fuel: number, cost: number): number[] {
  const g = encodeU32(fuel);
  return [0x23, ...g, 0x42, ...encodeS32(cost), 0x7d, 0x24, ...g, 0x23, ...g, 0x42, 0x00, 0x53, 0x04, 0x40, 0x00, 0x0b];
}

/** Bulk operations, by their 0xfc sub-opcode, and whether they move bytes (or table elements). */
const BULK_OPS: ReadonlyMap<number, 'bytes' | 'elements'> = new Map([
  [8, 'bytes'], // memory.init
  [10, 'bytes'], // memory.copy
  [11, 'bytes'], // memory.fill
  [12, 'elements'], // table.init
  [14, 'elements'], // table.copy
  [15, 'elements'], // table.grow
  [17, 'elements'], // table.fill
]);

function meterCode(input: Uint8Array, s: Section, fuel: number, helpers: Helpers | null): { bytes: Uint8Array; functions: number; checkpoints: number } {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const parts: Uint8Array[] = [Uint8Array.from(encodeU32(count + (helpers ? 2 : 0)))];
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
    // Bulk operations: a call that charges their length, just before them.
    const charges: { at: number; call: number[] }[] = [];
    while (!body.atEnd()) {
      if (costs[costs.length - 1]! >= SEGMENT) {
        points.push(body.pos);
        costs.push(0);
      }
      const at = body.pos;
      const op = body.byte();
      // Structure (block, loop, end, nop) costs nothing at run time.
      if (op !== 0x02 && op !== 0x03 && op !== 0x0b && op !== 0x01) costs[costs.length - 1]!++;
      if (op === 0xfe) throw new WasmFormatError('atomic instructions are not allowed: bots get no threads');
      if (op === 0xfc) {
        const bulk = BULK_OPS.get(new WasmReader(input, body.pos, bodyEnd).u32());
        if (bulk && helpers) charges.push({ at, call: [0x10, ...encodeU32(helpers.bytes + (bulk === 'bytes' ? 0 : 1))] });
      }
      if (op === 0x03) {
        skipBlockType(body);
        points.push(body.pos);
        costs.push(0);
      } else {
        skipImmediates(body, op);
      }
    }
    // A check point and a charge may share a position: the check comes first (the sort is stable).
    const inserts = [
      ...points.map((at, k) => ({ at, code: fuelCheck(fuel, costs[k]! + CHECK_FUEL) })),
      ...charges.map((c) => ({ at: c.at, code: c.call })),
    ].sort((a, b) => a.at - b.at);
    const slices: Uint8Array[] = [input.subarray(r.pos, localsEnd)];
    let from = localsEnd;
    for (const insert of inserts) {
      slices.push(input.subarray(from, insert.at), Uint8Array.from(insert.code));
      from = insert.at;
    }
    slices.push(input.subarray(from, bodyEnd));
    checkpoints += points.length;
    const newBody = concat(slices);
    parts.push(Uint8Array.from(encodeU32(newBody.length)), newBody);
    r.pos = bodyEnd;
  }
  if (helpers) parts.push(Uint8Array.from(chargeBody(fuel, BULK_BYTE_FUEL)), Uint8Array.from(chargeBody(fuel, TABLE_ELEMENT_FUEL)));
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
    if (s.id === SECTION.import) for (const i of readImports(input, s)) imports.push({ module: i.module, name: i.name, kind: i.kind });
    else if (s.id === SECTION.export) {
      const r = new WasmReader(input, s.start, s.end);
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
