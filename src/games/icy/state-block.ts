import { CELLS, SIZE } from './constants.js';
import { GROUND_LETTERS } from './protocol.js';
import type { RuleSet } from './rules.js';
import type { IcyState } from './state.js';

const SPACE = 32;
const NEWLINE = 10;
const ZERO = 48;
const GROUND_BYTES = Uint8Array.from(GROUND_LETTERS, (c) => c.charCodeAt(0));

/** Room for one state block: 961 cells of up to 4 bytes plus headers and children. */
export const STATE_BLOCK_MAX_BYTES = CELLS * 4 + 64 + 8 * 48;

/**
 * Writes the state part of a turn-history block (turn, score, field, children)
 * into `out` at `pos`, byte for byte as the original engine prints it, and
 * returns the position after it. `out` needs {@link STATE_BLOCK_MAX_BYTES}.
 */
export function renderStateBlock(s: IcyState, rules: RuleSet, out: Uint8Array, pos = 0): number {
  pos = writeHead(s, out, pos);
  const { height, ground } = s;
  for (let x = 0, i = 0; x < SIZE; x++) {
    for (let y = 0; y < SIZE; y++, i++) {
      const h = height[i]!;
      if (h < 10) out[pos++] = ZERO + h;
      else pos = writeInt(out, pos, h);
      out[pos++] = GROUND_BYTES[ground[i]!]!;
      out[pos++] = SPACE;
    }
    out[pos - 1] = NEWLINE;
  }
  return writeChildren(s, rules, out, pos);
}

/** The turn and score lines. */
function writeHead(s: IcyState, out: Uint8Array, pos: number): number {
  pos = writeInt(out, pos, s.turn);
  out[pos++] = NEWLINE;
  pos = writeInt(out, pos, s.score[0]);
  out[pos++] = SPACE;
  pos = writeInt(out, pos, s.score[1]);
  out[pos++] = NEWLINE;
  return pos;
}

/** The eight child lines `X Y S|C holding dazed`. */
function writeChildren(s: IcyState, rules: RuleSet, out: Uint8Array, pos: number): number {
  for (const c of s.children) {
    pos = writeInt(out, pos, c.x);
    out[pos++] = SPACE;
    pos = writeInt(out, pos, c.y);
    out[pos++] = SPACE;
    out[pos++] = c.standing ? 83 : 67;
    out[pos++] = SPACE;
    out[pos++] = rules.holdingLetters.charCodeAt(c.holding);
    out[pos++] = SPACE;
    pos = writeInt(out, pos, c.dazed);
    out[pos++] = NEWLINE;
  }
  return pos;
}

function writeInt(out: Uint8Array, pos: number, v: number): number {
  if (v < 0) {
    out[pos++] = 45;
    v = -v;
  }
  if (v < 10) {
    out[pos++] = ZERO + v;
    return pos;
  }
  const digits = String(v);
  for (let i = 0; i < digits.length; i++) out[pos++] = digits.charCodeAt(i);
  return pos;
}

/** The state part of a block as text. */
export function formatStateBlock(s: IcyState, rules: RuleSet): string {
  const buf = new Uint8Array(STATE_BLOCK_MAX_BYTES);
  const end = renderStateBlock(s, rules, buf);
  return new TextDecoder().decode(buf.subarray(0, end));
}

/**
 * Renders the blocks of one evolving state turn after turn, rewriting only
 * the field cells a turn changed. While every height has one digit, each cell
 * is exactly three bytes (`Ha ` or `Ha\n`), so cells sit at fixed offsets.
 */
export class IncrementalBlockRenderer {
  /** Turn and score lines. */
  readonly head = new Uint8Array(64);
  headLength = 0;
  /** The 31 field rows. */
  readonly grid = new Uint8Array(CELLS * 3);
  /** The eight child lines. */
  readonly tail = new Uint8Array(8 * 48);
  tailLength = 0;
  /** Set when a height reached 10: the fixed layout does not hold, use {@link renderStateBlock}. */
  wide = false;

  constructor(private readonly rules: RuleSet) {}

  /** Renders `s` in full. */
  reset(s: IcyState): void {
    this.wide = false;
    for (let i = 0; i < CELLS; i++) this.writeCell(s, i);
    this.renderEnds(s);
  }

  /** Renders `s`, whose field differs from the last rendered one only at `changed`. */
  update(s: IcyState, changed: readonly number[]): void {
    for (const i of changed) this.writeCell(s, i);
    this.renderEnds(s);
  }

  private writeCell(s: IcyState, i: number): void {
    const h = s.height[i]!;
    if (h > 9) this.wide = true;
    const at = i * 3;
    this.grid[at] = ZERO + (h > 9 ? 9 : h);
    this.grid[at + 1] = GROUND_BYTES[s.ground[i]!]!;
    this.grid[at + 2] = i % SIZE === SIZE - 1 ? NEWLINE : SPACE;
  }

  private renderEnds(s: IcyState): void {
    this.headLength = writeHead(s, this.head, 0);
    this.tailLength = writeChildren(s, this.rules, this.tail, 0);
  }
}
