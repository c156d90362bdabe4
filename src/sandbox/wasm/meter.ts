import { WasmFormatError, WasmReader, concat, encodeName, encodeS32, encodeS64, encodeU32 } from './leb.js';
import { checkModule, exceptionsRefused, type ResourcePlan } from './module-checks.js';
import { EXCEPTION_OPS, skipBlockType, skipImmediates, skipLocals } from './opcodes.js';
import {
  IMPORT_KIND,
  SECTION,
  SECTION_ORDER,
  exportNames,
  readImports,
  readMemories,
  readSections,
  readTables,
  vectorLength,
  type ImportEntry,
  type Section,
} from './sections.js';

/** Name of the exported mutable i64 global that holds the fuel left. */
export const FUEL_EXPORT = 'umpire_fuel';

/** With `deferStart`, the module's start function is exported under this name instead of run at instantiation. */
export const START_EXPORT = 'umpire_start';

/** Fuel at instantiation (2^62): for trusted modules whose start function runs before the host can set it. */
export const START_FUEL = 2n ** 62n;

/**
 * Fuel per byte of `memory.fill`, `memory.copy` and `memory.init`, charged
 * before the operation runs. `npm run calibrate` shows a copy or fill of
 * 32 MB then takes about the time of ordinary QuickJS work on the same fuel,
 * so bulk work cannot outrun a turn's time.
 */
export const BULK_BYTE_FUEL = 1;

/*
 * What the instructions that call into the engine cost on top of their 1.
 * Measured by looping each one in a metered bot and comparing its wall time
 * per unit of fuel with a plain loop's on the same machine: at 1 fuel they
 * ran 4 to 9,000 times longer per unit (memory.grow worst). Each price
 * covers the slowest case measured, so that fuel is time within a factor of
 * about two for them too. Prices are fixed per instruction, or per unit the
 * instruction moves, so the same run costs the same fuel everywhere.
 */

/**
 * `i32.div_s`, `i32.div_u`, `i32.rem_s`, `i32.rem_u`: no call into the
 * engine, but the divider takes tens of cycles where an add takes one, and a
 * chain of divisions that each wait for the last cannot overlap. At 1 fuel
 * such a chain ran 15 times a plain loop's time per unit of fuel. At 64 it
 * still ran 3.2 times on the AMD EPYC hosts CI uses, and up to 4 times with
 * the other core busy; at this price, 1.7 there.
 */
export const DIVIDE_32_FUEL = 128;
/** `i64.div_s`, `i64.div_u`, `i64.rem_s`, `i64.rem_u`: slower again (30 times a plain loop's time at 1 fuel; at this price, under twice). */
export const DIVIDE_64_FUEL = 160;

/** `call_indirect`, `return_call_indirect`, `call_ref`, `return_call_ref`: about 10 ns against 1-2 for a direct call. */
export const CALL_INDIRECT_FUEL = 128;
/** `memory.fill`, `memory.copy`, `memory.init` whatever their length (a call into the engine), besides {@link BULK_BYTE_FUEL} a byte. */
export const BULK_OP_FUEL = 128;
/** `memory.grow`, even by 0 or failing: V8 makes a new buffer each time (0.7 µs by 0). */
export const MEMORY_GROW_FUEL = 16_384;
/** Per page `memory.grow` adds, charged before it runs when the grow will succeed: 10 µs a page. */
export const MEMORY_PAGE_FUEL = 131_072;
/** `table.get` (a call into the engine). */
export const TABLE_GET_FUEL = 64;
/** `table.set`: a function reference also updates V8's dispatch table (0.1 µs). */
export const TABLE_SET_FUEL = 2048;
/** `table.fill`, `table.copy`, `table.init`, `table.grow` whatever their length. */
export const TABLE_OP_FUEL = 2048;
/**
 * Per element of `table.fill`, `table.copy` and `table.init` (charged before
 * they run), and per element `table.grow` adds (charged before it runs when
 * it will succeed): 60 to 100 ns each for function references.
 */
export const TABLE_ELEMENT_FUEL = 2048;

/** Without `strict`: per element of `table.fill`, `table.copy`, `table.init` and `table.grow` (asked for). */
export const ENGINE_TABLE_ELEMENT_FUEL = 16;

export interface MeterOptions {
  /** A bot's memory limit in bytes: caps its memory and tables together (see module-checks.ts). */
  readonly memoryBytes?: number;
  /** Export the start function as {@link START_EXPORT} so the host runs it after setting the fuel. */
  readonly deferStart?: boolean;
  /**
   * Meter strictly, as bots are: divisions and the instructions that call
   * into the engine pay their prices ({@link DIVIDE_32_FUEL} and after), grows pay for what
   * they add, and a check stands wherever a forward branch lands past one,
   * so that no instruction runs unpaid. Without it, as for the QuickJS and
   * MicroPython engines (scripts/build-wasm.mjs), every instruction costs 1
   * and table elements {@link ENGINE_TABLE_ELEMENT_FUEL}: FUEL_PER_MS was
   * calibrated on that metering, and strict metering makes the same QuickJS
   * work cost about 1.4 times the fuel (MicroPython 1.15), so the engines
   * move to it together with a new calibration.
   */
  readonly strict?: boolean;
  /**
   * Fuel on top of its 1 for each call of an imported function, by
   * `module.name`: charged by a check just before the call (in WebAssembly,
   * no host work). For the engines' own imports whose host side takes far
   * longer than a call (see INVOKE_FUEL in python/micropython-host.ts).
   */
  readonly importFuel?: Readonly<Record<string, number>>;
}

export interface MeterReport {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly functions: number;
  readonly checkpoints: number;
}

/**
 * Instruments a WebAssembly module with fuel metering: a new exported mutable
 * global `umpire_fuel`, and at every function entry, every loop head, at
 * least every 64 instructions and (`strict`) where a forward branch lands
 * past a check, a check that subtracts the fuel of the instructions up to
 * the next check and traps (`unreachable`) once the fuel is below zero.
 * Bulk memory and table operations also pay for their length before they
 * run, through added functions; strict, divisions and the instructions
 * that call into the engine cost more than 1 (see {@link DIVIDE_32_FUEL}
 * and the prices after it) and grows pay for what they add. Calls of the
 * imports named in `importFuel` pay their price. Exception handling is
 * refused.
 * The same module run with the same fuel traps at the same instruction on
 * every machine.
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
      ? {
          type: countOf(SECTION.type),
          first: imports.filter((i) => i.kind === IMPORT_KIND.function).length + definedFunctions,
        }
      : null;
  const limits = growLimits(input, sections, imports, plan);
  const strict = options.strict ?? false;
  // Fuel on top of 1 for a call of each imported function (function imports come first in the index space).
  const importPrices = imports
    .filter((i) => i.kind === IMPORT_KIND.function)
    .map((i) => options.importFuel?.[`${i.module}.${i.name}`] ?? 0);
  const added = strict ? STRICT_HELPERS : ENGINE_HELPERS;
  const startSection = section(SECTION.start);
  const deferredStart =
    options.deferStart && startSection ? new WasmReader(input, startSection.start, startSection.end).u32() : null;

  const newGlobal = [0x7e, 0x01, 0x42, ...encodeS64(START_FUEL), 0x0b];
  const newExports = [
    [...encodeName(FUEL_EXPORT), 0x03, ...encodeU32(fuel)],
    ...(deferredStart === null ? [] : [[...encodeName(START_EXPORT), 0x00, ...encodeU32(deferredStart)]]),
  ];

  const out: Uint8Array[] = [input.subarray(0, 8)];
  let functions = 0;
  let checkpoints = 0;
  const emit = (id: number, content: Uint8Array | number[]) => {
    out.push(
      Uint8Array.from([id, ...encodeU32(content.length)]),
      content instanceof Uint8Array ? content : Uint8Array.from(content),
    );
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
    else if (s.id === SECTION.type && helpers)
      emit(s.id, appendEntries(input, s, strict ? [CHARGE_TYPE, GROW_TYPE] : [CHARGE_TYPE]));
    else if (s.id === SECTION.function && helpers)
      emit(
        s.id,
        appendEntries(
          input,
          s,
          added.map((h) => encodeU32(helpers.type + (h.grow ? 1 : 0))),
        ),
      );
    else if (s.id === SECTION.memory && plan) emit(s.id, capMemories(input, s, plan.memoryMaxPages));
    else if (s.id === SECTION.table && plan) emit(s.id, capTables(input, s, plan.tableMax));
    else if (s.id === SECTION.start && deferredStart !== null) continue;
    else if (s.id === SECTION.code) {
      const code = meterCode(input, s, fuel, helpers, strict, limits, importPrices);
      functions = code.functions;
      checkpoints = code.checkpoints;
      emit(s.id, code.bytes);
    } else emit(s.id, input.subarray(s.start, s.end));
  }
  emitMissing(SECTION_ORDER.length);

  return { bytes: concat(out), functions, checkpoints };
}

/** The added functions: the index of their first type (a second follows when strict), and of the first function. */
interface Helpers {
  readonly type: number;
  readonly first: number;
}

/**
 * The added functions, in order: charges before bulk memory and table
 * operations by their length, and (strict) before `memory.grow` and
 * `table.grow` by what they will add.
 */
const STRICT_HELPERS = [
  { grow: false, perUnit: BULK_BYTE_FUEL },
  { grow: false, perUnit: TABLE_ELEMENT_FUEL },
  { grow: true, perUnit: MEMORY_PAGE_FUEL },
  { grow: true, perUnit: TABLE_ELEMENT_FUEL },
];
const ENGINE_HELPERS = [
  { grow: false, perUnit: BULK_BYTE_FUEL },
  { grow: false, perUnit: ENGINE_TABLE_ELEMENT_FUEL },
];
const HELPER = { bytes: 0, elements: 1, pages: 2, tableElements: 3 } as const;

/** (i32) -> (i32): takes the length on top of the stack, charges it, and leaves it in place. */
const CHARGE_TYPE = [0x60, 0x01, 0x7f, 0x01, 0x7f];

/** (i32 delta, i32 size, i32 max) -> (i32 delta): charges a grow that will succeed, and leaves its delta. */
const GROW_TYPE = [0x60, 0x03, 0x7f, 0x7f, 0x7f, 0x01, 0x7f];

/** `if (fuel < 0) unreachable`, on the i64 global whose index is encoded as `g`. */
function trapWhenSpent(g: readonly number[]): number[] {
  return [0x23, ...g, 0x42, 0x00, 0x53, 0x04, 0x40, 0x00, 0x0b];
}

/** `fuel -= i64(local 0) * perUnit; if (fuel < 0) unreachable`: charges the length or delta in local 0. */
function chargeLocal0(g: readonly number[], perUnit: number): number[] {
  return [0x23, ...g, 0x20, 0x00, 0xad, 0x42, ...encodeS32(perUnit), 0x7e, 0x7d, 0x24, ...g, ...trapWhenSpent(g)];
}

/** A function body of no locals, with its size in front. */
function functionBody(code: readonly number[]): number[] {
  const body = [0x00, ...code];
  return [...encodeU32(body.length), ...body];
}

/** `fuel -= len * perUnit; if (fuel < 0) unreachable; return len`, as a function body. */
function chargeBody(fuel: number, perUnit: number): number[] {
  return functionBody([...chargeLocal0(encodeU32(fuel), perUnit), 0x20, 0x00, 0x0b]);
}

/**
 * `if (delta <= max - size) { fuel -= delta * perUnit; if (fuel < 0)
 * unreachable } return delta`: a grow that will fail (past the maximum)
 * costs nothing more, so a program may probe for room.
 */
function growChargeBody(fuel: number, perUnit: number): number[] {
  // local.get 0 (delta), local.get 2 (max), local.get 1 (size), i32.sub, i32.le_u, if
  const fits = [0x20, 0x00, 0x20, 0x02, 0x20, 0x01, 0x6b, 0x4d, 0x04, 0x40];
  return functionBody([...fits, ...chargeLocal0(encodeU32(fuel), perUnit), 0x0b, 0x20, 0x00, 0x0b]);
}

/** Most pages a 32-bit memory may have. */
const MAX_PAGES = 65536;

/** What `memory.grow` and `table.grow` may reach after metering: the memory's maximum in pages, and each table's (by index). */
interface GrowLimits {
  readonly memory: number;
  readonly tables: readonly number[];
}

function growLimits(
  input: Uint8Array,
  sections: readonly Section[],
  imports: readonly ImportEntry[],
  plan: ResourcePlan | null,
): GrowLimits {
  const section = (id: number) => sections.find((s) => s.id === id);
  const ownMemories = section(SECTION.memory) ? readMemories(input, section(SECTION.memory)!) : [];
  const ownTables = section(SECTION.table) ? readTables(input, section(SECTION.table)!) : [];
  const memories = [
    ...imports.filter((i) => i.kind === IMPORT_KIND.memory).map((i) => i.limits!.max ?? MAX_PAGES),
    ...ownMemories.map((m) =>
      plan ? Math.min(m.max ?? plan.memoryMaxPages, plan.memoryMaxPages) : (m.max ?? MAX_PAGES),
    ),
  ];
  const tables = [
    ...imports.filter((i) => i.kind === IMPORT_KIND.table).map((i) => i.limits!.max ?? 0xffffffff),
    ...ownTables.map((t, k) => (plan ? plan.tableMax[k]! : (t.limits.max ?? 0xffffffff))),
  ];
  return { memory: memories[0] ?? 0, tables };
}

/** The memory section with every maximum lowered to `pages`. */
function capMemories(input: Uint8Array, s: Section, pages: number): Uint8Array {
  const memories = readMemories(input, s);
  return Uint8Array.from([
    ...encodeU32(memories.length),
    ...memories.flatMap((m) => [m.flags | 1, ...encodeU32(m.min), ...encodeU32(Math.min(m.max ?? pages, pages))]),
  ]);
}

/** The table section with the planned maxima. */
function capTables(input: Uint8Array, s: Section, max: readonly number[]): Uint8Array {
  const tables = readTables(input, s);
  return Uint8Array.from([
    ...encodeU32(tables.length),
    ...tables.flatMap((t, i) => [t.refType, t.limits.flags | 1, ...encodeU32(t.limits.min), ...encodeU32(max[i]!)]),
  ]);
}

/** A vector section with more entries at its end. */
function appendEntries(input: Uint8Array, s: Section, entries: number[][]): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  return concat([
    Uint8Array.from(encodeU32(count + entries.length)),
    input.subarray(r.pos, s.end),
    Uint8Array.from(entries.flat()),
  ]);
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
  return [0x23, ...g, 0x42, ...encodeS32(cost), 0x7d, 0x24, ...g, ...trapWhenSpent(g)];
}

/** Fuel an instruction costs on top of its 1 (0xfc instructions by their sub-opcode). */
function surcharge(op: number, sub: number): number {
  switch (op) {
    case 0x11: // call_indirect
    case 0x13: // return_call_indirect
    case 0x14: // call_ref
    case 0x15: // return_call_ref
      return CALL_INDIRECT_FUEL;
    case 0x40: // memory.grow
      return MEMORY_GROW_FUEL;
    case 0x6d: // i32.div_s
    case 0x6e: // i32.div_u
    case 0x6f: // i32.rem_s
    case 0x70: // i32.rem_u
      return DIVIDE_32_FUEL;
    case 0x7f: // i64.div_s
    case 0x80: // i64.div_u
    case 0x81: // i64.rem_s
    case 0x82: // i64.rem_u
      return DIVIDE_64_FUEL;
    case 0x25: // table.get
      return TABLE_GET_FUEL;
    case 0x26: // table.set
      return TABLE_SET_FUEL;
    case 0xfc:
      if (sub === 8 || sub === 10 || sub === 11) return BULK_OP_FUEL; // memory.init, memory.copy, memory.fill
      if (sub === 12 || sub === 14 || sub === 15 || sub === 17) return TABLE_OP_FUEL; // table.init, table.copy, table.grow, table.fill
  }
  return 0;
}

/** An open `block`, `loop` or `if`: where it starts in the body. */
interface Frame {
  readonly at: number;
  readonly loop: boolean;
}

function meterCode(
  input: Uint8Array,
  s: Section,
  fuel: number,
  helpers: Helpers | null,
  strict: boolean,
  limits: GrowLimits,
  importPrices: readonly number[],
): { bytes: Uint8Array; functions: number; checkpoints: number } {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const added = strict ? STRICT_HELPERS : ENGINE_HELPERS;
  const parts: Uint8Array[] = [Uint8Array.from(encodeU32(count + (helpers ? added.length : 0)))];
  let checkpoints = 0;
  for (let f = 0; f < count; f++) {
    const size = r.u32();
    const bodyEnd = r.pos + size;
    const body = new WasmReader(input, r.pos, bodyEnd);
    skipLocals(body);
    const localsEnd = body.pos;
    // Check points: the function entry, just inside every loop, often enough
    // that no check is followed by more than SEGMENT instructions, and
    // (strict) wherever a forward branch lands past a check point (after the
    // `end` of a block or if, after an `else`). A check charges everything up
    // to the next point; strict, every instruction run has been paid for on
    // the way in, since control enters the stretch after a point only
    // through that point.
    const points = [localsEnd];
    // Per point: the instructions up to the next one, and their fuel.
    const counts = [0];
    const costs = [0];
    const point = (at: number) => {
      // A point with no instruction since the last one takes its place:
      // between them stand only block, loop, end or nop, so control reaching
      // the old one falls through to the new one.
      if (strict && counts[counts.length - 1] === 0) {
        points[points.length - 1] = at;
        return;
      }
      points.push(at);
      counts.push(0);
      costs.push(0);
    };
    // A point inside the stretch from `at` on: a branch from there forward may skip it.
    const pointSince = (at: number) => points[points.length - 1]! > at;
    const frames: Frame[] = [];
    // Bulk and grow operations: a call that charges their length just before them.
    const charges: { at: number; code: number[] }[] = [];
    while (!body.atEnd()) {
      if (counts[counts.length - 1]! >= SEGMENT) point(body.pos);
      const at = body.pos;
      const op = body.byte();
      const sub = op === 0xfc ? new WasmReader(input, body.pos, bodyEnd).u32() : -1;
      const refused = EXCEPTION_OPS.get(op);
      if (refused) throw new WasmFormatError(exceptionsRefused(`the module uses '${refused}'`));
      if (op === 0xfe) throw new WasmFormatError('atomic instructions are not allowed: bots get no threads');
      // Structure (block, loop, end, nop) costs nothing at run time.
      if (op !== 0x02 && op !== 0x03 && op !== 0x0b && op !== 0x01) {
        counts[counts.length - 1]!++;
        costs[costs.length - 1]! += 1 + (strict ? surcharge(op, sub) : 0);
      }
      // call, return_call of an imported function with a price: a check of its own just before
      // it, so that the price is paid only when the call is made (a stretch's check also pays
      // for branches not taken).
      if ((op === 0x10 || op === 0x12) && importPrices.length > 0) {
        const price = importPrices[new WasmReader(input, body.pos, bodyEnd).u32()] ?? 0;
        if (price > 0) charges.push({ at, code: fuelCheck(fuel, price) });
      }
      if (helpers) {
        const call = (helper: number) => [0x10, ...encodeU32(helpers.first + helper)];
        if (sub === 8 || sub === 10 || sub === 11) charges.push({ at, code: call(HELPER.bytes) });
        if (sub === 12 || sub === 14 || sub === 17 || (sub === 15 && !strict))
          charges.push({ at, code: call(HELPER.elements) });
        // The grows' charges need the size now and the maximum: memory.size or table.size, i32.const max.
        if (op === 0x40 && strict)
          charges.push({ at, code: [0x3f, 0x00, 0x41, ...encodeS32(limits.memory | 0), ...call(HELPER.pages)] });
        if (sub === 15 && strict) {
          const immediates = new WasmReader(input, body.pos, bodyEnd);
          immediates.u32();
          const t = immediates.u32();
          const max = limits.tables[t] ?? 0xffffffff;
          charges.push({
            at,
            code: [0xfc, ...encodeU32(16), ...encodeU32(t), 0x41, ...encodeS32(max | 0), ...call(HELPER.tableElements)],
          });
        }
      }
      if (op === 0x02 || op === 0x03 || op === 0x04) {
        skipBlockType(body);
        frames.push({ at, loop: op === 0x03 });
        if (op === 0x03) point(body.pos);
      } else if (op === 0x05) {
        // else: where `if` jumps when its condition is false.
        if (strict && pointSince(frames[frames.length - 1]!.at)) point(body.pos);
      } else if (op === 0x0b) {
        // end: where branches out of a block or if land (a loop's are taken back to its head).
        const frame = frames.pop();
        if (strict && frame && !frame.loop && pointSince(frame.at)) point(body.pos);
      } else {
        skipImmediates(body, op);
      }
    }
    // A check point and a charge may share a position: the check comes first (the sort is stable).
    const inserts = [
      ...points.map((at, k) => ({ at, code: fuelCheck(fuel, costs[k]! + CHECK_FUEL) })),
      ...charges,
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
  if (helpers)
    for (const h of added)
      parts.push(Uint8Array.from(h.grow ? growChargeBody(fuel, h.perUnit) : chargeBody(fuel, h.perUnit)));
  return { bytes: concat(parts), functions: count, checkpoints };
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
    if (s.id === SECTION.import)
      for (const i of readImports(input, s)) imports.push({ module: i.module, name: i.name, kind: i.kind });
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
