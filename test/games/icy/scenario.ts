import {
  CELLS,
  Ground,
  Holding,
  cellIndex,
  initialState,
  parseActionLine,
  type Action,
  type IcyState,
} from '../../../src/games/icy/index.js';

/** A field without trees; children far apart in the corners unless placed. */
export function openField(): IcyState {
  const s = initialState({ trees: new Array<boolean>(CELLS).fill(false) });
  const corners: [number, number][] = [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
    [30, 30],
    [30, 29],
    [29, 30],
    [29, 29],
  ];
  s.children.forEach((c, k) => {
    [c.x, c.y] = corners[k]!;
  });
  return s;
}

export interface Placement {
  standing?: boolean;
  holding?: Holding;
  dazed?: number;
}

export function place(s: IcyState, child: number, x: number, y: number, p: Placement = {}): void {
  const c = s.children[child]!;
  c.x = x;
  c.y = y;
  c.standing = p.standing ?? true;
  c.holding = p.holding ?? Holding.EMPTY;
  c.dazed = p.dazed ?? 0;
}

export function setCell(s: IcyState, x: number, y: number, height: number, ground: number = Ground.EMPTY): void {
  s.height[cellIndex(x, y)] = height;
  s.ground[cellIndex(x, y)] = ground;
}

export function cell(s: IcyState, x: number, y: number): { height: number; ground: number } {
  return { height: s.height[cellIndex(x, y)]!, ground: s.ground[cellIndex(x, y)]! };
}

/** Eight actions from `{ child: 'line' }`; everyone else idles. */
export function actions(lines: Record<number, string>): Action[] {
  return Array.from({ length: 8 }, (_, c) => {
    const line = lines[c] ?? 'idle';
    const parsed = parseActionLine(line);
    if (!parsed.ok) throw new Error(`bad test action ${line}`);
    return parsed.action;
  });
}
