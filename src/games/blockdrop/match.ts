import type { Budgets } from '../../core/bots.js';
import type { SeatBot } from '../../core/game-module.js';
import type { MatchOutput } from '../../core/match-types.js';
import { PLAYERS } from './constants.js';
import type { TurnRecord } from './play.js';
import { blockDropReplay, type BlockDropReplay, type BlockDropReplayTurn } from './replay.js';

/** A player of a stored record: its bot, when it fell, and what its bot did. */
export interface BlockDropPlayerRecord {
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
  readonly forfeit?: { readonly code: string; readonly message: string; readonly safetyCap?: true };
  /** Set when the safety cap on CPU time stopped one of its calls or its loading. */
  readonly safetyCap?: true;
  /** The turn its bot was terminated, if it was: over its time, or leaving no line to read. */
  readonly terminatedAt?: number;
  readonly kind: string;
  readonly sha256: string;
}

export interface BlockDropManifest {
  readonly engine: string;
  readonly game: 'blockdrop';
  readonly seed: number;
  readonly budgets: Budgets;
  /** Each player's bundle sha256, players 0 to 3. */
  readonly bots: readonly string[];
}

/** The record's game fields, in the order they are stored (after id, status, createdAt, owner, game). */
export interface BlockDropRecordFields {
  /** The last player standing, or draw. */
  readonly winner: number | 'draw';
  readonly turns: number;
  readonly players: readonly BlockDropPlayerRecord[];
  readonly manifest: BlockDropManifest;
  /** Set when a safety cap stopped a call or a load: the match is not reproducible. */
  readonly safetyCap?: true;
}

export type BlockDropMatchRecord = BlockDropRecordFields & {
  readonly id: string;
  readonly status: 'finished';
  readonly createdAt: string;
  readonly owner: string;
  readonly game: 'blockdrop';
};

/** The replay and the record's fields of a played four-player match. */
export function assembleBlockDrop(
  output: MatchOutput<TurnRecord>,
  a: { readonly engine: string; readonly seed: number; readonly budgets: Budgets; readonly seats: readonly SeatBot[] },
): { replay: BlockDropReplay; record: BlockDropRecordFields } {
  if (a.seats.length !== PLAYERS) throw new RangeError(`block drop takes ${PLAYERS} bots, got ${a.seats.length}`);
  const manifest: BlockDropManifest = {
    engine: a.engine,
    game: 'blockdrop',
    seed: a.seed,
    budgets: a.budgets,
    bots: a.seats.map((s) => s.sha256),
  };
  // A bot's name reaches the replay through its bundle, which an empty name leaves unnamed.
  const replay = blockDropReplay(output, a.seed, { ...manifest, names: a.seats.map((s) => s.name || null) });
  const { result } = output;
  const fellAt = result.details.fellAt as (number | null)[];
  const stalledAt = (result.details.stalledAt as (number | null)[] | undefined) ?? [];
  const invalid = new Array<number>(PLAYERS).fill(0);
  for (const t of replay.turns) if (isInvalidAnswer(t)) invalid[t.p]!++;
  const record: BlockDropRecordFields = {
    winner: result.winner ?? 'draw',
    turns: result.turns,
    players: result.seats.map((seat, id) => ({
      id,
      name: a.seats[id]!.name,
      fellAt: fellAt[id] ?? null,
      fuel: seat.fuel,
      timeouts: seat.overBudget,
      errors: seat.errors,
      crashes: seat.crashes,
      invalid: invalid[id]!,
      ...(seat.forfeit ? { forfeit: seat.forfeit } : {}),
      // Over its time, or cut off for leaving no line to read (the engine kills both).
      ...(seat.terminatedAt !== undefined
        ? { terminatedAt: seat.terminatedAt }
        : stalledAt[id] != null
          ? { terminatedAt: stalledAt[id] }
          : {}),
      ...(seat.safetyCap ? { safetyCap: true as const } : {}),
      kind: a.seats[id]!.kind,
      sha256: a.seats[id]!.sha256,
    })),
    manifest,
    ...(result.safetyCap ? { safetyCap: true as const } : {}),
  };
  return { replay, record };
}

/** Whether a turn's answer was read but was not a command (played as N); a canceled move was a command. */
export const isInvalidAnswer = (t: BlockDropReplayTurn): boolean => !!(t.r && t.o !== 'turned' && t.k && !t.k.x);

/** Places in a block-drop match: players still standing share first place, the others rank by how late they fell. */
export function placesByFall(fellAt: readonly (number | null)[]): number[] {
  const key = (f: number | null) => (f === null ? Infinity : f);
  return fellAt.map((f) => 1 + fellAt.filter((g) => key(g) > key(f)).length);
}
