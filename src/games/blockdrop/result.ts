import type { GameOutcome } from '../../core/game-rules.js';
import { TURNS } from './constants.js';
import { onBoard, type BlockDropState } from './state.js';

/**
 * Over when exactly one player stands, or after turn 1000. As in the
 * engine, players who fall together leaving nobody standing do not end the
 * game: the turns run on to 1000.
 */
export function isOver(state: BlockDropState): boolean {
  return state.players.filter(onBoard).length === 1 || state.turn >= TURNS;
}

/**
 * The last player standing wins. Several standing after 1000 turns, or
 * nobody, is a draw. Scores: 1 for standing at the end, else 0;
 * `details.fellAt` has the turn each player fell.
 */
export function result(state: BlockDropState): GameOutcome {
  const standing = state.players.flatMap((p, k) => (onBoard(p) ? [k] : []));
  return {
    winner: standing.length === 1 ? standing[0]! : null,
    scores: state.players.map((p) => (onBoard(p) ? 1 : 0)),
    details: { fellAt: state.players.map((p) => p.fellAt), turns: state.turn },
  };
}
