import { describe, it, expect } from 'vitest';
import { generateElements, generateWorld, hexDistance } from '../../../src/games/ants/generate.js';
import { adjacentCell, type Pos } from '../../../src/games/ants/geometry.js';
import { BLACK_HILL, formatWorld, parseWorld, RED_HILL, type World } from '../../../src/games/ants/world.js';

const SEEDS = [0, 1, 42, 12345, 4294967295];

function cellsWhere(world: World, test: (i: number) => boolean): Pos[] {
  const cells: Pos[] = [];
  for (let y = 0; y < world.height; y++) {
    for (let x = 0; x < world.width; x++) if (test(y * world.width + x)) cells.push({ x, y });
  }
  return cells;
}

function expectHexagonOfSide6(cells: Pos[]): void {
  expect(cells).toHaveLength(91);
  const center = cells.find((c) => cells.every((p) => hexDistance(c, p) <= 5));
  expect(center).toBeDefined();
  const rows = new Map<number, number[]>();
  for (const { x, y } of cells) rows.set(y, [...(rows.get(y) ?? []), x]);
  const ys = [...rows.keys()].sort((a, b) => a - b);
  expect(ys).toEqual(Array.from({ length: 11 }, (_, k) => ys[0]! + k));
  expect(ys.map((y) => rows.get(y)!.length)).toEqual([6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
  for (const xs of rows.values()) expect(Math.max(...xs) - Math.min(...xs) + 1).toBe(xs.length);
}

/** Components of rock and anthill cells under hex adjacency, each tagged with the cell kinds it holds. */
function solidComponents(world: World): Set<string>[] {
  const { width, height } = world;
  const kindOf = (i: number) =>
    world.rock[i] ? 'rock' : world.hill[i] === RED_HILL ? 'red' : world.hill[i] === BLACK_HILL ? 'black' : '';
  const seen = new Uint8Array(width * height);
  const components: Set<string>[] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || kindOf(start) === '') continue;
    const kinds = new Set<string>();
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      kinds.add(kindOf(i));
      for (let d = 0; d < 6; d++) {
        const n = adjacentCell({ x: i % width, y: Math.floor(i / width) }, d);
        if (n.x < 0 || n.y < 0 || n.x >= width || n.y >= height) continue;
        const j = n.y * width + n.x;
        if (!seen[j] && kindOf(j) !== '') {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    components.push(kinds);
  }
  return components;
}

describe('generateWorld', () => {
  it.each(SEEDS)('seed %i: 100 x 100 with a rocky perimeter', (seed) => {
    const world = generateWorld(seed);
    expect(world.width).toBe(100);
    expect(world.height).toBe(100);
    for (const arr of [world.rock, world.food, world.hill]) expect(arr).toHaveLength(10_000);
    for (let k = 0; k < 100; k++) {
      for (const i of [k, 9900 + k, k * 100, k * 100 + 99]) expect(world.rock[i]).toBe(1);
    }
  });

  it.each(SEEDS)('seed %i: one red and one black anthill, each a hexagon of side 6', (seed) => {
    const world = generateWorld(seed);
    expectHexagonOfSide6(cellsWhere(world, (i) => world.hill[i] === RED_HILL));
    expectHexagonOfSide6(cellsWhere(world, (i) => world.hill[i] === BLACK_HILL));
    expect(cellsWhere(world, (i) => world.hill[i] !== 0 && (world.rock[i] !== 0 || world.food[i] !== 0))).toEqual([]);
  });

  it.each(SEEDS)('seed %i: 480 food in 96 cells of 5, off rock and anthills', (seed) => {
    const world = generateWorld(seed);
    const foodCells = cellsWhere(world, (i) => world.food[i] !== 0);
    expect(foodCells).toHaveLength(96);
    expect(foodCells.every(({ x, y }) => world.food[y * 100 + x] === 5)).toBe(true);
    expect(world.food.reduce((sum, f) => sum + f, 0)).toBe(480);
    expect(cellsWhere(world, (i) => world.food[i] !== 0 && (world.rock[i] !== 0 || world.hill[i] !== 0))).toEqual([]);
  });

  it.each(SEEDS)('seed %i: anthills, rocks and perimeter never touch one another', (seed) => {
    const components = solidComponents(generateWorld(seed));
    // The perimeter, two anthills and ten rocks, each a separate single-kind component.
    expect(components).toHaveLength(13);
    expect(components.every((kinds) => kinds.size === 1)).toBe(true);
    expect(components.filter((kinds) => kinds.has('rock'))).toHaveLength(11);
  });

  it.each(SEEDS)('seed %i: the placed elements match the world and keep their distances', (seed) => {
    const elements = generateElements(seed);
    const world = generateWorld(seed);
    expect(elements.map((e) => e.kind)).toEqual([
      'red-hill',
      'black-hill',
      ...Array(10).fill('rock'),
      ...Array(8).fill('food'),
    ]);
    const owner = new Map<string, number>();
    elements.forEach((e, k) => {
      for (const { x, y } of e.cells) {
        expect(owner.has(`${x},${y}`)).toBe(false);
        owner.set(`${x},${y}`, k);
        const i = y * 100 + x;
        if (e.kind === 'rock') expect(world.rock[i]).toBe(1);
        else if (e.kind === 'food') expect(world.food[i]).toBe(5);
        else expect(world.hill[i]).toBe(e.kind === 'red-hill' ? RED_HILL : BLACK_HILL);
      }
    });
    elements.forEach((e, k) => {
      if (e.kind === 'food') {
        expect(e.cells).toHaveLength(12);
        return;
      }
      for (const p of e.cells) {
        for (let d = 0; d < 6; d++) {
          const n = adjacentCell(p, d);
          expect(n.x > 0 && n.y > 0 && n.x < 99 && n.y < 99).toBe(true);
          const other = owner.get(`${n.x},${n.y}`);
          if (other !== undefined && other !== k) expect(elements[other]!.kind).toBe('food');
        }
      }
    });
  });

  it('rocks are connected shapes', () => {
    for (const seed of SEEDS) {
      for (const rock of generateElements(seed).filter((e) => e.kind === 'rock')) {
        const keys = new Set(rock.cells.map(({ x, y }) => `${x},${y}`));
        const reached = new Set([`${rock.cells[0]!.x},${rock.cells[0]!.y}`]);
        const stack = [rock.cells[0]!];
        while (stack.length > 0) {
          const p = stack.pop()!;
          for (let d = 0; d < 6; d++) {
            const n = adjacentCell(p, d);
            const key = `${n.x},${n.y}`;
            if (keys.has(key) && !reached.has(key)) {
              reached.add(key);
              stack.push(n);
            }
          }
        }
        expect(reached.size).toBe(keys.size);
      }
    }
  });

  it('is deterministic in the seed', () => {
    for (const seed of SEEDS) {
      const a = generateWorld(seed);
      const b = generateWorld(seed);
      expect(b.rock).toEqual(a.rock);
      expect(b.food).toEqual(a.food);
      expect(b.hill).toEqual(a.hill);
    }
    const texts = new Set(SEEDS.map((seed) => formatWorld(generateWorld(seed))));
    expect(texts.size).toBe(SEEDS.length);
  });

  it.each(SEEDS)('seed %i: formatWorld output parses back to the same world', (seed) => {
    const world = generateWorld(seed);
    const parsed = parseWorld(formatWorld(world));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.width).toBe(100);
    expect(parsed.value.height).toBe(100);
    expect(parsed.value.rock).toEqual(world.rock);
    expect(parsed.value.food).toEqual(world.food);
    expect(parsed.value.hill).toEqual(world.hill);
  });
});
