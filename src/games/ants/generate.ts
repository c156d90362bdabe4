import { adjacentCell, type Pos } from './geometry.js';
import { createRandom, randomInt, type RandomState } from './random.js';
import { BLACK_HILL, RED_HILL, type World } from './world.js';

/**
 * Random contest worlds of section 3.1: 100 x 100 with a rocky perimeter, a red
 * and a black anthill (filled hexagons of side 6), ten rocks and eight food blobs
 * (3 x 4 parallelograms of cells holding 5 food each, in a random orientation).
 *
 * Each rock is, with equal chance, a filled hexagon of side 1..3 (1, 7 or 19 cells)
 * or a line of 4..12 cells that bends once by 60 degrees at a random point.
 *
 * Anthills and rocks never touch each other or the perimeter; food blobs only
 * avoid overlapping anything. Placement is rejection sampling; when one element
 * cannot be placed, everything is placed again from scratch with the same RNG stream.
 */

export const SIZE = 100;
export const HILL_RADIUS = 5;
export const ROCKS = 10;
export const FOOD_BLOBS = 8;
export const FOOD_PER_CELL = 5;

export type ElementKind = 'red-hill' | 'black-hill' | 'rock' | 'food';

export interface Element {
  readonly kind: ElementKind;
  readonly cells: readonly Pos[];
}

const ATTEMPTS_PER_ELEMENT = 1000;

/** Distance in steps between two cells of the offset grid (odd rows shifted right). */
export function hexDistance(a: Pos, b: Pos): number {
  const aq = a.x - (a.y - (a.y & 1)) / 2;
  const bq = b.x - (b.y - (b.y & 1)) / 2;
  const dq = aq - bq;
  const dr = a.y - b.y;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function generateWorld(seed: number): World {
  const rock = new Uint8Array(SIZE * SIZE);
  const food = new Uint8Array(SIZE * SIZE);
  const hill = new Uint8Array(SIZE * SIZE);
  for (let i = 0; i < SIZE; i++) {
    rock[i] = rock[(SIZE - 1) * SIZE + i] = rock[i * SIZE] = rock[i * SIZE + SIZE - 1] = 1;
  }
  for (const { kind, cells } of generateElements(seed)) {
    for (const { x, y } of cells) {
      const i = y * SIZE + x;
      if (kind === 'rock') rock[i] = 1;
      else if (kind === 'food') food[i] = FOOD_PER_CELL;
      else hill[i] = kind === 'red-hill' ? RED_HILL : BLACK_HILL;
    }
  }
  return { width: SIZE, height: SIZE, rock, food, hill };
}

/** The elements placed inside the perimeter: red hill, black hill, the rocks, then the food blobs. */
export function generateElements(seed: number): Element[] {
  const random = createRandom(seed);
  for (;;) {
    const placed = tryPlaceAll(random);
    if (placed) return placed;
  }
}

function tryPlaceAll(random: RandomState): Element[] | undefined {
  // owner[i] is 1 + the index of the element covering cell i, or 0.
  const owner = new Int32Array(SIZE * SIZE);
  const elements: Element[] = [];
  const kinds: ElementKind[] = ['red-hill', 'black-hill'];
  for (let i = 0; i < ROCKS; i++) kinds.push('rock');
  for (let i = 0; i < FOOD_BLOBS; i++) kinds.push('food');
  for (const kind of kinds) {
    const cells = placeOne(random, kind, owner);
    if (!cells) return undefined;
    elements.push({ kind, cells });
    for (const { x, y } of cells) owner[y * SIZE + x] = elements.length;
  }
  return elements;
}

function placeOne(random: RandomState, kind: ElementKind, owner: Int32Array): Pos[] | undefined {
  for (let attempt = 0; attempt < ATTEMPTS_PER_ELEMENT; attempt++) {
    const origin = { x: randomInt(random, SIZE), y: randomInt(random, SIZE) };
    const cells =
      kind === 'food'
        ? foodBlob(random, origin)
        : kind === 'rock'
          ? rockShape(random, origin)
          : hexagon(origin, HILL_RADIUS);
    if (kind === 'food' ? foodFits(cells, owner) : solidFits(cells, owner)) return cells;
  }
  return undefined;
}

function foodFits(cells: Pos[], owner: Int32Array): boolean {
  return cells.every((p) => inRange(p, 1) && owner[p.y * SIZE + p.x] === 0);
}

// Neither the cells nor their neighbours may belong to an earlier element, and
// staying two cells inside the border keeps them off the perimeter's neighbours.
function solidFits(cells: Pos[], owner: Int32Array): boolean {
  return cells.every((p) => {
    if (!inRange(p, 2) || owner[p.y * SIZE + p.x] !== 0) return false;
    for (let d = 0; d < 6; d++) {
      const n = adjacentCell(p, d);
      if (owner[n.y * SIZE + n.x] !== 0) return false;
    }
    return true;
  });
}

function inRange(p: Pos, margin: number): boolean {
  return p.x >= margin && p.y >= margin && p.x < SIZE - margin && p.y < SIZE - margin;
}

function hexagon(center: Pos, radius: number): Pos[] {
  const cells: Pos[] = [];
  for (let y = center.y - radius; y <= center.y + radius; y++) {
    for (let x = center.x - radius - 1; x <= center.x + radius + 1; x++) {
      if (hexDistance(center, { x, y }) <= radius) cells.push({ x, y });
    }
  }
  return cells;
}

function foodBlob(random: RandomState, origin: Pos): Pos[] {
  const dirA = randomInt(random, 6);
  const dirB = (dirA + (randomInt(random, 2) === 0 ? 1 : 5)) % 6;
  const cells: Pos[] = [];
  let rowStart = origin;
  for (let j = 0; j < 3; j++) {
    let p = rowStart;
    for (let i = 0; i < 4; i++) {
      cells.push(p);
      p = adjacentCell(p, dirA);
    }
    rowStart = adjacentCell(rowStart, dirB);
  }
  return cells;
}

function rockShape(random: RandomState, origin: Pos): Pos[] {
  if (randomInt(random, 2) === 0) return hexagon(origin, randomInt(random, 3));
  const length = 4 + randomInt(random, 9);
  const bendAt = 2 + randomInt(random, length - 2);
  let dir = randomInt(random, 6);
  const turn = randomInt(random, 2) === 0 ? 1 : 5;
  const cells = [origin];
  for (let i = 1; i < length; i++) {
    if (i === bendAt) dir = (dir + turn) % 6;
    cells.push(adjacentCell(cells[i - 1]!, dir));
  }
  return cells;
}
