import { fail, ok, type Problem, type Result } from '../../core/errors.js';
import { formatAction, parseActionLine, type Action } from './actions.js';
import { CELLS, CHILDREN, Ground, Holding, SIZE, TEAM_SIZE } from './constants.js';
import { GROUND_LETTERS, formatChild } from './protocol.js';
import type { RuleSet } from './rules.js';
import type { ChildState, IcyState } from './state.js';

/**
 * One block of the original engine's `-view turns` history: the full state of
 * turn `turn` and the moves both players answered it with (engine
 * coordinates, red children 0-3 then blue 4-7).
 */
export interface TurnBlock {
  readonly turn: number;
  readonly score: readonly [number, number];
  readonly height: readonly number[];
  readonly ground: readonly number[];
  readonly children: readonly ChildState[];
  readonly moves: readonly string[];
}

export type TurnsProblemCode = 'TURNS_SYNTAX' | 'TURNS_EMPTY';
export type TurnsProblem = Problem<TurnsProblemCode>;

const NEWLINE = 10;
const SPACE = 32;
const CR = 13;

/** A byte cursor over the history text; the format is pure ASCII. */
class Cursor {
  pos = 0;
  line = 1;
  constructor(readonly bytes: Uint8Array) {}

  atEnd(): boolean {
    return this.pos >= this.bytes.length;
  }

  skipSpaces(): void {
    const b = this.bytes;
    while (this.pos < b.length && (b[this.pos] === SPACE || b[this.pos] === CR || b[this.pos] === 9)) this.pos++;
  }

  endLine(): void {
    this.skipSpaces();
    if (this.pos < this.bytes.length) {
      if (this.bytes[this.pos] !== NEWLINE) throw this.error('expected the end of the line');
      this.pos++;
      this.line++;
    }
  }

  int(): number {
    this.skipSpaces();
    const b = this.bytes;
    let neg = false;
    if (b[this.pos] === 45) {
      neg = true;
      this.pos++;
    }
    const start = this.pos;
    let v = 0;
    while (this.pos < b.length && b[this.pos] >= 48 && b[this.pos] <= 57) v = v * 10 + b[this.pos++] - 48;
    if (this.pos === start) throw this.error('expected a number');
    return neg ? -v : v;
  }

  byte(): number {
    this.skipSpaces();
    if (this.pos >= this.bytes.length || this.bytes[this.pos] === NEWLINE) throw this.error('unexpected end of line');
    return this.bytes[this.pos++];
  }

  restOfLine(): string {
    const b = this.bytes;
    const start = this.pos;
    while (this.pos < b.length && b[this.pos] !== NEWLINE) this.pos++;
    let end = this.pos;
    if (end > start && b[end - 1] === CR) end--;
    if (this.pos < b.length) {
      this.pos++;
      this.line++;
    }
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(b[i]);
    return s;
  }

  blankLines(): void {
    while (true) {
      const save = this.pos;
      this.skipSpaces();
      if (this.pos < this.bytes.length && this.bytes[this.pos] === NEWLINE) {
        this.pos++;
        this.line++;
      } else {
        this.pos = save;
        return;
      }
    }
  }

  error(message: string): Error {
    return new SyntaxError(`line ${this.line}: ${message}`);
  }
}

/**
 * Reads a turn history. `rules` gives the letter of a held large snowball.
 * Malformed input is reported with the line number, never thrown.
 */
export function parseTurns(input: Uint8Array | string, rules: RuleSet): Result<TurnBlock[], TurnsProblem> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const cur = new Cursor(bytes);
  const blocks: TurnBlock[] = [];
  const groundCode = new Int8Array(128).fill(-1);
  for (let g = 0; g < GROUND_LETTERS.length; g++) groundCode[GROUND_LETTERS.charCodeAt(g)] = g;
  const holdCode = new Int8Array(128).fill(-1);
  for (let h = 0; h < rules.holdingLetters.length; h++) holdCode[rules.holdingLetters.charCodeAt(h)] = h;
  try {
    while (true) {
      cur.blankLines();
      if (cur.atEnd()) break;
      const turn = cur.int();
      cur.endLine();
      if (turn === -1) break;
      const score: [number, number] = [cur.int(), cur.int()];
      cur.endLine();
      const height = new Array<number>(CELLS);
      const ground = new Array<number>(CELLS);
      for (let i = 0; i < CELLS; i++) {
        // The original prints the height as a number: usually one digit, but it can exceed 9.
        const h = cur.int();
        const g = cur.byte();
        const code = g < 128 ? groundCode[g] : -1;
        if (code < 0) throw cur.error(`bad space contents '${String.fromCharCode(g)}'`);
        height[i] = h;
        ground[i] = code;
        if (i % SIZE === SIZE - 1) cur.endLine();
      }
      const children: ChildState[] = [];
      for (let c = 0; c < CHILDREN; c++) {
        const x = cur.int();
        const y = cur.int();
        const stance = cur.byte();
        if (stance !== 83 && stance !== 67) throw cur.error(`bad stance '${String.fromCharCode(stance)}'`);
        const hb = cur.byte();
        const holding = hb < 128 ? holdCode[hb] : -1;
        if (holding < 0) throw cur.error(`bad holding '${String.fromCharCode(hb)}' for rules ${rules.name}`);
        const dazed = cur.int();
        cur.endLine();
        children.push({ x, y, standing: stance === 83, holding: holding as Holding, dazed });
      }
      const moves: string[] = [];
      for (let m = 0; m < CHILDREN; m++) {
        if (cur.atEnd()) throw cur.error('missing move lines');
        moves.push(cur.restOfLine());
      }
      blocks.push({ turn, score, height, ground, children, moves });
    }
  } catch (e) {
    return fail({ code: 'TURNS_SYNTAX', message: (e as Error).message });
  }
  if (blocks.length === 0) return fail({ code: 'TURNS_EMPTY', message: 'no turns in the file' });
  return ok(blocks);
}

/** The state part of a block (turn, score, field, children), as the original writes it. */
export function formatStateBlock(state: IcyState, rules: RuleSet): string {
  const parts: string[] = [`${state.turn}\n${state.score[0]} ${state.score[1]}\n`];
  for (let x = 0; x < SIZE; x++) {
    const row: string[] = new Array(SIZE);
    for (let y = 0; y < SIZE; y++) {
      const i = x * SIZE + y;
      row[y] = `${state.height[i]}${GROUND_LETTERS[state.ground[i]]}`;
    }
    parts.push(row.join(' '), '\n');
  }
  for (const c of state.children) parts.push(formatChild(c, rules), '\n');
  return parts.join('');
}

/**
 * Writes a whole history: one block per state with the moves that followed
 * it (the last state gets idle moves), then `-1`.
 */
export function formatTurns(states: readonly IcyState[], moves: readonly (readonly Action[])[], rules: RuleSet): string {
  const blocks = states.map((s, t) => {
    const m = moves[t] ?? [];
    const lines: string[] = [];
    for (let c = 0; c < CHILDREN; c++) lines.push(m[c] ? formatAction(m[c]) : 'idle');
    return formatStateBlock(s, rules) + lines.join('\n') + '\n';
  });
  return blocks.join('\n') + '-1';
}

/** Moves of a block as actions; a line the original would not accept becomes idle. */
export function blockActions(block: TurnBlock): Action[] {
  return block.moves.map((line) => {
    const p = parseActionLine(line);
    return p.ok ? p.action : { kind: 'idle', x: 0, y: 0 };
  });
}

export { TEAM_SIZE, Ground };
