import type { MatchRecord } from '../core/game-module.js';
import { INVALID_MOVE, type SeatConduct, type SeatFailure } from '../core/seat-conduct.js';
import { versionsOf, withVersionState } from '../store/contract/bot-versions.js';
import type { BotRecord, BotStore } from '../store/contract/bots.js';
import { seatBotsOf } from './seat-bots.js';
import type { VersionPolicy } from './version-policy.js';

/**
 * A seat errs in a match when its bot failed to load, crashed, ran out of
 * fuel or time: its first failure is not a move the game could not read.
 * (An invalid move is the bot's play, not an error.)
 */
export function erringFailure(failure: SeatFailure | null): string | null {
  if (!failure || failure.code === INVALID_MOVE) return null;
  const where = failure.turn === null ? 'on load' : `on turn ${failure.turn}`;
  return `${failure.code} ${where}: ${failure.message}`.slice(0, 300);
}

/**
 * Whether a bot has a valid version older than `version` to fall back on. A version is
 * disabled for its errors only then: the rule keeps a bad upload from replacing a good
 * one, and a bot's only valid version keeps playing (and losing by its errors) rather
 * than leaving its entries with no version at all, every match of theirs failed.
 */
function hasEarlierValidVersion(bot: BotRecord, version: number): boolean {
  return versionsOf(bot).some((v) => v.number < version && !v.disabled);
}

/**
 * Counts a stored match for each stored bot's version that played it, and
 * disables a version whose error share went over the policy's (when the bot has
 * an earlier valid version). Called once,
 * by the attempt that stored the record: a retried job finds its match
 * stored and counts nothing (a process that dies in between leaves a match
 * uncounted, never one counted twice).
 */
export async function tallyVersions(
  bots: BotStore,
  policy: VersionPolicy,
  record: MatchRecord,
  conduct: readonly SeatConduct[] | undefined,
  now: Date,
): Promise<void> {
  const seats = seatBotsOf(record);
  if (!seats || !conduct) return;
  await Promise.all(
    seats.map(async (seat, k) => {
      if (!seat) return;
      const tally = await bots.tallyMatch(seat.bot, seat.version, erringFailure(conduct[k]?.firstFailure ?? null));
      if (tally.played < policy.minMatches || tally.erred / tally.played <= policy.maxErrorShare) return;
      const reason = `erred in ${tally.erred} of ${tally.played} matches; first: ${tally.firstFailure}`;
      await bots.modify(seat.bot, (b) =>
        hasEarlierValidVersion(b, seat.version)
          ? withVersionState(b, seat.version, { by: 'errors', reason, at: now.toISOString() })
          : null,
      );
    }),
  );
}
