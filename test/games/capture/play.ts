import { createHash } from 'node:crypto';
import type { Budgets, Bundle } from '../../../src/core/bots.js';
import type { MatchOutput, SeatReport } from '../../../src/core/match-types.js';
import type { CaptureStep } from '../../../src/games/capture/game.js';
import type { CaptureRecordFields } from '../../../src/games/capture/match.js';
import capture from '../../../src/games/capture/module.js';
import type { CaptureReplay } from '../../../src/games/capture/replay.js';
import { defaultBudgets } from '../../../src/match/budgets.js';
import type { MatchRunner } from '../../../src/match/runner.js';
import { ENGINE } from '../../../src/version.js';

/** Plays a Capture match with `runner` and assembles it with the game's module: the replay, the record's fields, each seat's report. */
export async function playCapture(a: {
  bots: readonly [Bundle, Bundle];
  seed: number;
  budgets?: Budgets;
  runner: MatchRunner;
}): Promise<{ replay: CaptureReplay; record: CaptureRecordFields; seats: readonly SeatReport[] }> {
  const budgets = a.budgets ?? defaultBudgets('capture');
  const output = await a.runner.play<MatchOutput<CaptureStep>>({
    game: 'capture',
    options: {},
    seed: a.seed,
    budgets,
    bots: a.bots,
  });
  const seats = a.bots.map((b) => ({
    name: b.name ?? null,
    kind: b.kind,
    sha256: createHash('sha256').update(b.code).digest('hex'),
  }));
  const assembled = await capture.assemble({
    engine: ENGINE,
    setup: { options: {} },
    seed: a.seed,
    budgets,
    seats,
    logs: output.result.seats.map((s) => s.log),
    output,
  });
  return {
    replay: assembled.replay,
    record: assembled.record as unknown as CaptureRecordFields,
    seats: output.result.seats,
  };
}
