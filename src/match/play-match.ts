import type { Budgets } from '../core/bots.js';
import type { GameModule, MatchRecord, MatchSetup } from '../core/game-module.js';
import type { SeatLogTurns } from '../core/log-turns.js';
import type { MatchOutput } from '../core/match-types.js';
import { ENGINE } from '../version.js';
import { resolveBudgets } from './budgets.js';
import { sha256Hex } from './digest.js';
import type { MatchRunner } from './runner.js';
import type { DecodedSeat } from './seats.js';
import { storedBotsOf } from './seat-bots.js';

/** A match played and assembled by its game: the record to store, the replay and logs documents, the seats' hashes. */
export interface PlayedMatch {
  readonly record: MatchRecord;
  readonly replay: unknown;
  /** Absent when the game keeps no logs. */
  readonly logs?: unknown;
  /** Per seat, where each turn's part of its log ends; absent without logs, or from an engine that keeps no marks. */
  readonly logTurns?: readonly SeatLogTurns[];
  readonly hashes: readonly string[];
}

export interface PlayArgs {
  readonly game: GameModule;
  /** A request the game's schema accepted. */
  readonly request: { readonly game: string };
  readonly seats: readonly DecodedSeat[];
  readonly runner: MatchRunner;
  readonly id: string;
  readonly owner: string;
  readonly now: Date;
  /** The game's setup of the request, when the caller made it already. */
  readonly setup?: MatchSetup<unknown>;
}

/**
 * Plays any game's match: the game reads the request (setup), the runner
 * plays it with the game's engine at the resolved budgets and seed, and the
 * game assembles its replay, record and logs from what was played.
 */
export async function playMatch(a: PlayArgs): Promise<PlayedMatch> {
  const { game } = a;
  const setup = a.setup ?? (await game.setup(a.request));
  const seed = setup.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
  const budgets: Budgets | null = game.engine.kind === 'sandbox' ? resolveBudgets(game.id, setup.budgets) : null;
  const hashes = await Promise.all(a.seats.map((s) => sha256Hex(s.bytes)));
  const output = await a.runner.play<unknown>({
    game: game.id,
    options: setup.options,
    seed,
    ...(budgets ? { budgets } : {}),
    bots: a.seats.map((s) => s.bot),
  });
  const sandboxed = game.engine.kind === 'sandbox' ? (output as MatchOutput) : null;
  const seatLogs = sandboxed ? sandboxed.result.seats.map((s) => s.log) : a.seats.map(() => '');
  const logTurns = sandboxed?.logTurns;
  const assembled = await game.assemble({
    engine: ENGINE,
    setup,
    seed,
    budgets,
    seats: a.seats.map((s, k) => ({ name: s.name, kind: s.kind, sha256: hashes[k]! })),
    // Every seat's log is kept; who may read which is decided when they are read (log-access.ts).
    logs: seatLogs,
    output,
  });
  const record: MatchRecord = {
    id: a.id,
    status: 'finished',
    createdAt: a.now.toISOString(),
    owner: a.owner,
    game: game.id,
    ...assembled.record,
    ...storedBotsOf(a.seats),
  };
  return {
    record,
    replay: assembled.replay,
    ...(assembled.logs !== undefined ? { logs: assembled.logs } : {}),
    ...(assembled.logs !== undefined && logTurns ? { logTurns } : {}),
    hashes,
  };
}
