import type { MatchRecord } from '../core/game-module.js';
import { seatBotsOf } from '../match/seat-bots.js';
import type { BotStore } from '../store/contract/bots.js';

/**
 * Match records as anyone may read them: a seat's stored bot id is shown only while
 * the bot is public (private bots' ids are their owners' to give out, as on boards);
 * its version always. Each bot is looked up once for all the records.
 */
export async function withPrivateBotIdsHidden(bots: BotStore, records: readonly MatchRecord[]): Promise<MatchRecord[]> {
  const ids = new Set(records.flatMap((r) => (seatBotsOf(r) ?? []).flatMap((s) => (s ? [s.bot] : []))));
  const shown = new Set<string>();
  await Promise.all(
    [...ids].map(async (id) => {
      if ((await bots.get(id))?.public === true) shown.add(id);
    }),
  );
  return records.map((record) => {
    const seats = seatBotsOf(record);
    if (!seats) return record;
    return {
      ...record,
      storedBots: seats.map((s) => (s ? { bot: shown.has(s.bot) ? s.bot : null, version: s.version } : null)),
    };
  });
}
