import type { TimeLimits } from '../../core/game-rules.js';

/** The Queue challenge's limits: 1 s for the first turn (start-up), 0.5 s for every later one. */
export const ICY_TIME_LIMITS: TimeLimits = { firstTurnMs: 1000, turnMs: 500 };
