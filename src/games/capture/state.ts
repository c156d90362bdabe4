import type { PuckColor } from './constants.js';
import type { Sled } from './sled.js';

/** A puck or bumper: center and velocity (units per turn), measured from the field's center, y up. */
export interface Piece {
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
}

export interface Puck extends Piece {
  readonly color: PuckColor;
}

/**
 * The whole game between turns, plain JSON. Bumpers: red's two, then
 * blue's two. Each sled is kept in its owner's own frame (blue's rotated
 * 180 degrees, unwrapped), so the same moves give exactly mirrored motion.
 */
export interface CaptureState {
  readonly turn: number;
  readonly pucks: readonly Puck[];
  readonly bumpers: readonly Piece[];
  readonly sleds: readonly [Sled, Sled];
  /** Pucks owned at the end of each turn, summed: the tie-breaker. */
  readonly ownership: readonly [number, number];
}
