import { fail, hasProblems, ok, type Problem, type Result } from '../../core/errors.js';

/**
 * An ant brain (section 2.7) compiled to a flat table: state s occupies
 * `code[s * STRIDE .. s * STRIDE + STRIDE)` as [op, a, b, c, d]. The
 * meaning of a..d depends on the op; see `Op`.
 */
export interface Brain {
  readonly states: number;
  readonly code: Int32Array;
}

export const STRIDE = 5;
export const MAX_STATES = 10000;
export const MAX_STATE = 9999;

export const enum Op {
  /** a = sense dir, b = st1, c = st2, d = condition */
  Sense = 0,
  /** a = marker, b = st */
  Mark = 1,
  Unmark = 2,
  /** b = st1, c = st2 */
  PickUp = 3,
  /** b = st */
  Drop = 4,
  /** a = 0 left / 1 right, b = st */
  Turn = 5,
  /** b = st1, c = st2 */
  Move = 6,
  /** a = p, b = st1, c = st2 */
  Flip = 7,
}

/** The instruction keywords of section 2.8, lower case (keywords are case-insensitive). */
export const INSTRUCTIONS = ['sense', 'mark', 'unmark', 'pickup', 'drop', 'turn', 'move', 'flip'] as const;
type Instruction = (typeof INSTRUCTIONS)[number];
const isInstruction = (word: string): word is Instruction => (INSTRUCTIONS as readonly string[]).includes(word);

export const SENSE_DIRS = ['here', 'ahead', 'leftahead', 'rightahead'] as const;
/** Turn's argument: index 0 is Left, 1 is Right. */
export const TURNS = ['left', 'right'] as const;

/** Conditions 0..5 and 7..9 stand alone; Marker i is encoded as 10 + i. */
export const CONDITIONS = [
  'friend',
  'foe',
  'friendwithfood',
  'foewithfood',
  'food',
  'rock',
  'marker',
  'foemarker',
  'home',
  'foehome',
] as const;
export const MARKER_CONDITION = 10;

export type BrainProblemCode = 'brain-empty' | 'brain-too-long' | 'brain-syntax';

export interface BrainProblem extends Problem<BrainProblemCode> {
  /** 1-based line of the brain text, when the problem has one. */
  readonly line?: number;
}

const MAX_REPORTED = 20;

interface Line {
  readonly number: number;
  readonly tokens: readonly string[];
}

/**
 * Parses the text format of section 2.8. Keywords are case-insensitive, a
 * `;` starts a comment, and every non-blank line is one state. Lines that
 * hold only blanks or a comment are skipped, so numbered states are the
 * instruction lines in order.
 */
export function parseBrain(text: string): Result<Brain, BrainProblem> {
  const lines: Line[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const body = raw.split(';', 1)[0]!.trim();
    if (body !== '') lines.push({ number: index + 1, tokens: body.split(/\s+/) });
  });
  if (lines.length === 0) return fail({ code: 'brain-empty', message: 'the brain has no instructions' });
  if (lines.length > MAX_STATES) {
    return fail({
      code: 'brain-too-long',
      message: `the brain has ${lines.length} states; at most ${MAX_STATES} are allowed`,
      line: lines[MAX_STATES]!.number,
    });
  }
  const code = new Int32Array(lines.length * STRIDE);
  const problems: BrainProblem[] = [];
  for (let s = 0; s < lines.length && problems.length < MAX_REPORTED; s++) {
    const line = lines[s]!;
    try {
      code.set(compileLine(line.tokens, lines.length), s * STRIDE);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      problems.push({
        code: 'brain-syntax',
        message: `line ${line.number} (state ${s}): ${error.message}`,
        line: line.number,
      });
    }
  }
  return hasProblems(problems) ? fail(...problems) : ok({ states: lines.length, code });
}

class LineError extends Error {}

function compileLine(tokens: readonly string[], states: number): number[] {
  const reader = new TokenReader(tokens, states);
  const keyword = reader.word('an instruction');
  if (!isInstruction(keyword)) throw new LineError(`unknown instruction '${tokens[0]}'`);
  let instruction: number[];
  switch (keyword) {
    case 'sense': {
      const dir = reader.choice('a sense direction', SENSE_DIRS);
      const st1 = reader.state();
      const st2 = reader.state();
      const cond = reader.choice('a condition', CONDITIONS);
      const encoded = CONDITIONS[cond] === 'marker' ? MARKER_CONDITION + reader.marker() : cond;
      instruction = [Op.Sense, dir, st1, st2, encoded];
      break;
    }
    case 'mark':
    case 'unmark':
      instruction = [keyword === 'mark' ? Op.Mark : Op.Unmark, reader.marker(), reader.state(), 0, 0];
      break;
    case 'pickup':
      instruction = [Op.PickUp, 0, reader.state(), reader.state(), 0];
      break;
    case 'drop':
      instruction = [Op.Drop, 0, reader.state(), 0, 0];
      break;
    case 'turn':
      instruction = [Op.Turn, reader.choice('Left or Right', TURNS), reader.state(), 0, 0];
      break;
    case 'move':
      instruction = [Op.Move, 0, reader.state(), reader.state(), 0];
      break;
    case 'flip': {
      const p = reader.integer('p');
      if (p < 1) throw new LineError('Flip needs p of at least 1 (randomint takes a positive argument)');
      instruction = [Op.Flip, p, reader.state(), reader.state(), 0];
      break;
    }
    default: {
      // INSTRUCTIONS and these cases must agree: the compiler refuses a keyword left without a case.
      const missing: never = keyword;
      throw new LineError(`unknown instruction '${missing}'`);
    }
  }
  reader.end();
  return instruction;
}

const INTEGER = /^[0-9]+$/;
const MAX_INTEGER = 2147483647;

class TokenReader {
  private next = 0;

  constructor(
    private readonly tokens: readonly string[],
    private readonly states: number,
  ) {}

  word(expected: string): string {
    const token = this.tokens[this.next++];
    if (token === undefined) throw new LineError(`missing ${expected}`);
    return token.toLowerCase();
  }

  choice(expected: string, options: readonly string[]): number {
    const token = this.tokens[this.next];
    const index = options.indexOf(this.word(expected));
    if (index < 0) throw new LineError(`'${token}' is not ${expected}`);
    return index;
  }

  integer(name: string): number {
    const token = this.tokens[this.next++];
    if (token === undefined) throw new LineError(`missing ${name}`);
    if (!INTEGER.test(token)) throw new LineError(`${name} must be a non-negative integer, got '${token}'`);
    const value = Number(token);
    if (value > MAX_INTEGER) throw new LineError(`${name} ${token} is too large`);
    return value;
  }

  state(): number {
    const st = this.integer('a state number');
    if (st > MAX_STATE) throw new LineError(`state ${st} is above ${MAX_STATE}`);
    if (st >= this.states) throw new LineError(`state ${st} is beyond the program (states 0..${this.states - 1})`);
    return st;
  }

  marker(): number {
    const i = this.integer('a marker');
    if (i > 5) throw new LineError(`marker ${i} is outside 0-5`);
    return i;
  }

  end(): void {
    if (this.next < this.tokens.length)
      throw new LineError(`unexpected '${this.tokens[this.next]}' after the instruction`);
  }
}
