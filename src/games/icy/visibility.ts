import { CELLS, REACH_SQ, SIZE, TEAM_SIZE, type Team } from './constants.js';
import { domainOwners } from './domain.js';
import type { IcyState } from './state.js';

/**
 * Spaces a team sees (section 2.2): within distance < 8 of one of its
 * children, or in its domain.
 */
export function visibleSpaces(state: IcyState, team: Team): Uint8Array {
  const seen = new Uint8Array(CELLS);
  const owners = domainOwners(state.ground);
  for (let i = 0; i < CELLS; i++) if (owners[i] === team) seen[i] = 1;
  for (let c = team * TEAM_SIZE; c < (team + 1) * TEAM_SIZE; c++) {
    const { x: cx, y: cy } = state.children[c]!;
    for (let x = Math.max(0, cx - 7); x <= Math.min(SIZE - 1, cx + 7); x++) {
      for (let y = Math.max(0, cy - 7); y <= Math.min(SIZE - 1, cy + 7); y++) {
        const dx = x - cx;
        const dy = y - cy;
        if (dx * dx + dy * dy < REACH_SQ) seen[x * SIZE + y] = 1;
      }
    }
  }
  return seen;
}
