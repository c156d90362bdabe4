import { fail, hasProblems, ok, type Problem, type Result } from '../../core/errors.js';

/** Cell contents as read from a world file (section 2.4). Immutable input to a match. */
export interface World {
  readonly width: number;
  readonly height: number;
  /** 1 where the cell is rocky. */
  readonly rock: Uint8Array;
  /** Food particles lying on each cell at the start. */
  readonly food: Uint8Array;
  /** 0 no anthill, 1 red anthill, 2 black anthill. */
  readonly hill: Uint8Array;
}

export const RED_HILL = 1;
export const BLACK_HILL = 2;

export const MAX_SIDE = 1000;
export const MAX_CELLS = 250_000;

export type WorldProblemCode = 'world-syntax' | 'world-size' | 'world-no-anthill';

export type WorldProblem = Problem<WorldProblemCode>;

const MAX_REPORTED = 20;

export function parseWorld(text: string): Result<World, WorldProblem> {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  const width = dimension(lines[0], 'first', 'width (x)');
  if (!width.ok) return width;
  const height = dimension(lines[1], 'second', 'height (y)');
  if (!height.ok) return height;
  const w = width.value;
  const h = height.value;
  if (w * h > MAX_CELLS)
    return fail({ code: 'world-size', message: `the world has ${w * h} cells; at most ${MAX_CELLS} are allowed` });
  if (lines.length - 2 !== h) {
    return fail({ code: 'world-syntax', message: `the world declares ${h} rows but has ${lines.length - 2}` });
  }
  const rock = new Uint8Array(w * h);
  const food = new Uint8Array(w * h);
  const hill = new Uint8Array(w * h);
  const problems: WorldProblem[] = [];
  const report = (message: string) => {
    if (problems.length < MAX_REPORTED) problems.push({ code: 'world-syntax', message });
  };
  for (let y = 0; y < h; y++) {
    const cells = lines[y + 2]!.trim()
      .split(/\s+/)
      .filter((c) => c !== '');
    if (cells.length !== w) {
      report(`line ${y + 3} (row y=${y}): expected ${w} cells separated by spaces, found ${cells.length}`);
      continue;
    }
    cells.forEach((cell, x) => {
      const i = y * w + x;
      if (cell === '#') rock[i] = 1;
      else if (cell === '+') hill[i] = RED_HILL;
      else if (cell === '-') hill[i] = BLACK_HILL;
      else if (cell >= '1' && cell <= '9' && cell.length === 1) food[i] = Number(cell);
      else if (cell !== '.') report(`line ${y + 3}, cell x=${x}: unknown cell '${cell}' (expected # . + - or 1-9)`);
    });
  }
  if (hasProblems(problems)) return fail(...problems);
  for (const [color, code] of [
    ['red', RED_HILL],
    ['black', BLACK_HILL],
  ] as const) {
    if (!hill.includes(code))
      problems.push({ code: 'world-no-anthill', message: `the world has no ${color} anthill cell` });
  }
  return hasProblems(problems) ? fail(...problems) : ok({ width: w, height: h, rock, food, hill });
}

function dimension(line: string | undefined, which: string, name: string): Result<number, WorldProblem> {
  const text = (line ?? '').trim();
  if (!/^[0-9]+$/.test(text)) {
    return fail({
      code: 'world-syntax',
      message: `the ${which} line must be the ${name} of the world, got '${text.slice(0, 20)}'`,
    });
  }
  const value = Number(text);
  if (value < 1 || value > MAX_SIDE)
    return fail({ code: 'world-size', message: `the ${name} must be between 1 and ${MAX_SIDE}, got ${value}` });
  return ok(value);
}

/** Writes a world in the file format of section 2.4 (odd rows indented by one space). */
export function formatWorld(world: World): string {
  const rows = [String(world.width), String(world.height)];
  for (let y = 0; y < world.height; y++) {
    const cells: string[] = [];
    for (let x = 0; x < world.width; x++) cells.push(cellChar(world, y * world.width + x));
    rows.push((y % 2 === 1 ? ' ' : '') + cells.join(' '));
  }
  return rows.join('\n') + '\n';
}

function cellChar(world: World, i: number): string {
  if (world.rock[i]) return '#';
  if (world.hill[i] === RED_HILL) return '+';
  if (world.hill[i] === BLACK_HILL) return '-';
  return world.food[i] ? String(world.food[i]) : '.';
}
