import { WasmFormatError, type WasmReader } from './leb.js';

/**
 * Skips the immediates of one instruction whose opcode was just read, so a
 * function body can be walked instruction by instruction. Covers the core
 * specification with sign extension, saturating truncation, bulk memory,
 * reference types, multi-value, tail calls, SIMD, threads and legacy
 * exceptions; anything else is refused.
 */
export function skipImmediates(r: WasmReader, op: number): void {
  switch (op) {
    case 0x02: // block
    case 0x03: // loop
    case 0x04: // if
    case 0x06: // try
      skipBlockType(r);
      return;
    case 0x07: // catch
    case 0x08: // throw
    case 0x09: // rethrow
    case 0x0c: // br
    case 0x0d: // br_if
    case 0x10: // call
    case 0x12: // return_call
    case 0x14: // call_ref
    case 0x15: // return_call_ref
    case 0x18: // delegate
    case 0x20: // local.get
    case 0x21: // local.set
    case 0x22: // local.tee
    case 0x23: // global.get
    case 0x24: // global.set
    case 0x25: // table.get
    case 0x26: // table.set
    case 0xd2: // ref.func
      r.u32();
      return;
    case 0x0e: {
      // br_table
      const n = r.u32();
      for (let i = 0; i <= n; i++) r.u32();
      return;
    }
    case 0x11: // call_indirect
    case 0x13: // return_call_indirect
      r.u32();
      r.u32();
      return;
    case 0x1c: {
      // select t*
      const n = r.u32();
      for (let i = 0; i < n; i++) skipValType(r);
      return;
    }
    case 0x3f: // memory.size
    case 0x40: // memory.grow
      r.u32();
      return;
    case 0x41: // i32.const
    case 0x42: // i64.const
      r.skipLeb();
      return;
    case 0x43: // f32.const
      r.skip(4);
      return;
    case 0x44: // f64.const
      r.skip(8);
      return;
    case 0xd0: // ref.null
      skipHeapType(r);
      return;
    case 0xfc:
      skipPrefixedFC(r);
      return;
    case 0xfd:
      skipPrefixedSimd(r);
      return;
    case 0xfe:
      skipPrefixedAtomic(r);
      return;
  }
  if (op >= 0x28 && op <= 0x3e) {
    skipMemarg(r);
    return;
  }
  // No immediates: unreachable, nop, else, end, return, drop, select,
  // catch_all, numeric operators, sign extension, ref.is_null.
  if (op <= 0x01 || op === 0x05 || op === 0x0b || op === 0x0f || op === 0x19 || op === 0x1a || op === 0x1b) return;
  if (op >= 0x45 && op <= 0xc4) return;
  if (op === 0xd1) return;
  throw new WasmFormatError(`unsupported instruction 0x${op.toString(16).padStart(2, '0')}`);
}

/** Empty (0x40), a value type (one byte) or a type index (signed LEB, positive). */
export function skipBlockType(r: WasmReader): void {
  const b = r.bytes[r.pos];
  if (b === 0x40 || (b !== undefined && b >= 0x6f && b <= 0x7f)) {
    r.pos++;
    return;
  }
  r.skipLeb();
}

function skipValType(r: WasmReader): void {
  const b = r.byte();
  // (ref ht) and (ref null ht) carry a heap type.
  if (b === 0x63 || b === 0x64) skipHeapType(r);
}

function skipHeapType(r: WasmReader): void {
  r.skipLeb();
}

function skipMemarg(r: WasmReader): void {
  const align = r.u32();
  if (align & 0x40) r.u32(); // multi-memory: memory index follows
  r.skipLeb(); // offset (memory64 allows 64 bits)
}

function skipPrefixedFC(r: WasmReader): void {
  const sub = r.u32();
  if (sub <= 7) return; // saturating truncation
  switch (sub) {
    case 8: // memory.init
    case 10: // memory.copy
    case 12: // table.init
    case 14: // table.copy
      r.u32();
      r.u32();
      return;
    case 9: // data.drop
    case 11: // memory.fill
    case 13: // elem.drop
    case 15: // table.grow
    case 16: // table.size
    case 17: // table.fill
      r.u32();
      return;
  }
  throw new WasmFormatError(`unsupported instruction 0xfc ${sub}`);
}

function skipPrefixedSimd(r: WasmReader): void {
  const sub = r.u32();
  if (sub <= 11 || sub === 92 || sub === 93) {
    skipMemarg(r);
  } else if (sub === 12 || sub === 13) {
    r.skip(16); // v128.const, i8x16.shuffle
  } else if (sub >= 21 && sub <= 34) {
    r.skip(1); // extract or replace lane
  } else if (sub >= 84 && sub <= 91) {
    skipMemarg(r);
    r.skip(1); // load or store lane
  }
}

function skipPrefixedAtomic(r: WasmReader): void {
  const sub = r.u32();
  if (sub === 0x03)
    r.skip(1); // atomic.fence
  else skipMemarg(r);
}

/** The exception-handling proposal's control instructions (refused everywhere: see module-checks.ts): opcode to name. */
export const EXCEPTION_OPS: ReadonlyMap<number, string> = new Map([
  [0x06, 'try'],
  [0x07, 'catch'],
  [0x08, 'throw'],
  [0x09, 'rethrow'],
  [0x0a, 'throw_ref'],
  [0x18, 'delegate'],
  [0x19, 'catch_all'],
  [0x1f, 'try_table'],
]);

/** Skips a value type (a reference type's heap type too); returns the 8-byte stack slots a value of it takes (2 for a v128). */
export function skipValueType(r: WasmReader): number {
  const b = r.byte();
  if (b === 0x63 || b === 0x64) r.skipLeb();
  return b === 0x7b ? 2 : 1;
}

/** Skips a function body's local declarations, leaving `body` at its first instruction; returns the 8-byte stack slots the locals take. */
export function skipLocals(body: WasmReader): number {
  let slots = 0;
  for (let groups = body.u32(); groups > 0; groups--) {
    const n = body.u32();
    slots += n * skipValueType(body);
  }
  return slots;
}
