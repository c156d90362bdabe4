/** Hexagonal geometry of section 2.1: directions 0 (east) to 5 (north-east), clockwise. */
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

export interface Pos {
  readonly x: number;
  readonly y: number;
}

export function adjacentCell(p: Pos, d: number): Pos {
  const { x, y } = p;
  const even = (y & 1) === 0;
  switch (d) {
    case 0:
      return { x: x + 1, y };
    case 1:
      return even ? { x, y: y + 1 } : { x: x + 1, y: y + 1 };
    case 2:
      return even ? { x: x - 1, y: y + 1 } : { x, y: y + 1 };
    case 3:
      return { x: x - 1, y };
    case 4:
      return even ? { x: x - 1, y: y - 1 } : { x, y: y - 1 };
    default:
      return even ? { x, y: y - 1 } : { x: x + 1, y: y - 1 };
  }
}

export function turnLeft(d: number): number {
  return (d + 5) % 6;
}

export function turnRight(d: number): number {
  return (d + 1) % 6;
}

/**
 * Neighbour table over a width x height grid: entry `cell * 6 + d` is the
 * index of the cell next to `cell` in direction d, or `outside` when that
 * position is off the grid (the simulator treats it as rock).
 */
export function neighbourTable(width: number, height: number, outside: number): Int32Array {
  const table = new Int32Array(width * height * 6);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let d = 0; d < 6; d++) {
        const n = adjacentCell({ x, y }, d);
        const inside = n.x >= 0 && n.y >= 0 && n.x < width && n.y < height;
        table[(y * width + x) * 6 + d] = inside ? n.y * width + n.x : outside;
      }
    }
  }
  return table;
}
