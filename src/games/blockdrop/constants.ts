/** The JavaChallenge 2015 block-drop game: an 18 x 18 board of 6 x 6 blocks of 3 x 3 squares. */
export const SQUARES = 18;
export const BLOCK_SQUARES = 3;
export const BLOCKS = SQUARES / BLOCK_SQUARES;
export const PLAYERS = 4;
export const TURNS = 1000;
/** A block n blocks away from an attacker drops 4n turns later. */
export const FALL_TURNS_PER_BLOCK = 4;
/** A dropped block is back 20 turns after it dropped. */
export const RESTORE_TURNS = 20;
/**
 * After attacking at turn t a player sits out its next two turns (t+4 and
 * t+8, "until your second next turn ends") and acts again at t+12: the
 * countdown shown as S starts at 12 and drops by one every turn.
 */
export const ATTACK_COOLDOWN = 12;
/** A move is canceled onto a square 3 or less (Manhattan) from another player; starts are more than 3 apart. */
export const MIN_DISTANCE = 4;

export const DIRECTIONS = ['U', 'R', 'D', 'L'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const DELTAS: Readonly<Record<Direction, readonly [number, number]>> = {
  U: [-1, 0],
  R: [0, 1],
  D: [1, 0],
  L: [0, -1],
};
