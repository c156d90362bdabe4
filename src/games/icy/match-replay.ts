import type { MatchResult, Replay } from '../../core/match-types.js';
import type { IcyOptions, IcyTurnRecord } from './game.js';
import { formatMap } from './map.js';
import { buildReplay, type IcyReplay, type ReplayManifest } from './replay.js';

const SIDES = ['red', 'blue'] as const;

/** The replay (format version 1) of a played Icy match; bot logs are not part of it. */
export function icyReplayFromMatch(
  match: { result: MatchResult; replay: Replay<IcyTurnRecord> },
  options: IcyOptions,
  manifest: ReplayManifest,
): IcyReplay {
  const { forfeits } = match.result;
  return buildReplay({
    manifest,
    map: options.map,
    mapText: formatMap(options.map),
    forfeit: forfeits.length === 2 ? 'both' : forfeits.length === 1 ? SIDES[forfeits[0]!] : null,
    turns: match.replay.turns.map((t) => ({
      actions: t.step.actions,
      outcomes: t.step.outcomes,
      calls: t.calls.map((c) => ({
        f: c.fuel,
        ...(c.failure ? { x: c.failure } : {}),
        ...(c.detail ? { d: c.detail } : {}),
        ...(c.safetyCap ? { safetyCap: true as const } : {}),
      })),
    })),
    safetyCap: match.result.safetyCap === true,
  });
}
