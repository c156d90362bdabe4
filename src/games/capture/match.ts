import type { Budgets } from '../../core/bots.js';
import type { SeatBot } from '../../core/game-module.js';
import type { MatchOutput, SeatReport } from '../../core/match-types.js';
import type { CaptureStep } from './game.js';
import { captureReplay, type CaptureReplay } from './replay.js';

type Side = 'red' | 'blue';
const SIDES: readonly Side[] = ['red', 'blue'];

/** A seat's bot in a stored record: what it was, and what it did. */
export interface CaptureBotSummary {
  readonly name: string | null;
  readonly kind: string;
  readonly sha256: string;
  readonly fuel: number;
  readonly timeouts: number;
  readonly errors: number;
  readonly crashes: number;
  /** Turns whose answer counted as the null move (late, crashed, unreadable). */
  readonly nullMoves: number;
  readonly forfeit?: { readonly code: string; readonly message: string; readonly safetyCap?: true };
  /** Set when the safety cap on CPU time stopped one of its calls or its loading. */
  readonly safetyCap?: true;
}

export interface CaptureManifest {
  readonly engine: string;
  readonly game: 'capture';
  readonly seed: number;
  readonly budgets: Budgets;
  /** Each side's bundle sha256. */
  readonly bots: Record<Side, string>;
}

/** The record's game fields, in the order they are stored (after id, status, createdAt, owner, game). */
export interface CaptureRecordFields {
  readonly winner: Side | 'draw';
  readonly decidedBy: string;
  readonly forfeit: Side | 'both' | null;
  /** Pucks of each color at the end, and the summed ownership that breaks ties. */
  readonly scores: Record<Side, { readonly pucks: number; readonly ownership: number }>;
  readonly turns: number;
  readonly bots: Record<Side, CaptureBotSummary>;
  readonly manifest: CaptureManifest;
  /** Set when a safety cap stopped a call or a load: the match is not reproducible. */
  readonly safetyCap?: true;
}

export type CaptureMatchRecord = CaptureRecordFields & {
  readonly id: string;
  readonly status: 'finished';
  readonly createdAt: string;
  readonly owner: string;
  readonly game: 'capture';
};

/** The turns in which a seat's answer counted as the null move. */
export const nullMoves = (replay: Pick<CaptureReplay, 'turns'>, seat: number): number =>
  replay.turns.filter((t) => t.r?.[seat]).length;

/** The replay and the record's fields of a played match. */
export function assembleCapture(
  output: MatchOutput<CaptureStep>,
  a: { readonly engine: string; readonly seed: number; readonly budgets: Budgets; readonly seats: readonly SeatBot[] },
): { replay: CaptureReplay; record: CaptureRecordFields } {
  const manifest: CaptureManifest = {
    engine: a.engine,
    game: 'capture',
    seed: a.seed,
    budgets: a.budgets,
    bots: { red: a.seats[0]!.sha256, blue: a.seats[1]!.sha256 },
  };
  // A bot's name reaches the replay through its bundle, which an empty name leaves unnamed.
  const replay = captureReplay(output, a.seed, {
    ...manifest,
    names: { red: a.seats[0]!.name || null, blue: a.seats[1]!.name || null },
  });
  const reports: readonly SeatReport[] = output.result.seats;
  const bot = (k: number): CaptureBotSummary => {
    const seat = reports[k]!;
    return {
      name: a.seats[k]!.name,
      kind: a.seats[k]!.kind,
      sha256: a.seats[k]!.sha256,
      fuel: seat.fuel,
      timeouts: seat.overBudget,
      errors: seat.errors,
      crashes: seat.crashes,
      nullMoves: nullMoves(replay, k),
      ...(seat.forfeit ? { forfeit: seat.forfeit } : {}),
      ...(seat.safetyCap ? { safetyCap: true as const } : {}),
    };
  };
  const r = replay.result;
  const record: CaptureRecordFields = {
    winner: r.winner,
    decidedBy: r.decidedBy,
    forfeit: r.forfeit,
    scores: {
      red: { pucks: r.scores.red, ownership: r.ownership.red },
      blue: { pucks: r.scores.blue, ownership: r.ownership.blue },
    },
    turns: replay.turns.length,
    bots: { red: bot(0), blue: bot(1) },
    manifest,
    ...(output.result.safetyCap ? { safetyCap: true as const } : {}),
  };
  return { replay, record };
}

export { SIDES };
