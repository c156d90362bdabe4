import { captureGame } from '../games/capture/index.js';
import { DEFAULT_BUDGETS, type Budgets } from '../sandbox/policy.js';
import type { Bundle } from '../sandbox/types.js';
import { captureReplay, type CaptureReplay } from './capture-replay.js';
import { runMatch, type BotLoader, type SeatReport } from './run-match.js';

/** Plays a Capture match in-process: the replay, and each seat's report (fuel, failures, log). */
export async function playCapture(a: {
  bots: readonly [Bundle, Bundle];
  seed: number;
  budgets?: Budgets;
  load: BotLoader;
  manifest?: Readonly<Record<string, unknown>>;
}): Promise<{ replay: CaptureReplay; seats: readonly SeatReport[] }> {
  const budgets = a.budgets ?? DEFAULT_BUDGETS;
  const match = await runMatch({ game: captureGame, options: {}, seed: a.seed, budgets, bots: a.bots, load: a.load });
  const names = { red: a.bots[0].name ?? null, blue: a.bots[1].name ?? null };
  return { replay: captureReplay(match, a.seed, { ...(a.manifest ?? {}), names }), seats: match.result.seats };
}
