import type { Brain } from './brain.js';
import { neighbourTable } from './geometry.js';
import { createRandom, type RandomState } from './random.js';
import { BLACK_HILL, RED_HILL, type World } from './world.js';

export const RED = 0;
export const BLACK = 1;
export type Color = typeof RED | typeof BLACK;
export const COLOR_NAMES = ['red', 'black'] as const;
export const DEFAULT_ROUNDS = 100_000;

/**
 * The whole game at the start of a round, in flat typed arrays so a
 * 100,000-round match stays fast. Cell index `cells` (one past the grid) is
 * a rocky sentinel that stands for every position off the world's edge.
 * Ant fields are indexed by ant id; `antPos` is -1 once the ant is dead.
 */
export interface AntsState {
  readonly width: number;
  readonly height: number;
  readonly cells: number;
  readonly neighbours: Int32Array;
  readonly rock: Uint8Array;
  readonly hill: Uint8Array;
  readonly food: Int32Array;
  /** Marker bits 0..5 per cell, one array per color. */
  readonly markers: readonly [Uint8Array, Uint8Array];
  /** Ant id on each cell, -1 for none. */
  readonly antAt: Int32Array;
  readonly antColor: Uint8Array;
  readonly antPos: Int32Array;
  readonly antState: Int32Array;
  readonly antResting: Int32Array;
  readonly antDir: Uint8Array;
  readonly antFood: Uint8Array;
  readonly brains: readonly [Brain, Brain];
  readonly random: RandomState;
  /** Food lying on each color's anthill right now: the score. */
  readonly hillFood: Int32Array;
  /** Rounds played so far. */
  round: number;
  /** Rounds the match lasts. */
  readonly rounds: number;
}

/** Section 2.12: one ant per anthill cell, ids in reading order, all facing east in state 0. */
export function createState(
  world: World,
  brains: readonly [Brain, Brain],
  seed: number,
  rounds = DEFAULT_ROUNDS,
): AntsState {
  const cells = world.width * world.height;
  const rock = new Uint8Array(cells + 1);
  rock.set(world.rock);
  rock[cells] = 1;
  const hill = new Uint8Array(cells + 1);
  hill.set(world.hill);
  const food = new Int32Array(cells + 1);
  food.set(world.food);
  const antAt = new Int32Array(cells + 1).fill(-1);
  const homes: number[] = [];
  for (let i = 0; i < cells; i++) if (hill[i]) homes.push(i);
  const ants = homes.length;
  const antColor = new Uint8Array(ants);
  const antPos = new Int32Array(ants);
  homes.forEach((cell, id) => {
    antAt[cell] = id;
    antPos[id] = cell;
    antColor[id] = hill[cell] === RED_HILL ? RED : BLACK;
  });
  const hillFood = new Int32Array(2);
  for (let i = 0; i < cells; i++) {
    if (hill[i] === RED_HILL) hillFood[RED]! += food[i]!;
    else if (hill[i] === BLACK_HILL) hillFood[BLACK]! += food[i]!;
  }
  return {
    width: world.width,
    height: world.height,
    cells,
    neighbours: neighbourTable(world.width, world.height, cells),
    rock,
    hill,
    food,
    markers: [new Uint8Array(cells + 1), new Uint8Array(cells + 1)],
    antAt,
    antColor,
    antPos,
    antState: new Int32Array(ants),
    antResting: new Int32Array(ants),
    antDir: new Uint8Array(ants),
    antFood: new Uint8Array(ants),
    brains,
    random: createRandom(seed),
    hillFood,
    round: 0,
    rounds,
  };
}

export function aliveAnts(state: AntsState, color: Color): number {
  let n = 0;
  for (let id = 0; id < state.antPos.length; id++) if (state.antPos[id]! >= 0 && state.antColor[id] === color) n++;
  return n;
}

export function carriedFood(state: AntsState, color: Color): number {
  let n = 0;
  for (let id = 0; id < state.antPos.length; id++)
    if (state.antPos[id]! >= 0 && state.antColor[id] === color) n += state.antFood[id]!;
  return n;
}
