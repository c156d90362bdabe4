import type { Budgets } from '../sandbox/policy.js';
import { defaultBudgets } from './budgets.js';
import type { Bundle } from '../sandbox/types.js';
import { captureReplay, type CaptureReplay } from './capture-replay.js';
import type { MatchRunner } from './job.js';
import type { SeatReport } from './run-match.js';

/** Plays a Capture match with `runner`: the replay, and each seat's report (fuel, failures, log). */
export async function playCapture(a: {
  bots: readonly [Bundle, Bundle];
  seed: number;
  budgets?: Budgets;
  runner: MatchRunner;
  manifest?: Readonly<Record<string, unknown>>;
}): Promise<{ replay: CaptureReplay; seats: readonly SeatReport[] }> {
  const budgets = a.budgets ?? defaultBudgets('capture');
  const match = await a.runner.play({ game: 'capture', options: {}, seed: a.seed, budgets, bots: a.bots });
  const names = { red: a.bots[0].name ?? null, blue: a.bots[1].name ?? null };
  return { replay: captureReplay(match, a.seed, { ...(a.manifest ?? {}), names }), seats: match.result.seats };
}
