import { fail, hasProblems, ok, type Problem, type Result } from '../../core/errors.js';
import { CELLS, SIZE, START_POSITIONS, cellIndex } from './constants.js';

/** A tree layout: `trees[cellIndex(x, y)]` is true where a tree stands. */
export interface IcyMap {
  readonly trees: readonly boolean[];
}

export type MapProblemCode =
  | 'MAP_SIZE'
  | 'MAP_CHARACTER'
  | 'MAP_ASYMMETRIC'
  | 'MAP_TOO_MANY_TREES'
  | 'MAP_TREE_ON_START'
  | 'MAP_UNREACHABLE';

export type MapProblem = Problem<MapProblemCode>;

/** Trees must be fewer than 10 percent of the spaces. */
export const MAX_TREES = Math.ceil(CELLS / 10) - 1;

/**
 * Reads the original map format: 31 lines of `.` and `T`, as seen on screen
 * (first line is y = 30, x grows to the right). Trailing white space and a
 * final newline are tolerated. The result is validated with {@link validateMap}.
 */
export function parseMap(text: string): Result<IcyMap, MapProblem> {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length !== SIZE) {
    return fail({
      code: 'MAP_SIZE',
      message: `a map has ${SIZE} lines, this one has ${lines.length}`,
      details: { lines: lines.length },
    });
  }
  const trees: boolean[] = new Array(CELLS).fill(false);
  for (let row = 0; row < SIZE; row++) {
    const line = lines[row]!;
    if (line.length !== SIZE) {
      return fail({
        code: 'MAP_SIZE',
        message: `line ${row + 1} has ${line.length} characters, a map line has ${SIZE}`,
        details: { line: row + 1, length: line.length },
      });
    }
    for (let col = 0; col < SIZE; col++) {
      const ch = line[col];
      if (ch !== '.' && ch !== 'T') {
        return fail({
          code: 'MAP_CHARACTER',
          message: `line ${row + 1}, column ${col + 1}: '${ch}' is neither '.' (snow) nor 'T' (tree)`,
          details: { line: row + 1, column: col + 1 },
        });
      }
      trees[cellIndex(col, SIZE - 1 - row)] = ch === 'T';
    }
  }
  const map = { trees };
  const problems = validateMap(map);
  return hasProblems(problems) ? fail(...problems) : ok(map);
}

/** Every rule of section 1 a tree layout can break, each with its own code. */
export function validateMap(map: IcyMap): MapProblem[] {
  const problems: MapProblem[] = [];
  const { trees } = map;
  if (trees.length !== CELLS) {
    return [{ code: 'MAP_SIZE', message: `a map has ${CELLS} spaces, this one has ${trees.length}` }];
  }
  const asymmetric: string[] = [];
  for (let x = 0; x < SIZE; x++) {
    for (let y = 0; y < SIZE; y++) {
      if (trees[cellIndex(x, y)] && !trees[cellIndex(SIZE - 1 - x, SIZE - 1 - y)]) asymmetric.push(`(${x}, ${y})`);
    }
  }
  if (asymmetric.length > 0) {
    problems.push({
      code: 'MAP_ASYMMETRIC',
      message: `not symmetric under a 180 degree rotation: tree at ${listSome(asymmetric)} without its mirror at (30 - x, 30 - y)`,
      details: { cells: asymmetric },
    });
  }
  const count = trees.filter(Boolean).length;
  if (count > MAX_TREES) {
    problems.push({
      code: 'MAP_TOO_MANY_TREES',
      message: `${count} trees cover ${((100 * count) / CELLS).toFixed(1)}% of the field; trees must cover less than 10% (at most ${MAX_TREES})`,
      details: { trees: count, max: MAX_TREES },
    });
  }
  const blockedStarts = START_POSITIONS.filter(([x, y]) => trees[cellIndex(x, y)]).map(([x, y]) => `(${x}, ${y})`);
  if (blockedStarts.length > 0) {
    problems.push({
      code: 'MAP_TREE_ON_START',
      message: `a tree stands on a child's start position: ${blockedStarts.join(', ')}`,
      details: { cells: blockedStarts },
    });
  }
  const unreachable = unreachableSpaces(trees);
  if (unreachable.length > 0) {
    problems.push({
      code: 'MAP_UNREACHABLE',
      message: `${unreachable.length} space(s) without a tree cannot be reached from the start positions: ${listSome(unreachable)}`,
      details: { cells: unreachable },
    });
  }
  return problems;
}

/**
 * Spaces no child can reach. A run may step diagonally and only the space it
 * steps into must be free, so reachability is 8-connected.
 */
function unreachableSpaces(trees: readonly boolean[]): string[] {
  const seen = new Array<boolean>(CELLS).fill(false);
  const stack: number[] = [];
  for (const [x, y] of START_POSITIONS) {
    const i = cellIndex(x, y);
    if (!trees[i] && !seen[i]) {
      seen[i] = true;
      stack.push(i);
    }
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = Math.floor(i / SIZE);
    const y = i % SIZE;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= SIZE || ny >= SIZE) continue;
        const j = cellIndex(nx, ny);
        if (!trees[j] && !seen[j]) {
          seen[j] = true;
          stack.push(j);
        }
      }
    }
  }
  const out: string[] = [];
  for (let i = 0; i < CELLS; i++) {
    if (!trees[i] && !seen[i]) out.push(`(${Math.floor(i / SIZE)}, ${i % SIZE})`);
  }
  return out;
}

function listSome(items: string[], max = 5): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** Writes a map back in the original screen-oriented format. */
export function formatMap(map: IcyMap): string {
  const lines: string[] = [];
  for (let y = SIZE - 1; y >= 0; y--) {
    let line = '';
    for (let x = 0; x < SIZE; x++) line += map.trees[cellIndex(x, y)] ? 'T' : '.';
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

/** The original engine's default map: five trees near the center. */
export const DEFAULT_MAP: IcyMap = (() => {
  const trees = new Array<boolean>(CELLS).fill(false);
  for (const [x, y] of [
    [8, 15],
    [15, 8],
    [15, 15],
    [15, 22],
    [22, 15],
  ] as const) {
    trees[cellIndex(x, y)] = true;
  }
  return { trees };
})();
