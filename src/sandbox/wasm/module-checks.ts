import { WasmFormatError } from './leb.js';
import { IMPORT_KIND, SECTION, readImports, readMemories, readTables, type Limits, type Section } from './sections.js';

const PAGE = 65536;

/**
 * What one table element is counted as against a bot's memory limit. V8
 * keeps more than a pointer per element (the reference and a dispatch
 * entry); 32 bytes is a generous round figure, so tables can never hold
 * more than their share of the limit.
 */
export const TABLE_ENTRY_BYTES = 32;

/** At most this share of a bot's memory limit may go to tables; the rest is linear memory. */
export const TABLE_SHARE = 1 / 4;

/**
 * Why WebAssembly exception handling is refused. A throw is priced like any
 * instruction, but V8 unwinds it in microseconds: a loop of `throw` and
 * `catch` ran 150 to 390 times longer per unit of fuel than ordinary code.
 * None of the toolchains bots come from needs it (C and C++ with
 * -fno-exceptions, AssemblyScript, and the QuickJS and MicroPython builds the
 * project meters hold no exception instruction or tag), so it is refused at
 * load rather than priced.
 */
export function exceptionsRefused(what: string): string {
  return `exception handling is not allowed: ${what}; a WebAssembly throw takes hundreds of times longer than its fuel buys, so bots must be built without it (for C++, -fno-exceptions)`;
}

/** New maxima for the module's own memory and tables, fitting the memory limit together. */
export interface ResourcePlan {
  readonly memoryMaxPages: number;
  /** Per table of the table section, in order. */
  readonly tableMax: readonly number[];
}

/**
 * Checks a module before it is metered: it must be valid WebAssembly as it
 * stands (so an instruction cannot name a global, function or memory that
 * only metering adds), with at most one memory, none shared and none 64-bit,
 * and no exception tags (meter.ts refuses the exception instructions as it
 * walks the code). With `memoryBytes`, linear memory and table elements
 * share that limit: tables get at most {@link TABLE_SHARE} of it at
 * {@link TABLE_ENTRY_BYTES} each, memory the rest. Throws
 * {@link WasmFormatError} naming the problem.
 */
export function checkModule(
  input: Uint8Array,
  sections: readonly Section[],
  memoryBytes?: number,
): ResourcePlan | null {
  const section = (id: number) => sections.find((s) => s.id === id);
  const imports = section(SECTION.import) ? readImports(input, section(SECTION.import)!) : [];
  const ownMemories = section(SECTION.memory) ? readMemories(input, section(SECTION.memory)!) : [];
  const ownTables = section(SECTION.table) ? readTables(input, section(SECTION.table)!) : [];
  const memories = [...imports.filter((i) => i.kind === IMPORT_KIND.memory).map((i) => i.limits!), ...ownMemories];
  const importedTables = imports.filter((i) => i.kind === IMPORT_KIND.table).map((i) => i.limits!);

  if (memories.length > 1) throw new WasmFormatError(`the module has ${memories.length} memories; a bot may have one`);
  if (memories.some((m) => m.flags & 0x02))
    throw new WasmFormatError('shared memories are not allowed: bots get no threads or atomics');
  if (memories.some((m) => m.flags & 0x04)) throw new WasmFormatError('64-bit memories are not supported');
  if ([...importedTables, ...ownTables.map((t) => t.limits)].some((t) => t.flags & 0x04))
    throw new WasmFormatError('64-bit tables are not supported');
  if (section(SECTION.tag)) throw new WasmFormatError(exceptionsRefused('the module declares exception tags'));
  if (imports.some((i) => i.kind === IMPORT_KIND.tag))
    throw new WasmFormatError(exceptionsRefused('the module imports an exception tag'));
  if (!WebAssembly.validate(input as Uint8Array<ArrayBuffer>))
    throw new WasmFormatError(`not a valid WebAssembly module: ${compileError(input)}`);
  if (memoryBytes === undefined) return null;

  const tableMax = planTables(
    ownTables.map((t) => t.limits),
    importedTables,
    memoryBytes,
  );
  const tableBytes = [...tableMax, ...importedTables.map((t) => t.max ?? t.min)].reduce(
    (sum, n) => sum + n * TABLE_ENTRY_BYTES,
    0,
  );
  const memoryMaxPages = Math.floor((memoryBytes - tableBytes) / PAGE);
  const memoryMin = memories[0]?.min ?? 0;
  if (memoryMin > memoryMaxPages) {
    throw new WasmFormatError(
      `the module needs ${memoryMin} pages of memory at start; the limit is ${memoryMaxPages} (${memoryBytes} bytes less its tables)`,
    );
  }
  return { memoryMaxPages, tableMax };
}

/** Each table keeps its minimum; what is left of the tables' share is split evenly as room to grow. */
function planTables(own: readonly Limits[], imported: readonly Limits[], memoryBytes: number): number[] {
  const allowed = Math.floor((memoryBytes * TABLE_SHARE) / TABLE_ENTRY_BYTES);
  const atStart = [...own, ...imported].reduce((sum, t) => sum + t.min, 0);
  if (atStart > allowed) {
    throw new WasmFormatError(
      `the module's tables need ${atStart} elements at start; at most ${allowed} fit in its memory limit`,
    );
  }
  const growable = own.filter((t) => t.max === null || t.max > t.min).length;
  const room = growable > 0 ? Math.floor((allowed - atStart) / growable) : 0;
  return own.map((t) => Math.min(t.max ?? t.min + room, t.min + room));
}

function compileError(input: Uint8Array): string {
  try {
    new WebAssembly.Module(input as Uint8Array<ArrayBuffer>);
  } catch (e) {
    return (e as Error).message;
  }
  return 'the runtime refuses it';
}
