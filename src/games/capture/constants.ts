/** ICPC Challenge 2009 "Capture": an 800 x 800 field, 900 turns. */
export const FIELD = 800;
/** Internally every position is measured from the field's center, so mirroring the field is an exact negation. */
export const HALF = FIELD / 2;
export const TURNS = 900;

export const PUCK_RADIUS = 5;
export const PUCK_MASS = 3;
export const PUCK_FRICTION = 1;

export const BUMPER_RADIUS = 8;
export const BUMPER_MASS = 8;
export const BUMPER_MAX_SPEED = 24;
export const BUMPER_MAX_ACCEL = 8;

export const RED = 0;
export const BLUE = 1;
export const GREY = 2;
export type PuckColor = typeof RED | typeof BLUE | typeof GREY;
export const SIDES = ['red', 'blue'] as const;
