import type { BotRecord } from '../store/contract/bots.js';

export { botNotFound, canUseBot, usableBotRecord } from '../match/stored-bots.js';

/** The API's view of a bot record: `public` always present. */
export function presentBot(record: BotRecord): BotRecord & { readonly public: boolean } {
  return { ...record, public: record.public === true };
}
