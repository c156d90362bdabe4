import { botNotFound } from '../match/stored-bots.js';
import { latestValidVersion, latestVersion } from '../store/contract/bot-versions.js';
import type { BotRecord, BotStore, BotVersion, PublicBotSummary } from '../store/contract/bots.js';

export { botNotFound, canUseBot, usableBotRecord } from '../match/stored-bots.js';

/**
 * The API's view of a bot record: `public` always present, `game` null for a bot stored before
 * bots had a game; `version` its latest version's number, `validVersion` the one that plays
 * (null when every version is disabled). Its history is GET /v1/bots/{id}/versions.
 */
export function presentBot(record: BotRecord) {
  const { versions: _, revision: __, deletedAt: ___, ...rest } = record;
  return {
    ...rest,
    game: record.game ?? null,
    public: record.public === true,
    version: latestVersion(record).number,
    validVersion: latestValidVersion(record)?.number ?? null,
  };
}

/** A version as its owner sees it: `status` active or disabled, with why and when. */
export function presentVersion(version: BotVersion) {
  return {
    number: version.number,
    sha256: version.sha256,
    bytes: version.bytes,
    kind: version.kind,
    createdAt: version.createdAt,
    status: version.disabled ? ('disabled' as const) : ('active' as const),
    disabled: version.disabled ?? null,
  };
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
