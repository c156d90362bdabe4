import type { TimeLimits } from '../../core/game-rules.js';

/** Capture's limits (section 2.3 of its statement): 1 s for the first turn, then "only 0.1 seconds". */
export const CAPTURE_TIME_LIMITS: TimeLimits = { firstTurnMs: 1000, turnMs: 100 };
