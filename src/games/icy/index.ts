/** Icy Projectile (ICPC Challenge 2010 / ACM Queue 2011): pure rules, no I/O. */
export * from './actions.js';
export * from './constants.js';
export { domainOwners, domainSizes } from './domain.js';
export { roundAway } from './geometry.js';
export * from './map.js';
export { knockbackStep } from './motion.js';
export { playTurn, type PlayedTurn } from './play.js';
export { decodeMoves, encodeView, type DecodedMoves } from './protocol.js';
export { isOver, result, type DecidedBy, type IcyResult, type Winner } from './result.js';
export * from './rules.js';
export {
  advance,
  applyTurn,
  type KnockbackRecord,
  type ThrowRecord,
  type TurnEvents,
  type TurnResult,
} from './simulate.js';
export { cloneState, initialState, mapOf, type ChildState, type IcyState } from './state.js';
export { formatStateBlock, renderStateBlock } from './state-block.js';
export {
  TurnReader,
  blockActions,
  formatTurns,
  historyFromActions,
  parseTurns,
  writtenMoveLines,
  type TurnBlock,
} from './turns.js';
export { writtenMove } from './written-moves.js';
export {
  compareView,
  describeDifference,
  stateFromBlock,
  verifyHistory,
  type Mismatch,
  type Verified,
} from './history-check.js';
export { visibleSpaces } from './visibility.js';
export * from './replay.js';
export { historyToReplay, type ImportProblem } from './replay-import.js';
