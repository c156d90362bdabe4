import type { BotRecord, BotVersion, VersionDisabled } from './bots.js';

/**
 * A bot's versions as changes to its record: pure functions that BotStore.modify applies,
 * so two writers racing each apply theirs to what the other wrote.
 */

/** The most versions a bot keeps (they live in its one record). */
export const MAX_VERSIONS = 500;

/** A bot's versions, oldest first; a record stored before versions existed has one, made of its own fields. */
export function versionsOf(bot: BotRecord): readonly BotVersion[] {
  if (bot.versions && bot.versions.length > 0) return bot.versions;
  return [{ number: 1, sha256: bot.sha256, bytes: bot.bytes, kind: bot.kind, createdAt: bot.createdAt }];
}

export function versionOf(bot: BotRecord, number: number): BotVersion | undefined {
  return versionsOf(bot).find((v) => v.number === number);
}

/** The newest version that may play, made before `before` (ISO) when given; undefined if none. */
export function latestValidVersion(bot: BotRecord, before?: string): BotVersion | undefined {
  const versions = versionsOf(bot);
  for (let k = versions.length - 1; k >= 0; k--) {
    const v = versions[k]!;
    if (v.disabled) continue;
    if (before !== undefined && v.createdAt > before) continue;
    return v;
  }
  return undefined;
}

/** The newest version, valid or not. */
export function latestVersion(bot: BotRecord): BotVersion {
  const versions = versionsOf(bot);
  return versions[versions.length - 1]!;
}

/** The upload to add: the store numbers it. */
export type NewVersion = Omit<BotVersion, 'number'>;

/** The record with one more version, numbered after the last; its own sha256, bytes and kind become the new one's. */
export function withNewVersion(bot: BotRecord, upload: NewVersion): BotRecord {
  const versions = versionsOf(bot);
  const added: BotVersion = { number: latestVersion(bot).number + 1, ...upload };
  return {
    ...bot,
    sha256: added.sha256,
    bytes: added.bytes,
    kind: added.kind,
    versions: [...versions, added],
  };
}

/** The record with a version disabled (or enabled again, `state` null); null when it is that already or missing. */
export function withVersionState(bot: BotRecord, number: number, state: VersionDisabled | null): BotRecord | null {
  const versions = versionsOf(bot);
  const at = versions.findIndex((v) => v.number === number);
  if (at < 0) return null;
  const current = versions[at]!;
  if ((current.disabled === undefined) === (state === null)) return null;
  const { disabled: _, ...rest } = current;
  const changed: BotVersion = state ? { ...rest, disabled: state } : rest;
  return { ...bot, versions: versions.map((v, k) => (k === at ? changed : v)) };
}

/** Whether a bot was deleted by its owner. */
export const isDeleted = (bot: BotRecord): boolean => bot.deletedAt !== undefined;
