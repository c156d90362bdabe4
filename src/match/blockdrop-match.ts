import { PLAYERS } from '../games/blockdrop/index.js';
import type { Budgets } from '../sandbox/policy.js';
import { defaultBudgets } from './budgets.js';
import type { Bundle } from '../sandbox/types.js';
import { blockDropReplay, type BlockDropReplay } from './blockdrop-replay.js';
import type { MatchRunner } from './job.js';

export interface BlockDropPlayerSummary {
  readonly id: number;
  readonly name: string | null;
  /** The turn the player fell in, or null if it stood to the end. */
  readonly fellAt: number | null;
  readonly fuel: number;
  readonly timeouts: number;
  readonly errors: number;
  readonly crashes: number;
  /** Answers that were not a command (played as N). */
  readonly invalid: number;
  readonly forfeit?: { readonly code: string; readonly message: string };
  /** The turn its bot ran over its time and was terminated, if it was. */
  readonly terminatedAt?: number;
}

export interface BlockDropSummary {
  readonly winner: number | 'draw';
  readonly turns: number;
  readonly players: readonly BlockDropPlayerSummary[];
}

/** Plays a four-bot block-drop match with `runner` and returns its summary and replay. */
export async function playBlockDrop(a: {
  bots: readonly Bundle[];
  seed: number;
  budgets?: Budgets;
  runner: MatchRunner;
  manifest?: Readonly<Record<string, unknown>>;
}): Promise<{ summary: BlockDropSummary; replay: BlockDropReplay; logs: string[] }> {
  if (a.bots.length !== PLAYERS) throw new RangeError(`block drop takes ${PLAYERS} bots, got ${a.bots.length}`);
  const budgets = a.budgets ?? defaultBudgets('blockdrop');
  const match = await a.runner.play({ game: 'blockdrop', options: { seed: a.seed }, seed: a.seed, budgets, bots: a.bots });
  const replay = blockDropReplay(match, a.seed, { ...(a.manifest ?? {}), names: a.bots.map((b) => b.name ?? null) });
  const fellAt = match.result.details.fellAt as (number | null)[];
  const invalid = new Array<number>(PLAYERS).fill(0);
  for (const t of replay.turns) if (t.r && t.o !== 'turned' && !t.k?.x) invalid[t.p]!++;
  const summary: BlockDropSummary = {
    winner: match.result.winner ?? 'draw',
    turns: match.result.turns,
    players: match.result.seats.map((seat, id) => ({
      id,
      name: a.bots[id]!.name ?? null,
      fellAt: fellAt[id] ?? null,
      fuel: seat.fuel,
      timeouts: seat.overBudget,
      errors: seat.errors,
      crashes: seat.crashes,
      invalid: invalid[id]!,
      ...(seat.forfeit ? { forfeit: seat.forfeit } : {}),
      ...(seat.terminatedAt !== undefined ? { terminatedAt: seat.terminatedAt } : {}),
    })),
  };
  return { summary, replay, logs: match.result.seats.map((seat) => seat.log) };
}
