import type { Bundle, TextBot } from '../core/bots.js';
import { gameById } from '../games/catalog.js';
import { type Gzip, packMatch } from './assemble-match.js';
import { matchDeadlineMs } from './deadline.js';
import type { PlayableMatch, MatchRunner } from './runner.js';
import { probeBot } from './probe.js';
import { runMatch, type BotLoader } from './run-match.js';

export interface InProcessOptions {
  /**
   * A Date.now() by which any match must stop (the platform's own limit
   * minus a margin, e.g. Lambda's remaining time); Infinity for none.
   */
  readonly stopBy?: () => number;
}

/** How playJob plays: by when (ms since the epoch) the match must stop, and the gzip a packed match is made with. */
export interface PlayJobOptions {
  readonly deadline?: number;
  readonly gzip?: Gzip;
}

/**
 * Plays a job in this thread with the game's engine: sandboxed bots through runMatch, or the text
 * game's own function. A job with `assembly` is assembled and packed here too.
 */
export async function playJob(job: PlayableMatch, load: BotLoader, options: PlayJobOptions = {}): Promise<unknown> {
  const output = await playOutput(job, load, options.deadline);
  return job.assembly ? packMatch(gameById(job.game), job.assembly, output, options.gzip) : output;
}

async function playOutput(job: PlayableMatch, load: BotLoader, deadline?: number): Promise<unknown> {
  const engine = gameById(job.game).engine;
  if (engine.kind === 'text')
    return engine.play({ options: job.options, seed: job.seed, bots: job.bots.map((b) => String(b.code)) });
  return runMatch({
    game: engine.rules,
    options: job.options,
    seed: job.seed,
    ...(job.budgets ? { budgets: job.budgets } : {}),
    ...(job.limits ? { limits: job.limits } : {}),
    bots: job.bots.filter((b): b is Bundle => (b as Bundle | TextBot).kind !== 'text'),
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
    play: <Output>(job: PlayableMatch) =>
      playJob(job, load, {
        deadline: Math.min(Date.now() + matchDeadlineMs(job), options.stopBy?.() ?? Infinity),
      }) as Promise<Output>,
    probe: (request) => probeBot(load, request),
  };
}
