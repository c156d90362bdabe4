import { REFUEL_MODULE, REFUEL_NAME } from '../fuel-tank.js';
import { WasmFormatError, WasmReader, concat, encodeName, encodeU32 } from './leb.js';
import { FUEL_EXPORT } from './meter.js';
import { skipImmediates, skipLocals, skipValueType } from './opcodes.js';
import { IMPORT_KIND, SECTION, SECTION_ORDER, readImports, readSections, type Section } from './sections.js';

export { REFUEL_MODULE, REFUEL_NAME, hasRefuelHook } from '../fuel-tank.js';

/**
 * Gives a metered module (meter.ts) a refuel hook: every fuel check's
 * `if (fuel < 0) unreachable` becomes `if (fuel < 0) call $refuel`, where
 * `$refuel` is a new function import, {@link REFUEL_MODULE}.{@link REFUEL_NAME}.
 * The host then either tops the counter up from the call's budget and
 * returns, or throws, which stops the call as the trap did (fuel-tank.ts).
 * Nothing a check charges changes, so fuel is counted exactly as before.
 *
 * The import is the last function import, so every function defined in the
 * module moves up one index: calls, `ref.func`, exports, the start function,
 * element segments, global initializers and the function names of the name
 * section are renumbered. A module with no function of its own has no check
 * and is returned as it is. Throws {@link WasmFormatError} on a module it
 * cannot read (one not metered, or with types other than function types).
 */
export function addRefuelHook(input: Uint8Array): Uint8Array<ArrayBuffer> {
  const sections = readSections(input);
  const section = (id: number) => sections.find((s) => s.id === id);
  const code = section(SECTION.code);
  const types = section(SECTION.type);
  if (!code || !types || new WasmReader(input, code.start, code.end).u32() === 0) return input.slice();
  const imports = section(SECTION.import) ? readImports(input, section(SECTION.import)!) : [];
  if (imports.some((i) => i.module === REFUEL_MODULE))
    throw new WasmFormatError(`the module already imports from '${REFUEL_MODULE}'`);
  // The hook's index: after the module's own function imports, before its functions.
  const hook = imports.filter((i) => i.kind === IMPORT_KIND.function).length;
  const fuel = fuelGlobal(input, section(SECTION.export));
  const hookType = functionTypeCount(input, types);
  const importEntry = [
    ...encodeName(REFUEL_MODULE),
    ...encodeName(REFUEL_NAME),
    IMPORT_KIND.function,
    ...encodeU32(hookType),
  ];

  const out: Uint8Array[] = [input.subarray(0, 8)];
  const emit = (id: number, content: Uint8Array | number[]) => {
    out.push(
      Uint8Array.from([id, ...encodeU32(content.length)]),
      content instanceof Uint8Array ? content : Uint8Array.from(content),
    );
  };
  const importRank = SECTION_ORDER.indexOf(SECTION.import);
  let importDone = section(SECTION.import) !== undefined;
  const renumber = (index: number) => (index >= hook ? index + 1 : index);
  for (const s of sections) {
    if (s.id !== SECTION.custom && !importDone && SECTION_ORDER.indexOf(s.id) > importRank) {
      emit(SECTION.import, [1, ...importEntry]);
      importDone = true;
    }
    switch (s.id) {
      case SECTION.custom: {
        const named = new WasmReader(input, s.start, s.end).name() === 'name';
        if (!named) emit(s.id, input.subarray(s.start, s.end));
        else {
          const names = renumberNames(input, s, renumber);
          if (names) emit(s.id, names);
        }
        break;
      }
      case SECTION.type:
        emit(s.id, appendEntry(input, s, [0x60, 0x00, 0x00]));
        break;
      case SECTION.import:
        emit(s.id, appendEntry(input, s, importEntry));
        break;
      case SECTION.global:
        emit(s.id, renumberGlobals(input, s, renumber));
        break;
      case SECTION.export:
        emit(s.id, renumberExports(input, s, renumber));
        break;
      case SECTION.start:
        emit(s.id, encodeU32(renumber(new WasmReader(input, s.start, s.end).u32())));
        break;
      case SECTION.element:
        emit(s.id, renumberElements(input, s, renumber));
        break;
      case SECTION.code:
        emit(s.id, rewriteCode(input, s, renumber, fuel, hook));
        break;
      default:
        emit(s.id, input.subarray(s.start, s.end));
    }
  }
  return concat(out);
}

/** The index of the global exported as the fuel counter. */
function fuelGlobal(input: Uint8Array, exports: Section | undefined): number {
  if (exports) {
    const r = new WasmReader(input, exports.start, exports.end);
    for (let n = r.u32(); n > 0; n--) {
      const name = r.name();
      const kind = r.byte();
      const index = r.u32();
      if (name === FUEL_EXPORT && kind === IMPORT_KIND.global) return index;
    }
  }
  throw new WasmFormatError(`the module is not metered: it exports no global '${FUEL_EXPORT}'`);
}

/** The number of types, all of them function types (the index the appended one gets). */
function functionTypeCount(input: Uint8Array, s: Section): number {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  for (let n = 0; n < count; n++) {
    if (r.byte() !== 0x60) throw new WasmFormatError('only function types are supported');
    for (let k = r.u32(); k > 0; k--) skipValueType(r);
    for (let k = r.u32(); k > 0; k--) skipValueType(r);
  }
  return count;
}

/** A constant expression up to and with its `end`, `ref.func` renumbered, appended to `out`. */
function copyExpression(r: WasmReader, out: number[], renumber: (i: number) => number): void {
  while (true) {
    const at = r.pos;
    const op = r.byte();
    if (op === 0xd2) {
      out.push(op, ...encodeU32(renumber(r.u32())));
      continue;
    }
    if (op !== 0x0b) skipImmediates(r, op);
    out.push(...r.bytes.subarray(at, r.pos));
    if (op === 0x0b) return;
  }
}

function renumberGlobals(input: Uint8Array, s: Section, renumber: (i: number) => number): number[] {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const out = [...encodeU32(count)];
  for (let n = 0; n < count; n++) {
    const from = r.pos;
    skipValueType(r);
    r.byte(); // mutability
    out.push(...input.subarray(from, r.pos));
    copyExpression(r, out, renumber);
  }
  return out;
}

function renumberExports(input: Uint8Array, s: Section, renumber: (i: number) => number): number[] {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const out = [...encodeU32(count)];
  for (let n = 0; n < count; n++) {
    const from = r.pos;
    r.name();
    const kind = r.byte();
    out.push(...input.subarray(from, r.pos));
    const index = r.u32();
    out.push(...encodeU32(kind === IMPORT_KIND.function ? renumber(index) : index));
  }
  return out;
}

/**
 * Element segments in all eight encodings: flags 0-3 list function
 * indices, 4-7 expressions; 2 and 6 name a table; 0, 2, 4 and 6 are active
 * (an offset expression); 1-3 have an element kind, 5-7 a reference type.
 */
function renumberElements(input: Uint8Array, s: Section, renumber: (i: number) => number): number[] {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const out = [...encodeU32(count)];
  for (let n = 0; n < count; n++) {
    const flags = r.u32();
    if (flags > 7) throw new WasmFormatError(`unknown element segment kind ${flags}`);
    out.push(...encodeU32(flags));
    if (flags === 2 || flags === 6) out.push(...encodeU32(r.u32()));
    if ((flags & 1) === 0) copyExpression(r, out, renumber);
    if (flags === 1 || flags === 2 || flags === 3) out.push(r.byte());
    if (flags >= 5) {
      const from = r.pos;
      skipValueType(r);
      out.push(...input.subarray(from, r.pos));
    }
    const items = r.u32();
    out.push(...encodeU32(items));
    for (let k = 0; k < items; k++) {
      if (flags < 4) out.push(...encodeU32(renumber(r.u32())));
      else copyExpression(r, out, renumber);
    }
  }
  return out;
}

/**
 * The code section with calls, tail calls and `ref.func` renumbered, and
 * the `unreachable` of every fuel check (`global.get $fuel; i64.const 0;
 * i64.lt_s; if; unreachable; end`) a call of the hook. Only the meter writes
 * `global.get $fuel`: the module could not name the global before.
 */
function rewriteCode(
  input: Uint8Array,
  s: Section,
  renumber: (i: number) => number,
  fuel: number,
  hook: number,
): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  const parts: Uint8Array[] = [Uint8Array.from(encodeU32(count))];
  const callHook = [0x10, ...encodeU32(hook)];
  // A check's instructions before its `unreachable`, and where each starts in them.
  const global = encodeU32(fuel);
  const checkHead = [0x23, ...global, 0x42, 0x00, 0x53, 0x04, 0x40];
  const headStarts = [0, 1 + global.length, 3 + global.length, 4 + global.length];
  for (let f = 0; f < count; f++) {
    const size = r.u32();
    const bodyEnd = r.pos + size;
    const body = new WasmReader(input, r.pos, bodyEnd);
    skipLocals(body);
    const slices: Uint8Array[] = [];
    let copied = r.pos;
    const replace = (from: number, to: number, bytes: number[]) => {
      slices.push(input.subarray(copied, from), Uint8Array.from(bytes));
      copied = to;
    };
    // Where the last four instructions started: a check's are global.get, i64.const 0, i64.lt_s and if.
    const starts: number[] = [];
    const followsCheckHead = (at: number) => {
      const from = at - checkHead.length;
      if (starts.length < 4 || headStarts.some((k, n) => starts[starts.length - 4 + n] !== from + k)) return false;
      return checkHead.every((b, k) => input[from + k] === b);
    };
    while (!body.atEnd()) {
      const at = body.pos;
      const op = body.byte();
      if (op === 0x10 || op === 0x12 || op === 0xd2) {
        const index = body.u32();
        const renumbered = renumber(index);
        if (renumbered !== index) replace(at + 1, body.pos, encodeU32(renumbered));
      } else if (op === 0x00) {
        if (input[at + 1] === 0x0b && followsCheckHead(at)) replace(at, at + 1, callHook);
      } else {
        skipImmediates(body, op);
      }
      starts.push(at);
      if (starts.length > 4) starts.shift();
    }
    slices.push(input.subarray(copied, bodyEnd));
    const newBody = concat(slices);
    parts.push(Uint8Array.from(encodeU32(newBody.length)), newBody);
    r.pos = bodyEnd;
  }
  return concat(parts);
}

/**
 * The name section with function indices renumbered (subsections 1, 2 and
 * 3: function, local and label names are keyed by function); null when it
 * cannot be read, and is then dropped (custom sections are never validated).
 */
function renumberNames(input: Uint8Array, s: Section, renumber: (i: number) => number): number[] | null {
  try {
    const r = new WasmReader(input, s.start, s.end);
    r.name();
    const out = [...input.subarray(s.start, r.pos)];
    while (!r.atEnd()) {
      const id = r.byte();
      const size = r.u32();
      const end = r.pos + size;
      if (end > s.end) return null;
      const sub = new WasmReader(input, r.pos, end);
      let content: number[];
      if (id === 1 || id === 2 || id === 3) {
        content = [];
        const entries = sub.u32();
        content.push(...encodeU32(entries));
        for (let n = 0; n < entries; n++) {
          content.push(...encodeU32(renumber(sub.u32())));
          const from = sub.pos;
          if (id === 1) sub.name();
          else {
            for (let k = sub.u32(); k > 0; k--) {
              sub.u32();
              sub.name();
            }
          }
          content.push(...input.subarray(from, sub.pos));
        }
        if (sub.pos !== end) return null;
      } else {
        content = [...input.subarray(r.pos, end)];
      }
      out.push(id, ...encodeU32(content.length), ...content);
      r.pos = end;
    }
    return out;
  } catch (e) {
    if (e instanceof WasmFormatError) return null;
    throw e;
  }
}

/** A vector section with one more entry at its end. */
function appendEntry(input: Uint8Array, s: Section, entry: number[]): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  return concat([Uint8Array.from(encodeU32(count + 1)), input.subarray(r.pos, s.end), Uint8Array.from(entry)]);
}
