import { WasmFormatError, WasmReader, concat, encodeName, encodeS32, encodeU32 } from './leb.js';
import { EXCEPTION_OPS, skipImmediates, skipLocals, skipValueType } from './opcodes.js';
import { IMPORT_KIND, SECTION, exportNames, readImports, readSections, type Section } from './sections.js';

/*
 * Deep recursion must end at the same call in every runtime. Left to itself it
 * ends where V8's native stack does, which depends on the thread's stack size
 * (984 KiB on a main thread and in a Workers isolate, what resourceLimits gives
 * a worker thread) and on which tier compiled each frame: 4 identical requests
 * gave 4 different replays. A module transformed here counts its own frames in
 * a global and traps at a fixed count, before V8 would, whatever the thread.
 */

/** Name of the exported mutable i32 global that counts the WebAssembly frames in progress. */
export const DEPTH_EXPORT = 'umpire_depth';

/**
 * Most WebAssembly calls of the interpreter in progress at once. MicroPython
 * stops Python recursion itself (its C stack check: about 155 Python calls,
 * under 650 WebAssembly frames; a nested list's repr, about 4,000), but much
 * of its C recursion (comparing, hashing and matching nested data, the `re`
 * backtracker) has no check and grows V8's native stack until V8 throws: at
 * a depth that depends on the thread's stack and on which tier compiled each
 * frame. Measured with Node 24, the deepest mix (Python calls, then the `re`
 * backtracker) overflows after about 8,000 frames on a main thread (984 KiB)
 * and in `wrangler dev`'s workerd, 6,300 in a 1 MiB worker and 3,800 in a
 * 0.75 MiB one. Counting calls ends such recursion at the same call on every
 * machine, below all of those.
 */
export const MAX_CALL_DEPTH = 3000;

/**
 * The stack QuickJS and WebAssembly bots may use, in the slots of
 * {@link frameSlots}. QuickJS's own stack limit counts only its C stack in
 * linear memory, which some of its recursion hardly grows (JSON.parse of
 * nested arrays, its parser, Array.prototype.toString, JSON.stringify), and
 * a bot's module can recurse with frames of any size, so both are counted in
 * slots. Measured with Node 24, V8's stack overflows (QuickJS's own check
 * off) after:
 * - QuickJS's deepest paths (those above, and JavaScript recursion through
 *   getters, toString, proxies and sort callbacks): 118,000 to 240,000 slots
 *   on a main thread (984 KiB; the fewest with TurboFan's JSON parser, 14.3
 *   bytes a slot), 159,000 to 238,000 in `wrangler dev`'s workerd, 99,000 in
 *   a 1 MiB worker thread (Node keeps some of it) and 476,000 in a 4 MiB one;
 * - a bot's frames (small ones, 20 i64 locals, 50 v128 locals): 135,000 to
 *   305,000 on a main thread, 134,000 to 297,000 in a Worker Loader isolate,
 *   545,000 in a 4 MiB worker thread.
 * This is under half of the fewest. Not counted: values a frame keeps on the
 * operand stack across a call (60 i64 of them in a recursing function took
 * V8's main-thread stack at 31,000 slots). Where V8's stack ends first the
 * call is recorded as the count's trap is (a crash charged its budget: see
 * js-bot.ts and wasm-bot.ts), so only a recursion of bounded depth between
 * the two could still end differently.
 */
export const MAX_STACK_SLOTS = 50_000;

/**
 * The native stack of every thread that plays matches where we choose it
 * (worker threads of the Node server's and the CLI's pools, and Lambda's),
 * in MiB: Node's default for worker threads, set explicitly so that it is the
 * same in each. The limits above are sized for the smallest stack a match
 * runs on (984 KiB: a Workers isolate, a main thread), so they fire well
 * before V8's here too.
 */
export const MATCH_THREAD_STACK_MB = 4;

/** The slots of a frame's fixed part (return address, frame pointer, instance) and the values it spills. */
const FRAME_BASE_SLOTS = 16;

/**
 * What a frame weighs against {@link MAX_STACK_SLOTS}: an estimate of its
 * size in V8's 8-byte stack slots, its parameters and locals (the baseline
 * tier keeps every one of them on the stack; a v128 takes 2) plus
 * {@link FRAME_BASE_SLOTS}.
 */
export const frameSlots: FrameWeight = ({ params, locals }) => FRAME_BASE_SLOTS + params + locals;

/**
 * Adds a call-depth limit to a WebAssembly module (the fuel-metered
 * MicroPython and QuickJS, a bot's metered module): an exported mutable i32
 * global {@link DEPTH_EXPORT}, raised by each function's weight on entry
 * (1 by default: a count of calls), which traps (`unreachable`) once it is
 * above `maxDepth`, and lowered by as much on every way out of it but a trap
 * or a JavaScript exception thrown through it (the host sets it back then:
 * see micropython-host.ts). Each body becomes `depth += w; check; block
 * <results> body end; depth -= w`, with every `return` in it turned into a
 * branch out of that block and every tail call preceded by `depth -= w`
 * (the callee's frame replaces this one). Exception handling is refused: a
 * frame it unwinds would stay counted. A function heavier than `maxDepth`
 * traps whenever it is called.
 */
export function limitCallDepth(
  input: Uint8Array,
  maxDepth: number = MAX_CALL_DEPTH,
  weigh: FrameWeight = () => 1,
): Uint8Array<ArrayBuffer> {
  const sections = readSections(input);
  const section = (id: number) => sections.find((s) => s.id === id);
  const imports = section(SECTION.import) ? readImports(input, section(SECTION.import)!) : [];
  const types = readFunctionTypes(input, section(SECTION.type));
  const functionTypes = readFunctionSection(input, section(SECTION.function));
  const globals = section(SECTION.global);
  const exports = section(SECTION.export);
  if (!globals || !exports) throw new WasmFormatError('the module needs a global and an export section');
  if (exportNames(input, exports).includes(DEPTH_EXPORT))
    throw new WasmFormatError(`the module already exports '${DEPTH_EXPORT}'`);
  const depth =
    imports.filter((i) => i.kind === IMPORT_KIND.global).length +
    new WasmReader(input, globals.start, globals.end).u32();
  const functions = functionTypes.map((t) => types[t]!);
  const { blocks, added } = blockTypes(types, functions);

  const out: Uint8Array[] = [input.subarray(0, 8)];
  const emit = (id: number, content: Uint8Array) =>
    out.push(Uint8Array.from([id, ...encodeU32(content.length)]), content);
  for (const s of sections) {
    if (s.id === SECTION.custom) {
      // Debug information would point at the old offsets; only names are kept (the function indices do not change).
      if (new WasmReader(input, s.start, s.end).name() === 'name') emit(s.id, input.subarray(s.start, s.end));
    } else if (s.id === SECTION.global) emit(s.id, appendEntry(input, s, [0x7f, 0x01, 0x41, 0x00, 0x0b]));
    else if (s.id === SECTION.export)
      emit(s.id, appendEntry(input, s, [...encodeName(DEPTH_EXPORT), 0x03, ...encodeU32(depth)]));
    else if (s.id === SECTION.type && added.length > 0) emit(s.id, appendEntry(input, s, added.flat(), added.length));
    else if (s.id === SECTION.code) emit(s.id, countCalls(input, s, functions, blocks, depth, maxDepth, weigh));
    else emit(s.id, input.subarray(s.start, s.end));
  }
  return concat(out);
}

/**
 * What one frame of a function adds to the count, from the 8-byte stack
 * slots of its parameters and of its locals (a v128 takes 2), all of which
 * V8's baseline tier keeps on its native stack: 1 for every function by
 * default, as for MicroPython.
 */
export type FrameWeight = (frame: { readonly params: number; readonly locals: number }) => number;

interface FunctionType {
  /** The stack slots of its parameters. */
  readonly params: number;
  /** The results' value types, as bytes. */
  readonly results: readonly number[];
  readonly resultCount: number;
}

function readFunctionTypes(input: Uint8Array, s: Section | undefined): FunctionType[] {
  if (!s) return [];
  const r = new WasmReader(input, s.start, s.end);
  const types: FunctionType[] = [];
  for (let n = r.u32(); n > 0; n--) {
    if (r.byte() !== 0x60) throw new WasmFormatError('only function types are supported');
    let params = 0;
    for (let p = r.u32(); p > 0; p--) params += skipValueType(r);
    const resultCount = r.u32();
    const from = r.pos;
    for (let k = resultCount; k > 0; k--) skipValueType(r);
    types.push({ params, results: [...input.subarray(from, r.pos)], resultCount });
  }
  return types;
}

/**
 * The block type each function's body is wrapped in: empty (0x40), its one
 * result's value type, or for several results the index of a type `[] ->
 * results`, appended to the type section (`added`) when there is none.
 */
function blockTypes(
  types: readonly FunctionType[],
  functions: readonly FunctionType[],
): { blocks: number[][]; added: number[][] } {
  const added: number[][] = [];
  const index = new Map<string, number>();
  types.forEach((t, k) => {
    if (t.params === 0 && !index.has(t.results.join())) index.set(t.results.join(), k);
  });
  const blocks = functions.map((t) => {
    if (t.resultCount === 0) return [0x40];
    if (t.resultCount === 1) return [...t.results];
    const key = t.results.join();
    let k = index.get(key);
    if (k === undefined) {
      k = types.length + added.length;
      index.set(key, k);
      added.push([0x60, 0x00, ...encodeU32(t.resultCount), ...t.results]);
    }
    return encodeS32(k);
  });
  return { blocks, added };
}

function readFunctionSection(input: Uint8Array, s: Section | undefined): number[] {
  if (!s) return [];
  const r = new WasmReader(input, s.start, s.end);
  const list: number[] = [];
  for (let n = r.u32(); n > 0; n--) list.push(r.u32());
  return list;
}

/** Exception handling (EXCEPTION_OPS): a frame it unwinds inside the module would stay counted. */

/** return_call, return_call_indirect, return_call_ref: the callee's frame replaces the caller's. */
const TAIL_CALLS: ReadonlySet<number> = new Set([0x12, 0x13, 0x15]);

function countCalls(
  input: Uint8Array,
  s: Section,
  functionTypes: readonly FunctionType[],
  blocks: readonly number[][],
  depth: number,
  maxDepth: number,
  weigh: FrameWeight,
): Uint8Array {
  const g = encodeU32(depth);
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  if (count !== functionTypes.length) throw new WasmFormatError('the code and function sections differ in length');
  const parts: Uint8Array[] = [Uint8Array.from(encodeU32(count))];
  for (let f = 0; f < count; f++) {
    const size = r.u32();
    const end = r.pos + size;
    const body = new WasmReader(input, r.pos, end);
    const locals = skipLocals(body);
    const type = functionTypes[f]!;
    // Past maxDepth, a frame traps on entry however deep it is called.
    const w = encodeS32(Math.min(Math.max(1, Math.ceil(weigh({ params: type.params, locals }))), maxDepth + 1));
    // depth += weight; if (depth > maxDepth) unreachable;
    const enter = [
      0x23,
      ...g,
      0x41,
      ...w,
      0x6a,
      0x24,
      ...g,
      0x23,
      ...g,
      0x41,
      ...encodeS32(maxDepth),
      0x4b,
      0x04,
      0x40,
      0x00,
      0x0b,
    ];
    // depth -= weight;
    const leave = [0x23, ...g, 0x41, ...w, 0x6b, 0x24, ...g];
    // The body is copied in runs of unchanged bytes, cut only where an instruction is rewritten.
    const out: Uint8Array[] = [input.subarray(r.pos, body.pos), Uint8Array.from([...enter, 0x02, ...blocks[f]!])];
    let copyFrom = body.pos;
    const leaveBytes = Uint8Array.from(leave);
    // Blocks, loops and ifs open inside the body: a `return` at this depth branches out of the added block.
    let open = 0;
    while (true) {
      const at = body.pos;
      const op = body.byte();
      const refused = EXCEPTION_OPS.get(op);
      if (refused) throw new WasmFormatError(`${refused} is not supported`);
      skipImmediates(body, op);
      if (op === 0x0f) {
        out.push(input.subarray(copyFrom, at), Uint8Array.from([0x0c, ...encodeU32(open)]));
        copyFrom = body.pos;
        continue;
      }
      if (TAIL_CALLS.has(op)) {
        out.push(input.subarray(copyFrom, at), leaveBytes);
        copyFrom = at;
      }
      if (op === 0x02 || op === 0x03 || op === 0x04) open++;
      else if (op === 0x0b) {
        if (open === 0) break;
        open--;
      }
    }
    if (body.pos !== end) throw new WasmFormatError(`function ${f} has bytes after its end`);
    out.push(input.subarray(copyFrom, body.pos), leaveBytes, Uint8Array.of(0x0b));
    const code = concat(out);
    parts.push(Uint8Array.from(encodeU32(code.length)), code);
    r.pos = end;
  }
  return concat(parts);
}

/** A vector section with `entries` more entries (their bytes, one after the other) at its end. */
function appendEntry(input: Uint8Array, s: Section, entries: number[], n = 1): Uint8Array {
  const r = new WasmReader(input, s.start, s.end);
  const count = r.u32();
  return concat([Uint8Array.from(encodeU32(count + n)), input.subarray(r.pos, s.end), Uint8Array.from(entries)]);
}
