import type { Page } from './page.js';

/** A stored bot: its bundle lives in the blob store under its sha256. */
export interface BotRecord {
  readonly id: string;
  readonly name: string | null;
  /** 'js' or 'wasm' (a bundle), or a text game's bot kind ('ant': an ants brain). */
  readonly kind: string;
  readonly sha256: string;
  readonly bytes: number;
  /** Id of the API key that uploaded it: the only one shown its bundle. */
  readonly owner: string;
  /** Whether keys other than its owner's may play it and enter it on their leaderboards (absent on old records: no). */
  readonly public?: boolean;
  /** The registered game it was uploaded for and may play (absent on records stored before bots had a game: unbound). */
  readonly game?: string;
  readonly createdAt: string;
  /**
   * Its uploads, oldest first (bot-versions.ts). Absent on records stored before bots had
   * versions: those have one, version 1, made of the record's own sha256, bytes and kind.
   * The record's own sha256, bytes and kind are always its latest version's.
   */
  readonly versions?: readonly BotVersion[];
  /** Counts the record's writes through `modify`, so a write never replaces one it did not read (absent: 0). */
  readonly revision?: number;
  /** When its owner deleted it: it plays no more and leaves every listing; matches keep its sha256. */
  readonly deletedAt?: string;
}

/** One upload of a bot: numbered from 1, in the order they were made. */
export interface BotVersion {
  readonly number: number;
  readonly sha256: string;
  readonly bytes: number;
  readonly kind: string;
  readonly createdAt: string;
  /** Why and when it stopped playing; absent while it may play. */
  readonly disabled?: VersionDisabled;
}

/** What disabled a version: its upload check, its errors in matches (VERSION_ERROR_SHARE), or its owner. */
export type DisabledBy = 'check' | 'errors' | 'owner';

export interface VersionDisabled {
  readonly by: DisabledBy;
  readonly reason: string;
  readonly at: string;
}

/** A version's matches counted so far (each stored match once), and the first failure of one that erred. */
export interface VersionTally {
  readonly played: number;
  readonly erred: number;
  readonly firstFailure: string | null;
}

/** A public bot as anyone may see it in the listing: never its owner or sha256. */
export interface PublicBotSummary {
  readonly id: string;
  readonly name: string | null;
  readonly kind: string;
  /** Its game (absent for a bot stored before bots had a game). */
  readonly game?: string;
  readonly public: true;
  readonly createdAt: string;
}

/** A bot's public summary: never its owner or sha256; its game only when it has one. */
export function publicBotSummary(bot: BotRecord): PublicBotSummary {
  return {
    id: bot.id,
    name: bot.name,
    kind: bot.kind,
    ...(bot.game === undefined ? {} : { game: bot.game }),
    public: true,
    createdAt: bot.createdAt,
  };
}

export interface BotStore {
  /** Stores a new bot, listed under its owner (and among public bots when public). */
  create(bot: BotRecord): Promise<void>;
  get(id: string): Promise<BotRecord | null>;
  /** Replaces a stored bot's record; false if there is none. A bot made public joins the public listing, made private leaves it. */
  update(bot: BotRecord): Promise<boolean>;
  /**
   * Reads a bot, changes it and writes it back as one step: `change` gets the stored record and
   * returns the new one, or null to leave it as it is. A write made by someone else in between
   * is never lost: the store reads again and calls `change` again. The revision is the store's
   * to count. The listings follow the new record (a deleted bot leaves them). Null when there is no bot.
   */
  modify(id: string, change: (bot: BotRecord) => BotRecord | null): Promise<BotRecord | null>;
  /** Counts one match played by a bot's version, with the failure it erred with (or null); gives the new tally. */
  tallyMatch(id: string, version: number, failure: string | null): Promise<VersionTally>;
  /** An owner's bots, newest first. */
  listByOwner(owner: string, limit: number, cursor?: string): Promise<Page<BotRecord>>;
  /** Everyone's public bots, newest first. */
  listPublic(limit: number, cursor?: string): Promise<Page<PublicBotSummary>>;
}
