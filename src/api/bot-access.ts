import { botNotFound } from '../match/stored-bots.js';
import type { BotRecord, BotStore, PublicBotSummary } from '../store/contract/bots.js';

export { botNotFound, canUseBot, usableBotRecord } from '../match/stored-bots.js';

/** The API's view of a bot record: `public` always present, `game` null for a bot stored before bots had a game. */
export function presentBot(
  record: BotRecord,
): Omit<BotRecord, 'game'> & { readonly public: boolean; readonly game: string | null } {
  return { ...record, game: record.game ?? null, public: record.public === true };
}

/** A public bot as listed: `game` null for a bot stored before bots had a game. */
export function presentPublicBot(
  summary: PublicBotSummary,
): Omit<PublicBotSummary, 'game'> & { readonly game: string | null } {
  return { ...summary, game: summary.game ?? null };
}

/** The record of a bot `owner` owns (a team enters only its own bots), or 404. */
export async function ownBotRecord(bots: BotStore, id: string, owner: string): Promise<BotRecord> {
  const record = await bots.get(id);
  if (!record || record.owner !== owner) throw botNotFound(id);
  return record;
}
