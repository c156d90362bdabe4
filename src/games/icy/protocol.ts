import { IDLE, canceled, hasTarget, parseActionLine, type Action, type Outcome, type ParsedAction } from './actions.js';
import { BLUE, CELLS, CHILDREN, Ground, RED, SIZE, TEAM_SIZE, type Team } from './constants.js';
import type { RuleSet } from './rules.js';
import type { ChildState, IcyState } from './state.js';
import { visibleSpaces } from './visibility.js';

export const GROUND_LETTERS = 'abcdefghij';

/**
 * Player-centric encoding (section 5.4): blue sees the field rotated 180
 * degrees, the child list reversed (own children first) and snowman colors
 * swapped, so both players can think of themselves as red.
 */

/** The engine child shown at position `k` of a team's child list. */
export function viewChild(team: Team, k: number): number {
  return team === RED ? k : CHILDREN - 1 - k;
}

/** Converts a coordinate between a team's view and the engine (the conversion is its own inverse). */
export function viewCoordinate(team: Team, v: number): number {
  return team === RED ? v : SIZE - 1 - v;
}

/** Snowman colors are swapped for the blue player. */
function viewGroundLetter(team: Team, g: number): string {
  if (team === BLUE && g === Ground.RED_SNOWMAN) return GROUND_LETTERS[Ground.BLUE_SNOWMAN]!;
  if (team === BLUE && g === Ground.BLUE_SNOWMAN) return GROUND_LETTERS[Ground.RED_SNOWMAN]!;
  return GROUND_LETTERS[g]!;
}

/** A child as the turn history records it (engine view, the raw daze counter). */
export function formatChild(c: ChildState, rules: RuleSet): string {
  return `${c.x} ${c.y} ${c.standing ? 'S' : 'C'} ${rules.holdingLetters[c.holding]} ${c.dazed}`;
}

/**
 * A child as a player sees it: in its own coordinates, and with the turns it
 * still has to wait, one less than the engine's counter (which drops at the
 * start of the turn the player is answering).
 */
function formatViewChild(c: ChildState, rules: RuleSet, team: Team): string {
  const x = viewCoordinate(team, c.x);
  const y = viewCoordinate(team, c.y);
  return `${x} ${y} ${c.standing ? 'S' : 'C'} ${rules.holdingLetters[c.holding]} ${Math.max(0, c.dazed - 1)}`;
}

/** The letter codes of the ground as each team sees it (snowman colors swapped for blue). */
const GROUND_CODES: readonly (readonly number[])[] = [RED, BLUE].map((team) =>
  Array.from(GROUND_LETTERS, (_, g) => viewGroundLetter(team as Team, g).charCodeAt(0)),
);
const ASTERISK = 42;
const SPACE = 32;
const NEWLINE = 10;
const DIGIT_0 = 48;
/** Heights below this are one digit, and have their two bytes in {@link SEEN_CELL}. */
const ONE_DIGIT = 10;
/**
 * A seen space's two bytes (its height's digit, then its letter), by team
 * and by `ground * ONE_DIGIT + height`, as one little-endian 16-bit value.
 */
const SEEN_CELL: readonly Uint16Array[] = GROUND_CODES.map((letters) => {
  const table = new Uint16Array(GROUND_LETTERS.length * ONE_DIGIT);
  for (let g = 0; g < GROUND_LETTERS.length; g++)
    for (let h = 0; h < ONE_DIGIT; h++) table[g * ONE_DIGIT + h] = (DIGIT_0 + h) | (letters[g]! << 8);
  return table;
});
/** At most this many bytes per space: a height's decimal text, its letter and a separator. */
const SPACE_BYTES_MAX = 32;
/** Room for the field part of a view: 961 spaces of two characters and a separator each, plus a row's worst case. */
const FIELD_BYTES = CELLS * 3 + SIZE * SPACE_BYTES_MAX;
const ASCII = new TextDecoder();
/** The field's bytes, reused from view to view: each is decoded to a string before the next is written. */
let scratch = new Uint8Array(FIELD_BYTES);
/** The spaces the viewing team sees, reused from view to view (a typed array is slow to allocate). */
const SEEN = new Uint8Array(CELLS);

/**
 * The exact text the original engine writes to a player's standard input for
 * one turn: turn number, the score line (own score first), the visible field
 * and the children. The field is written as bytes and decoded once: a view
 * is made twice a turn, and a string per space would be most of a match's garbage.
 */
export function encodeView(state: IcyState, team: Team, rules: RuleSet): string {
  const seen = visibleSpaces(state, team, SEEN);
  const other: Team = team === RED ? BLUE : RED;
  const letters = GROUND_CODES[team]!;
  const cells = SEEN_CELL[team]!;
  const { height, ground } = state;
  let field = scratch;
  let at = 0;
  // Blue reads the field rotated: its view's spaces are the engine's in reverse order.
  const step = team === RED ? 1 : -1;
  let i = team === RED ? 0 : CELLS - 1;
  for (let vx = 0; vx < SIZE; vx++) {
    // Snow piles above 9 take more than one digit: the next row must fit whatever it holds.
    if (field.length - at < SIZE * SPACE_BYTES_MAX) scratch = field = grown(field);
    for (let vy = 0; vy < SIZE; vy++, i += step) {
      const h = height[i]!;
      if (!seen[i]) {
        field[at] = ASTERISK;
        field[at + 1] = ASTERISK;
        at += 2;
      } else if (h >= 0 && h < ONE_DIGIT) {
        const pair = cells[ground[i]! * ONE_DIGIT + h]!;
        field[at] = pair & 0xff;
        field[at + 1] = pair >> 8;
        at += 2;
      } else {
        for (const digit of String(h)) field[at++] = digit.charCodeAt(0);
        field[at++] = letters[ground[i]!]!;
      }
      field[at++] = SPACE;
    }
    field[at - 1] = NEWLINE;
  }
  let children = '';
  for (let k = 0; k < CHILDREN; k++) {
    const c = state.children[viewChild(team, k)]!;
    const own = k < TEAM_SIZE;
    children += (own || seen[c.x * SIZE + c.y] ? formatViewChild(c, rules, team) : '*') + '\n';
  }
  return `${state.turn}\n${state.score[team]} ${state.score[other]}\n${ASCII.decode(field.subarray(0, at))}${children}`;
}

function grown(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const larger = new Uint8Array(bytes.length * 2);
  larger.set(bytes);
  return larger;
}

/** No action line is longer than this; longer ones are malformed and kept shortened. */
const MAX_LINE = 200;

export interface DecodedMoves {
  /** Actions of the team's four children, in engine order and coordinates. */
  readonly actions: readonly Action[];
  /** Per child (engine order within the team): why its line was not used, or null. */
  readonly problems: readonly (Outcome | null)[];
  /** The four lines as received (engine order within the team), for the record. */
  readonly lines: readonly string[];
}

/**
 * Reads a player's answer: one line per child in the player's own order and
 * coordinates. Missing lines are idle, extra lines are ignored, a malformed
 * line is idle with a reason. Never throws, whatever `text` is.
 */
export function decodeMoves(text: unknown, team: Team): DecodedMoves {
  const raw = typeof text === 'string' ? text.split('\n', TEAM_SIZE) : [];
  const actions: Action[] = new Array(TEAM_SIZE).fill(IDLE);
  const problems: (Outcome | null)[] = new Array(TEAM_SIZE).fill(null);
  const lines: string[] = new Array(TEAM_SIZE).fill('');
  for (let k = 0; k < TEAM_SIZE; k++) {
    const slot = viewChild(team, k) - team * TEAM_SIZE;
    const line = raw[k]?.replace(/\r$/, '');
    if (line === undefined) continue;
    lines[slot] = line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}...` : line;
    const parsed: ParsedAction =
      line.length > MAX_LINE ? { ok: false, detail: 'line too long' } : parseActionLine(line);
    if (!parsed.ok) {
      problems[slot] = canceled('malformed', parsed.detail);
      continue;
    }
    const a = parsed.action;
    actions[slot] = hasTarget(a.kind)
      ? { kind: a.kind, x: viewCoordinate(team, a.x), y: viewCoordinate(team, a.y) }
      : a;
  }
  return { actions, problems, lines };
}
