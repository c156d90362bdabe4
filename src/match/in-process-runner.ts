import { runAntsMatch } from './ants-match.js';
import { matchDeadlineMs } from './deadline.js';
import { GAMES, type GameId, type GameOptions, type GameSteps } from './games.js';
import type { MatchJob, MatchOutput, MatchRunner } from './job.js';
import { probeBot } from './probe.js';
import { runMatch, type BotLoader } from './run-match.js';
import type { Game } from '../games/game.js';

export interface InProcessOptions {
  /**
   * A Date.now() by which any match must stop (the platform's own limit
   * minus a margin, e.g. Lambda's remaining time); Infinity for none.
   */
  readonly stopBy?: () => number;
}

/** Plays a job in this thread. */
export function playJob<G extends GameId>(job: MatchJob<G>, load: BotLoader, deadline?: number): Promise<MatchOutput<G>> {
  const game = GAMES[job.game] as Game<unknown, GameOptions[G], GameSteps[G]>;
  return runMatch({
    game,
    options: job.options,
    seed: job.seed,
    budgets: job.budgets,
    ...(job.limits ? { limits: job.limits } : {}),
    bots: job.bots,
    load,
    ...(job.forfeits ? { forfeits: job.forfeits } : {}),
    ...(deadline !== undefined ? { deadline } : {}),
  });
}

/**
 * Matches in the calling thread (Workers, Lambda, unit tests). It cannot
 * stop a call in the middle: the deadline (matchDeadlineMs, or `stopBy` if
 * sooner) is checked between calls, each of which its fuel bounds.
 */
export function inProcessRunner(load: BotLoader, options: InProcessOptions = {}): MatchRunner {
  return {
    play: (job) => playJob(job, load, Math.min(Date.now() + matchDeadlineMs(job), options.stopBy?.() ?? Infinity)),
    probe: (request) => probeBot(load, request),
    ants: async (input, manifest) => runAntsMatch(input, manifest),
  };
}
