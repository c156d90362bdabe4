import type { MatchResult, Replay } from '../../core/match-types.js';
import type { CaptureStep } from './game.js';
import type { Move } from './protocol.js';

export const CAPTURE_REPLAY_FORMAT = 'umpire-capture-replay/1';

/** A move as five numbers: both bumpers' accelerations and the sled's turn, in the player's own frame. */
export type MoveNumbers = readonly [number, number, number, number, number];

/** One turn, in short keys: moves (red, blue), why a move was null, captures, pucks owned after it, the bot calls. */
export interface CaptureReplayTurn {
  readonly m: readonly [MoveNumbers, MoveNumbers];
  readonly r?: readonly [string | null, string | null];
  readonly c?: readonly {
    readonly s: number;
    readonly at: number;
    readonly p: readonly number[];
    readonly to: number | null;
  }[];
  readonly o: readonly [number, number];
  readonly k: readonly { readonly f: number; readonly x?: string; readonly d?: string; readonly safetyCap?: true }[];
}

/**
 * A Capture replay: the moves as the players gave them. The game starts the
 * same every time, so the viewer replays the moves with the engine to get
 * every turn's positions, exactly.
 */
export interface CaptureReplay {
  readonly format: typeof CAPTURE_REPLAY_FORMAT;
  readonly manifest: Readonly<Record<string, unknown>>;
  readonly seed: number;
  readonly turns: readonly CaptureReplayTurn[];
  readonly result: {
    readonly winner: 'red' | 'blue' | 'draw';
    readonly decidedBy: string;
    readonly scores: { readonly red: number; readonly blue: number };
    readonly ownership: { readonly red: number; readonly blue: number };
    readonly forfeit: 'red' | 'blue' | 'both' | null;
  };
  /** Set when a safety cap on CPU time stopped a call or a load: the match is not reproducible. */
  readonly safetyCap?: true;
}

export const toNumbers = (m: Move): MoveNumbers => [m.accel[0][0], m.accel[0][1], m.accel[1][0], m.accel[1][1], m.turn];
export const fromNumbers = (n: MoveNumbers): Move => ({
  accel: [
    [n[0], n[1]],
    [n[2], n[3]],
  ],
  turn: n[4],
});

const SIDES = ['red', 'blue'] as const;

export function captureReplay(
  match: { result: MatchResult; replay: Replay<CaptureStep> },
  seed: number,
  manifest: Readonly<Record<string, unknown>>,
): CaptureReplay {
  const { result } = match;
  const details = result.details as { decidedBy?: string; ownership?: number[] };
  const forfeit =
    result.forfeits.length === 2 ? 'both' : result.forfeits.length === 1 ? SIDES[result.forfeits[0]!]! : null;
  return {
    format: CAPTURE_REPLAY_FORMAT,
    manifest,
    seed,
    turns: match.replay.turns.map((t): CaptureReplayTurn => {
      const s = t.step;
      return {
        m: [toNumbers(s.moves[0]), toNumbers(s.moves[1])],
        ...(s.reasons[0] || s.reasons[1] ? { r: s.reasons } : {}),
        ...(s.captures.length ? { c: s.captures.map((c) => ({ s: c.sled, at: c.at, p: c.pucks, to: c.color })) } : {}),
        o: s.owned,
        k: t.calls.map((c) => ({
          f: c.fuel,
          ...(c.failure ? { x: c.failure } : {}),
          ...(c.detail ? { d: c.detail } : {}),
          ...(c.safetyCap ? { safetyCap: true as const } : {}),
        })),
      };
    }),
    result: {
      winner: result.winner === null ? 'draw' : SIDES[result.winner]!,
      decidedBy: forfeit ? 'forfeit' : (details.decidedBy ?? 'pucks'),
      scores: { red: result.scores[0] ?? 0, blue: result.scores[1] ?? 0 },
      ownership: { red: details.ownership?.[0] ?? 0, blue: details.ownership?.[1] ?? 0 },
      forfeit,
    },
    ...(result.safetyCap ? { safetyCap: true as const } : {}),
  };
}
