import { IDLE, hasTarget, type Action } from './actions.js';
import { MAX_RUN_DISTANCE_SQ, onField } from './constants.js';

/**
 * A move as the original engine writes it into a turn history. Before the turn
 * is played, it turns seven kinds of move it can judge from the child's
 * position alone into `idle`, and the history shows `idle`:
 * - a target off the field, for every targeted kind but `throw`;
 * - a pickup or drop whose target is not one of the eight neighbouring spaces;
 * - a run or crawl that goes too far, or to the child's own space.
 * Every other move is written as sent, even one canceled later in the turn.
 * Playing the written move or the sent one gives the same game.
 */
export function writtenMove(a: Action, from: { readonly x: number; readonly y: number }): Action {
  if (!hasTarget(a.kind)) return a;
  if (a.kind !== 'throw' && !onField(a.x, a.y)) return IDLE;
  const dx = a.x - from.x;
  const dy = a.y - from.y;
  const squared = dx * dx + dy * dy;
  switch (a.kind) {
    case 'pickup':
    case 'drop':
      return Math.max(Math.abs(dx), Math.abs(dy)) === 1 ? a : IDLE;
    case 'run':
      return squared === 0 || squared > MAX_RUN_DISTANCE_SQ ? IDLE : a;
    case 'crawl':
      return squared === 1 ? a : IDLE;
    default:
      return a;
  }
}
