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
  /** An owner's bots, newest first. */
  listByOwner(owner: string, limit: number, cursor?: string): Promise<Page<BotRecord>>;
  /** Everyone's public bots, newest first. */
  listPublic(limit: number, cursor?: string): Promise<Page<PublicBotSummary>>;
}
