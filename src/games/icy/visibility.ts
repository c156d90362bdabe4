import { CELLS, Ground, REACH_SQ, SIZE, TEAM_SIZE, type Team } from './constants.js';
import { domainOwners } from './domain.js';
import type { IcyState } from './state.js';

/** How far a child sees along one axis: distance < 8 means |dx|, |dy| <= 7. */
const REACH = 7;

/**
 * Spaces a team sees (section 2.2): within distance < 8 of one of its
 * children, or in its domain.
 */
export function visibleSpaces(state: IcyState, team: Team): Uint8Array {
  const seen = new Uint8Array(CELLS);
  // Without snowmen there is no domain (twice a turn, every turn, until one is built).
  if (hasSnowman(state.ground)) {
    const owners = domainOwners(state.ground);
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
  return ground.includes(Ground.RED_SNOWMAN) || ground.includes(Ground.BLUE_SNOWMAN);
}
