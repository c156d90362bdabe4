import { CELLS, Ground, REACH_SQ, SIZE, TEAM_SIZE, type Team } from './constants.js';
import { domainOwners } from './domain.js';
import type { IcyState } from './state.js';

/** How far a child sees along one axis: distance < 8 means |dx|, |dy| <= 7. */
const REACH = 7;

/** The domain's owners while a view is made (visibleSpaces runs twice a turn): a typed array is slow to allocate. */
const OWNERS = new Int8Array(CELLS);

/**
 * Spaces a team sees (section 2.2): within distance < 8 of one of its
 * children, or in its domain. Written into `out` when given (one kept from
 * view to view), else into a new array.
 */
export function visibleSpaces(state: IcyState, team: Team, out: Uint8Array = new Uint8Array(CELLS)): Uint8Array {
  const seen = out.fill(0);
  // Without snowmen there is no domain (twice a turn, every turn, until one is built).
  if (hasSnowman(state.ground)) {
    const owners = domainOwners(state.ground, OWNERS);
    for (let i = 0; i < CELLS; i++) if (owners[i] === team) seen[i] = 1;
  }
  for (let c = team * TEAM_SIZE; c < (team + 1) * TEAM_SIZE; c++) {
    const { x: cx, y: cy } = state.children[c]!;
    for (let x = Math.max(0, cx - REACH); x <= Math.min(SIZE - 1, cx + REACH); x++) {
      const dx2 = (x - cx) * (x - cx);
      for (let y = Math.max(0, cy - REACH); y <= Math.min(SIZE - 1, cy + REACH); y++) {
        if (dx2 + (y - cy) * (y - cy) < REACH_SQ) seen[x * SIZE + y] = 1;
      }
    }
  }
  return seen;
}

function hasSnowman(ground: readonly number[]): boolean {
  for (let i = 0; i < ground.length; i++) {
    const g = ground[i];
    if (g === Ground.RED_SNOWMAN || g === Ground.BLUE_SNOWMAN) return true;
  }
  return false;
}
