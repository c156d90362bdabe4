import { WasmFormatError, WasmReader, encodeName, encodeS32, encodeU32 } from '../wasm/leb.js';
import { skipImmediates } from '../wasm/opcodes.js';
import { IMPORT_KIND, SECTION, exportNames, readImports, readSections, type Section } from '../wasm/sections.js';

/** Name of the exported mutable i32 global that counts the WebAssembly calls in progress. */
export const DEPTH_EXPORT = 'umpire_depth';

/**
 * Most WebAssembly calls of the interpreter in progress at once. MicroPython
 * stops Python recursion itself (its C stack check: about 155 Python calls,
 * under 650 WebAssembly frames; a nested list's repr, about 4,000), but much
 * of its C recursion (comparing, hashing and matching nested data, the `re`
 * backtracker) has no check and grows V8's native stack until V8 throws: at
 * a depth that depends on the thread's stack and on which tier compiled each
 * frame. Measured with Node 24, the deepest mix (Python calls, then the `re`
 * backtracker) overflows after about 8,000 frames on a main thread (984 KiB),
 * 6,300 in a 1 MiB worker and 3,800 in a 0.75 MiB one. Counting calls ends
 * such recursion at the same call on every machine, below all of those.
 */
export const MAX_CALL_DEPTH = 3000;

/**
 * Adds a call-depth limit to a WebAssembly module (the fuel-metered
 * MicroPython): an exported mutable i32 global {@link DEPTH_EXPORT}, raised
 * on entry to every function, which traps (`unreachable`) once it is above
 * `maxDepth`, and lowered on every way out of it but a trap or a JavaScript
 * exception thrown through it (the host sets it back then: see
 * micropython-host.ts). Each body becomes `depth++; check; block <results>
 * body end; depth--`, with every `return` in it turned into a branch out of
 * that block. Tail calls and exception handling are refused: a frame they
 * leave would not be counted down.
 */
export function limitCallDepth(input: Uint8Array, maxDepth: number = MAX_CALL_DEPTH): Uint8Array<ArrayBuffer> {
  const sections = readSections(input);
  const section = (id: number) => sections.find((s) => s.id === id);
  const imports = section(SECTION.import) ? readImports(input, section(SECTION.import)!) : [];
  const types = readFunctionTypes(input, section(SECTION.type));
  const functionTypes = readFunctionSection(input, section(SECTION.function));
  const globals = section(SECTION.global);
  const exports = section(SECTION.export);
  if (!globals || !exports) throw new WasmFormatError('the module needs a global and an export section');
  if (exportNames(input, exports).includes(DEPTH_EXPORT)) throw new WasmFormatError(`the module already exports '${DEPTH_EXPORT}'`);
  const depth = imports.filter((i) => i.kind === IMPORT_KIND.global).length + new WasmReader(input, globals.start, globals.end).u32();

  const out: Uint8Array[] = [input.subarray(0, 8)];
  const emit = (id: number, content: Uint8Array) => out.push(Uint8Array.from([id, ...encodeU32(content.length)]), content);
  for (const s of sections) {
    if (s.id === SECTION.custom) {
      // Debug information would point at the old offsets; only names are kept (the function indices do not change).
      if (new WasmReader(input, s.start, s.end).name() === 'name') emit(s.id, input.subarray(s.start, s.end));
    } else if (s.id === SECTION.global) emit(s.id, appendEntry(input, s, [0x7f, 0x01, 0x41, 0x00, 0x0b]));
    else if (s.id === SECTION.export) emit(s.id, appendEntry(input, s, [...encodeName(DEPTH_EXPORT), 0x03, ...encodeU32(depth)]));
    else if (s.id === SECTION.code) emit(s.id, countCalls(input, s, functionTypes.map((t) => types[t]!), depth, maxDepth));
    else emit(s.id, input.subarray(s.start, s.end));
  }
  return concat(out);
}

/** Each function type's results as a block type: empty (0x40) or the one value type's bytes. */
function readFunctionTypes(input: Uint8Array, s: Section | undefined): number[][] {
  if (!s) return [];
  const r = new WasmReader(input, s.start, s.end);
  const results: number[][] = [];
  for (let n = r.u32(); n > 0; n--) {
    if (r.byte() !== 0x60) throw new WasmFormatError('only function types are supported');
    for (let p = r.u32(); p > 0; p--) skipValueType(r);
    const count = r.u32();
    if (count > 1) throw new WasmFormatError('functions with more than one result are not supported');
    if (count === 0) results.push([0x40]);
    else {
      const from = r.pos;
      skipValueType(r);
      results.push([...input.subarray(from, r.pos)]);
    }
  }
  return results;
}

function skipValueType(r: WasmReader): void {
  const b = r.byte();
  if (b === 0x63 || b === 0x64) r.skipLeb();
}

function readFunctionSection(input: Uint8Array, s: Section | undefined): number[] {
  if (!s) return [];
  const r = new WasmReader(input, s.start, s.end);
  const list: number[] = [];
  for (let n = r.u32(); n > 0; n--) list.push(r.u32());
  return list;
}

/** Tail calls and exception handling: a frame they leave or unwind inside the module would stay counted. */
const REFUSED: ReadonlyMap<number, string> = new Map([
  [0x06, 'try'],
  [0x07, 'catch'],
  [0x08, 'throw'],
  [0x09, 'rethrow'],
  [0x0a, 'throw_ref'],
  [0x12, 'return_call'],
  [0x13, 'return_call_indirect'],
  [0x15, 'return_call_ref'],
  [0x18, 'delegate'],
  [0x19, 'catch_all'],
  [0x1f, 'try_table'],
]);

function countCalls(input: Uint8Array, s: Section, blockTypes: readonly number[][], depth: number, maxDepth: number): Uint8Array {
  const g = encodeU32(depth);
  // depth += 1; if (depth > maxDepth) unreachable;
  const enter = [0x23, ...g, 0x41, 0x01, 0x6a, 0x24, ...g, 0x23, ...g, 0x41, ...encodeS32(maxDepth), 0x4b, 0x04, 0x40, 0x00, 0x0b];
  // depth -= 1;
  const leave = [0x23, ...g, 0x41, 0x01, 0x6b, 0x24, ...g];
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  if (count !== blockTypes.length) throw new WasmFormatError('the code and function sections differ in length');
  const parts: Uint8Array[] = [Uint8Array.from(encodeU32(count))];
  for (let f = 0; f < count; f++) {
    const size = r.u32();
    const end = r.pos + size;
    const body = new WasmReader(input, r.pos, end);
    for (let groups = body.u32(); groups > 0; groups--) {
      body.u32();
      skipValueType(body);
    }
    const out: number[] = [...input.subarray(r.pos, body.pos), ...enter, 0x02, ...blockTypes[f]!];
    // Blocks, loops and ifs open inside the body: a `return` at this depth branches out of the added block.
    let open = 0;
    while (true) {
      const at = body.pos;
      const op = body.byte();
      const refused = REFUSED.get(op);
      if (refused) throw new WasmFormatError(`${refused} is not supported`);
      skipImmediates(body, op);
      if (op === 0x0f) {
        out.push(0x0c, ...encodeU32(open));
        continue;
      }
      out.push(...input.subarray(at, body.pos));
      if (op === 0x02 || op === 0x03 || op === 0x04) open++;
      else if (op === 0x0b) {
        if (open === 0) break;
        open--;
      }
    }
    if (body.pos !== end) throw new WasmFormatError(`function ${f} has bytes after its end`);
    out.push(...leave, 0x0b);
    parts.push(Uint8Array.from([...encodeU32(out.length), ...out]));
    r.pos = end;
  }
  return concat(parts);
}

/** A vector section with one more entry at its end. */
function appendEntry(input: Uint8Array, s: Section, entry: number[]): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  return concat([Uint8Array.from(encodeU32(count + 1)), input.subarray(r.pos, s.end), Uint8Array.from(entry)]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
