import type { TimeLimits } from '../../core/game-rules.js';

/**
 * 100 ms per call, the handshake included. The Japanese statement and the
 * original engine's code use 100 ms; the English printout's "1 second" does
 * not match the engine that judged the contest, so we follow the engine.
 */
export const BLOCKDROP_TIME_LIMITS: TimeLimits = { firstTurnMs: 100, turnMs: 100 };
