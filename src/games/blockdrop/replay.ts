import type { CallRecord, MatchResult, Replay } from '../../core/match-types.js';
import { initialState, type BlockDropState, type Command, type TurnOutcome, type TurnRecord } from './index.js';

export const BLOCKDROP_REPLAY_FORMAT = 'umpire-blockdrop-replay/2';

/** One turn of the replay, in short keys: player, command, outcome, reason, dropped blocks, fallen players, the bot call. */
export interface BlockDropReplayTurn {
  readonly p: number;
  readonly c: Command;
  readonly o: TurnOutcome;
  readonly r?: string;
  readonly d?: readonly number[];
  readonly f?: readonly number[];
  /** The bot's call (fuel, failure, detail, and safetyCap when the safety cap stopped it); absent when nobody was asked. */
  readonly k?: { readonly f: number; readonly x?: string; readonly d?: string; readonly safetyCap?: true };
  /** Set on the turn the bot ran over its time and was terminated: it plays N to the end (its later calls say x: 'terminated'). */
  readonly terminated?: 'over_budget';
}

/**
 * A block-drop replay: the starting state and every turn's command and
 * outcome. The viewer rebuilds any turn by replaying the commands with the
 * engine (`replayState`).
 */
export interface BlockDropReplay {
  readonly format: typeof BLOCKDROP_REPLAY_FORMAT;
  readonly manifest: Readonly<Record<string, unknown>>;
  readonly seed: number;
  readonly initial: BlockDropState;
  readonly turns: readonly BlockDropReplayTurn[];
  readonly result: {
    readonly winner: number | null;
    readonly fellAt: readonly (number | null)[];
    readonly turns: number;
    /** Seats whose bot failed to load or to print READY: they stood still. */
    readonly forfeits: readonly number[];
  };
  /** Set when a safety cap on CPU time stopped a call or a load: the match is not reproducible. */
  readonly safetyCap?: true;
}

export function blockDropReplay(
  match: { result: MatchResult; replay: Replay<TurnRecord> },
  seed: number,
  manifest: Readonly<Record<string, unknown>>,
): BlockDropReplay {
  const turns = match.replay.turns.map((t): BlockDropReplayTurn => {
    const s = t.step;
    const call: CallRecord | undefined = t.calls[0];
    return {
      p: s.player,
      c: s.command,
      o: s.outcome,
      ...(s.reason ? { r: s.reason } : {}),
      ...(s.dropped.length ? { d: s.dropped } : {}),
      ...(s.fell.length ? { f: s.fell } : {}),
      ...(call
        ? {
            k: {
              f: call.fuel,
              ...(call.failure ? { x: call.failure } : {}),
              ...(call.detail ? { d: call.detail } : {}),
              ...(call.safetyCap ? { safetyCap: true as const } : {}),
            },
          }
        : {}),
      ...(call?.terminated ? { terminated: call.terminated } : {}),
    };
  });
  return {
    format: BLOCKDROP_REPLAY_FORMAT,
    manifest,
    seed,
    initial: initialState(seed),
    turns,
    result: {
      winner: match.result.winner,
      fellAt: match.result.details.fellAt as (number | null)[],
      turns: match.result.turns,
      forfeits: match.result.forfeits,
    },
    ...(match.result.safetyCap ? { safetyCap: true as const } : {}),
  };
}
