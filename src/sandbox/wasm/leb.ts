/** A read cursor over WebAssembly binary bytes (LEB128 integers, names, bytes). */
export class WasmReader {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
    readonly end = bytes.length,
  ) {
    this.pos = pos;
  }

  atEnd(): boolean {
    return this.pos >= this.end;
  }

  byte(): number {
    if (this.pos >= this.end) throw new WasmFormatError('unexpected end of the module');
    return this.bytes[this.pos++]!;
  }

  /** Unsigned LEB128 up to 32 bits. */
  u32(): number {
    let result = 0;
    let shift = 0;
    while (true) {
      const b = this.byte();
      if (shift < 32) result += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) break;
      shift += 7;
      if (shift > 35) throw new WasmFormatError('integer too long');
    }
    return result;
  }

  /** Skips any signed or unsigned LEB128 integer (up to 64 bits). */
  skipLeb(): void {
    for (let n = 0; n < 10; n++) if ((this.byte() & 0x80) === 0) return;
    throw new WasmFormatError('integer too long');
  }

  skip(n: number): void {
    if (this.pos + n > this.end) throw new WasmFormatError('unexpected end of the module');
    this.pos += n;
  }

  name(): string {
    const length = this.u32();
    const start = this.pos;
    this.skip(length);
    return new TextDecoder().decode(this.bytes.subarray(start, this.pos));
  }
}

export class WasmFormatError extends Error {}

/** Unsigned LEB128 encoding. */
export function encodeU32(value: number): number[] {
  const out: number[] = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value !== 0) b |= 0x80;
    out.push(b);
  } while (value !== 0);
  return out;
}

/** Signed LEB128 encoding of a 32-bit integer. */
export function encodeS32(value: number): number[] {
  const out: number[] = [];
  while (true) {
    const b = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (b & 0x40) === 0) || (value === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** Signed LEB128 encoding of a 64-bit integer. */
export function encodeS64(value: bigint): number[] {
  const out: number[] = [];
  while (true) {
    const b = Number(value & 0x7fn);
    value >>= 7n;
    if ((value === 0n && (b & 0x40) === 0) || (value === -1n && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

export function encodeName(name: string): number[] {
  const bytes = new TextEncoder().encode(name);
  return [...encodeU32(bytes.length), ...bytes];
}

/** The parts, one after another, in one new array. */
export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
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
