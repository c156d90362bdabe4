import { fail, ok, type Problem, type Result } from '../../core/errors.js';
import { formatAction, parseActionLine, IDLE, type Action } from './actions.js';
import { CELLS, CHILDREN, SIZE, type Holding } from './constants.js';
import { GROUND_LETTERS } from './protocol.js';
import { formatStateBlock } from './state-block.js';
import type { RuleSet } from './rules.js';
import { initialState, type ChildState, type IcyState } from './state.js';
import type { IcyMap } from './map.js';
import { applyTurn } from './simulate.js';
import { writtenMove } from './written-moves.js';

/**
 * One block of the original engine's `-view turns` history: the full state of
 * turn `turn` and the moves both players answered it with (engine
 * coordinates, red children 0-3 then blue 4-7).
 */
export interface TurnBlock {
  readonly turn: number;
  readonly score: readonly [number, number];
  readonly height: Uint8Array;
  readonly ground: Uint8Array;
  readonly children: readonly ChildState[];
  readonly moves: readonly string[];
}

export type TurnsProblemCode = 'TURNS_SYNTAX' | 'TURNS_EMPTY';
export type TurnsProblem = Problem<TurnsProblemCode>;

const NEWLINE = 10;
const SPACE = 32;
const TAB = 9;
const CR = 13;
const MINUS = 45;
const ZERO = 48;

export class TurnsSyntaxError extends Error {}

/**
 * A cursor over a turn history (pure ASCII). It parses blocks, or checks the
 * state part of a block against expected bytes without parsing it, which is
 * what makes verifying fast.
 */
export class TurnReader {
  pos = 0;
  private readonly groundCode = letterCodes(GROUND_LETTERS);
  private readonly holdCode: Int8Array;

  constructor(
    readonly bytes: Uint8Array,
    readonly rules: RuleSet,
  ) {
    this.holdCode = letterCodes(rules.holdingLetters);
  }

  /** Skips blank lines; true at the end of the history (`-1`, consumed, or the end of input). */
  atEnd(): boolean {
    const b = this.bytes;
    while (true) {
      this.skipBlanks();
      if (this.pos < b.length && b[this.pos] === NEWLINE) this.pos++;
      else break;
    }
    if (this.pos >= b.length) return true;
    if (b[this.pos] === MINUS && b[this.pos + 1] === ZERO + 1) {
      const save = this.pos;
      this.pos += 2;
      this.skipBlanks();
      if (this.pos >= b.length || b[this.pos] === NEWLINE) return true;
      this.pos = save;
    }
    return false;
  }

  /** True, and moves past them, when the next bytes are exactly `expected[0, length)`. */
  skipIfEqual(expected: Uint8Array, length: number): boolean {
    const p = this.pos;
    if (p + length > this.bytes.length) return false;
    // Four bytes at a time: most of verifying is this comparison.
    const file = (this.view ??= new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength));
    const mine = new DataView(expected.buffer, expected.byteOffset, expected.byteLength);
    let i = 0;
    for (; i + 4 <= length; i += 4) if (file.getUint32(p + i) !== mine.getUint32(i)) return false;
    for (; i < length; i++) if (this.bytes[p + i] !== expected[i]) return false;
    this.pos = p + length;
    return true;
  }

  private view: DataView | undefined;

  /** Parses the state part of a block: turn, score, field and children. */
  state(): Omit<TurnBlock, 'moves'> {
    const turn = this.int();
    this.endLine();
    const score: [number, number] = [this.int(), this.int()];
    this.endLine();
    const height = new Uint8Array(CELLS);
    const ground = new Uint8Array(CELLS);
    for (let x = 0; x < SIZE; x++) {
      const next = scanRow(this.bytes, this.pos, x * SIZE, height, ground, this.groundCode);
      if (next < 0) this.fail(`bad space at x = ${x}, y = ${-next - 1}`);
      this.pos = next;
      this.endLine();
    }
    const children: ChildState[] = [];
    for (let c = 0; c < CHILDREN; c++) {
      const x = this.int();
      const y = this.int();
      this.skipBlanks();
      const stance = this.bytes[this.pos++];
      if (stance !== 83 && stance !== 67) this.fail(`bad stance of child ${c}`);
      this.skipBlanks();
      const hb = this.bytes[this.pos++];
      const holding = hb !== undefined && hb < 128 ? this.holdCode[hb]! : -1;
      if (holding < 0) this.fail(`bad holding of child ${c} for rules ${this.rules.name}`);
      const dazed = this.int();
      this.endLine();
      children.push({ x, y, standing: stance === 83, holding: holding as Holding, dazed });
    }
    return { turn, score, height, ground, children };
  }

  /** The eight move lines of a block, as written. */
  moves(): string[] {
    const b = this.bytes;
    const moves: string[] = [];
    for (let m = 0; m < CHILDREN; m++) {
      if (this.pos >= b.length) this.fail('missing move lines');
      let end = b.indexOf(NEWLINE, this.pos);
      if (end < 0) end = b.length;
      let stop = end;
      if (stop > this.pos && b[stop - 1] === CR) stop--;
      moves.push(String.fromCharCode.apply(null, b.subarray(this.pos, stop) as unknown as number[]));
      this.pos = Math.min(end + 1, b.length);
    }
    return moves;
  }

  block(): TurnBlock {
    return { ...this.state(), moves: this.moves() };
  }

  /** 1-based line number of the current position, for messages. */
  line(): number {
    let n = 1;
    for (let i = 0; i < this.pos && i < this.bytes.length; i++) if (this.bytes[i] === NEWLINE) n++;
    return n;
  }

  fail(message: string): never {
    throw new TurnsSyntaxError(`line ${this.line()}: ${message}`);
  }

  private skipBlanks(): void {
    const b = this.bytes;
    while (this.pos < b.length && (b[this.pos] === SPACE || b[this.pos] === TAB || b[this.pos] === CR)) this.pos++;
  }

  private endLine(): void {
    this.skipBlanks();
    if (this.pos < this.bytes.length) {
      if (this.bytes[this.pos] !== NEWLINE) this.fail('expected the end of the line');
      this.pos++;
    }
  }

  private int(): number {
    this.skipBlanks();
    const b = this.bytes;
    const negative = b[this.pos] === MINUS;
    if (negative) this.pos++;
    const start = this.pos;
    let v = 0;
    for (let d = b[this.pos]; isDigit(d); d = b[++this.pos]) v = v * 10 + d - ZERO;
    if (this.pos === start || this.pos - start > 9) this.fail('expected a number');
    return negative ? -v : v;
  }
}

/**
 * Scans one field row (31 cells `<height><letter>` separated by spaces) from
 * `p` into the arrays at `base`. Returns the position after the row, or
 * -(y + 1) for a bad cell y. Kept free of closures: the grid is most of a file.
 */
function scanRow(
  b: Uint8Array,
  p: number,
  base: number,
  height: Uint8Array,
  ground: Uint8Array,
  codes: Int8Array,
): number {
  for (let y = 0; y < SIZE; y++) {
    while (b[p] === SPACE) p++;
    // A height is a number: usually one digit, but the original lets it pass 9.
    const first = b[p];
    if (!isDigit(first)) return -(y + 1);
    let h = first - ZERO;
    for (let d = b[++p]; isDigit(d) && h < 100; d = b[++p]) h = h * 10 + d - ZERO;
    const g = b[p++];
    const code = g !== undefined && g < 128 ? codes[g]! : -1;
    if (code < 0 || h > 255) return -(y + 1);
    height[base + y] = h;
    ground[base + y] = code;
  }
  return p;
}

/** An ASCII digit; reading past the end of the bytes gives undefined, which is not one. */
function isDigit(byte: number | undefined): byte is number {
  return byte !== undefined && byte >= ZERO && byte <= ZERO + 9;
}

function letterCodes(letters: string): Int8Array {
  const codes = new Int8Array(128).fill(-1);
  for (let i = 0; i < letters.length; i++) codes[letters.charCodeAt(i)] = i;
  return codes;
}

/**
 * Reads a whole turn history. `rules` gives the letter of a held large
 * snowball. Malformed input is reported with its line number, never thrown.
 */
export function parseTurns(input: Uint8Array | string, rules: RuleSet): Result<TurnBlock[], TurnsProblem> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const reader = new TurnReader(bytes, rules);
  const blocks: TurnBlock[] = [];
  try {
    while (!reader.atEnd()) blocks.push(reader.block());
  } catch (e) {
    if (e instanceof TurnsSyntaxError) return fail({ code: 'TURNS_SYNTAX', message: e.message });
    throw e;
  }
  if (blocks.length === 0) return fail({ code: 'TURNS_EMPTY', message: 'no turns in the file' });
  return ok(blocks);
}

/**
 * Writes a whole history: one block per state with the moves that followed
 * it as the original writes them (the last state gets idle moves), blank
 * lines between blocks, then `-1`.
 */
export function formatTurns(
  states: readonly IcyState[],
  moves: readonly (readonly Action[])[],
  rules: RuleSet,
): string {
  const blocks = states.map(
    (s, t) => formatStateBlock(s, rules) + writtenMoveLines(s, moves[t] ?? []).join('\n') + '\n',
  );
  return blocks.join('\n') + '-1';
}

/** The eight move lines of a block as the original writes them, from the state the moves answer. */
export function writtenMoveLines(state: IcyState, moves: readonly Action[]): string[] {
  const lines: string[] = [];
  for (let c = 0; c < CHILDREN; c++) lines.push(formatAction(writtenMove(moves[c] ?? IDLE, state.children[c]!)));
  return lines;
}

/** Moves of a block as actions; a line that does not parse is idle. */
export function blockActions(moves: readonly string[]): Action[] {
  return moves.map((line) => {
    const p = parseActionLine(line);
    return p.ok ? p.action : IDLE;
  });
}

/**
 * The original turn history of a game given by its map and the actions
 * played each turn (engine order and coordinates, as replays record them):
 * the states are re-simulated from the start.
 */
export function historyFromActions(map: IcyMap, rules: RuleSet, turns: readonly (readonly string[])[]): string {
  let state = initialState(map);
  const states = [state];
  const moves = turns.map((lines) => blockActions(lines));
  for (const m of moves) {
    state = applyTurn(state, m, rules).state;
    states.push(state);
  }
  return formatTurns(states, moves, rules);
}
