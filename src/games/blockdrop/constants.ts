/** The JavaChallenge 2015 block-drop game: an 18 x 18 board of 6 x 6 blocks of 3 x 3 squares. */
export const SQUARES = 18;
export const BLOCK_SQUARES = 3;
export const BLOCKS = SQUARES / BLOCK_SQUARES;
export const PLAYERS = 4;
export const TURNS = 1000;
/** A block n blocks away from an attacker drops 4n turns later. */
export const FALL_TURNS_PER_BLOCK = 4;
/**
 * A dropped block's timer: the engine sets -19 when it drops (5 rounds of
 * 4 turns, plus one) and counts it up by one at the end of every turn, so
 * the block stands again on the 20th turn after the one it dropped in.
 */
export const DROPPED_TIMER = -19;
/**
 * An attack sets the attacker's wait to 3, and the wait counts down by one
 * at the end of each of its own turns while it stands (the attack's turn
 * included): S reads 2, then 1, then 0, and the two turns with a wait
 * above 0 play N whatever the bot answers.
 */
export const ATTACK_WAIT = 3;
/** A move is canceled onto a square 3 or less (Manhattan) from another standing player. */
export const MIN_DISTANCE = 4;

export const DIRECTIONS = ['U', 'R', 'D', 'L'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The engine's own order of directions (its Direction4 enum), which the starting direction is drawn from. */
export const ENGINE_DIRECTIONS: readonly Direction[] = ['R', 'U', 'L', 'D'];

export const DELTAS: Readonly<Record<Direction, readonly [number, number]>> = {
  U: [-1, 0],
  R: [0, 1],
  D: [1, 0],
  L: [0, -1],
};
