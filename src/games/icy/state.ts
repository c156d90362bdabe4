import { CELLS, CHILDREN, Ground, Holding, INITIAL_SNOW, START_POSITIONS } from './constants.js';
import type { IcyMap } from './map.js';

export interface ChildState {
  x: number;
  y: number;
  standing: boolean;
  holding: Holding;
  /** Turns that must pass before the child may act again; 0 when free. */
  dazed: number;
}

/**
 * The whole game state: plain numbers and arrays, so it serializes as JSON.
 * Cells are indexed by `cellIndex(x, y) = x * 31 + y`.
 */
export interface IcyState {
  turn: number;
  /** Total snow height per space, snowballs included (0..9). */
  height: number[];
  /** Space contents per space (see {@link Ground}). */
  ground: number[];
  children: ChildState[];
  /** Total score per team (hit points plus the current domain size). */
  score: [number, number];
  hitScore: [number, number];
  /** Current domain size per team; it changes only when a snowman is made or unmade. */
  domain: [number, number];
  /** Domain size summed over all turns so far (second tie-breaker). */
  domainSum: [number, number];
  /**
   * Sum of the flight directions of the snowballs that hit each child in the
   * last turn; a non-zero vector knocks the child back next turn (2011 rules).
   */
  knockback: [number, number][];
}

export function initialState(map: IcyMap): IcyState {
  const height: number[] = [];
  const ground: number[] = [];
  for (let i = 0; i < CELLS; i++) {
    const tree = map.trees[i];
    height.push(tree ? 0 : INITIAL_SNOW);
    ground.push(tree ? Ground.TREE : Ground.EMPTY);
  }
  const children: ChildState[] = START_POSITIONS.map(([x, y]) => ({
    x,
    y,
    standing: true,
    holding: Holding.EMPTY,
    dazed: 0,
  }));
  return {
    turn: 0,
    height,
    ground,
    children,
    score: [0, 0],
    hitScore: [0, 0],
    domain: [0, 0],
    domainSum: [0, 0],
    knockback: Array.from({ length: CHILDREN }, () => [0, 0] as [number, number]),
  };
}

export function cloneState(s: IcyState): IcyState {
  return {
    turn: s.turn,
    height: s.height.slice(),
    ground: s.ground.slice(),
    children: s.children.map((c) => ({ ...c })),
    score: [s.score[0], s.score[1]],
    hitScore: [s.hitScore[0], s.hitScore[1]],
    domain: [s.domain[0], s.domain[1]],
    domainSum: [s.domainSum[0], s.domainSum[1]],
    knockback: s.knockback.map(([x, y]) => [x, y] as [number, number]),
  };
}

/** The tree layout a state was started from. */
export function mapOf(s: IcyState): IcyMap {
  return { trees: s.ground.map((g) => g === Ground.TREE) };
}
