/** Field geometry and the fixed numbers of Icy Projectile (seed 000 / 004, sections 1-4). */

export const SIZE = 31;
export const CELLS = SIZE * SIZE;
export const TURNS = 180;
export const CHILDREN = 8;
export const TEAM_SIZE = 4;

export const INITIAL_SNOW = 3;
export const MAX_HEIGHT = 9;
/** A child cannot enter a space whose snow is at least this high. */
export const BLOCKING_HEIGHT = 6;
export const STANDING_HEIGHT = 9;
export const CROUCHING_HEIGHT = 6;
/** A thrown snowball loses this much height over its whole path. */
export const THROW_DROP = 9;
export const MAX_THROW_DISTANCE_SQ = 24 * 24;
export const MAX_RUN_DISTANCE_SQ = 2 * 2;
/** Domain and visibility reach: Euclidean distance strictly less than 8. */
export const REACH_SQ = 8 * 8;
export const HIT_POINTS = 10;
export const DAZE_TURNS = 4;

export type Team = 0 | 1;
export const RED: Team = 0;
export const BLUE: Team = 1;

/** Space contents, numbered in the order of their letters `a`..`j`. */
export const Ground = {
  EMPTY: 0,
  TREE: 1,
  SMALL: 2,
  MEDIUM: 3,
  SMALL_ON_MEDIUM: 4,
  LARGE: 5,
  MEDIUM_ON_LARGE: 6,
  SMALL_ON_LARGE: 7,
  RED_SNOWMAN: 8,
  BLUE_SNOWMAN: 9,
} as const;
export type Ground = (typeof Ground)[keyof typeof Ground];

/** What a child holds. The letter of LARGE depends on the rule set. */
export const Holding = {
  EMPTY: 0,
  POWDER_1: 1,
  POWDER_2: 2,
  POWDER_3: 3,
  SMALL_1: 4,
  SMALL_2: 5,
  SMALL_3: 6,
  MEDIUM: 7,
  LARGE: 8,
} as const;
export type Holding = (typeof Holding)[keyof typeof Holding];

/** Snowball sizes, which are also their heights. */
export const SMALL = 1;
export const MEDIUM = 2;
export const LARGE = 3;

/** Start positions in engine coordinates: red 0-3, blue 4-7 (blue is red rotated 180 degrees, reversed). */
export const START_POSITIONS: ReadonlyArray<readonly [number, number]> = [
  [0, 2],
  [1, 2],
  [2, 1],
  [2, 0],
  [28, 30],
  [28, 29],
  [29, 28],
  [30, 28],
];

export function cellIndex(x: number, y: number): number {
  return x * SIZE + y;
}

export function onField(x: number, y: number): boolean {
  return x >= 0 && x < SIZE && y >= 0 && y < SIZE;
}

export function teamOf(child: number): Team {
  return child < TEAM_SIZE ? RED : BLUE;
}
