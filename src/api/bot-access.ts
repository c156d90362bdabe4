import type { BotRecord, BotStore } from '../store/types.js';
import { ApiProblem } from './problems.js';

/** A bot is usable (matches, leaderboard entries) by its owner, and by anyone once its owner made it public. */
export function canUseBot(record: BotRecord, owner: string): boolean {
  return record.owner === owner || record.public === true;
}

/** The same answer for a bot that does not exist and one the caller may not use, so ids cannot be probed. */
export function botNotFound(id: string, field = 'bot'): ApiProblem {
  return new ApiProblem(404, 'NOT_FOUND', `${field}: no bot '${id}' that you can use`, { field });
}

/** The record of a bot `owner` may use, or 404. */
export async function usableBotRecord(bots: BotStore, id: string, owner: string, field = 'bot'): Promise<BotRecord> {
  const record = await bots.get(id);
  if (!record || !canUseBot(record, owner)) throw botNotFound(id, field);
  return record;
}

/** The API's view of a bot record: `public` always present. */
export function presentBot(record: BotRecord): BotRecord & { readonly public: boolean } {
  return { ...record, public: record.public === true };
}
