import { createHash } from 'node:crypto';
import type { Budgets, Bundle } from '../../../src/core/bots.js';
import type { MatchOutput } from '../../../src/core/match-types.js';
import type { BlockDropRecordFields } from '../../../src/games/blockdrop/match.js';
import blockdrop from '../../../src/games/blockdrop/module.js';
import type { TurnRecord } from '../../../src/games/blockdrop/play.js';
import type { BlockDropReplay } from '../../../src/games/blockdrop/replay.js';
import { defaultBudgets } from '../../../src/match/budgets.js';
import type { MatchRunner } from '../../../src/match/runner.js';
import { ENGINE } from '../../../src/version.js';

/** Plays a four-bot block-drop match with `runner` and assembles it with the game's module: the record's fields (as `summary`), the replay, each bot's log. */
export async function playBlockDrop(a: {
  bots: readonly Bundle[];
  seed: number;
  budgets?: Budgets;
  runner: MatchRunner;
}): Promise<{ summary: BlockDropRecordFields; replay: BlockDropReplay; logs: string[] }> {
  const budgets = a.budgets ?? defaultBudgets('blockdrop');
  const output = await a.runner.play<MatchOutput<TurnRecord>>({
    game: 'blockdrop',
    options: { seed: a.seed },
    seed: a.seed,
    budgets,
    bots: a.bots,
  });
  const seats = a.bots.map((b) => ({
    name: b.name ?? null,
    kind: b.kind,
    sha256: createHash('sha256').update(b.code).digest('hex'),
  }));
  const logs = output.result.seats.map((s) => s.log);
  const assembled = await blockdrop.assemble({
    engine: ENGINE,
    setup: { options: { seed: a.seed } },
    seed: a.seed,
    budgets,
    seats,
    logs,
    output,
  });
  return { summary: assembled.record as unknown as BlockDropRecordFields, replay: assembled.replay, logs };
}
