import {
  publicBotSummary,
  type BotRecord,
  type BotStore,
  type PublicBotSummary,
  type VersionTally,
} from '../contract/bots.js';
import { StoreError } from '../contract/errors.js';
import type { Page } from '../contract/page.js';
import { Listings } from './listings.js';

const PUBLIC = 'public';

/** Bots in memory: listed under their owner, and public ones (as summaries) among everyone's. */
export class MemoryBotStore implements BotStore {
  private readonly bots = new Map<string, string>();
  private readonly byOwner = new Listings<BotRecord>();
  private readonly listed = new Listings<PublicBotSummary>();
  private readonly tallies = new Map<string, VersionTally>();

  async create(bot: BotRecord): Promise<void> {
    if (this.bots.has(bot.id))
      throw new StoreError('STORAGE_UNAVAILABLE', `storing a bot failed: bot ${bot.id} exists`);
    this.write(bot);
  }

  async get(id: string): Promise<BotRecord | null> {
    const json = this.bots.get(id);
    return json === undefined ? null : (JSON.parse(json) as BotRecord);
  }

  async update(bot: BotRecord): Promise<boolean> {
    const stored = await this.get(bot.id);
    if (!stored) return false;
    // The owner's listing is keyed by the stored record's time and id: drop the old place first.
    this.byOwner.delete(`owner#${stored.owner}`, `${stored.createdAt}#${stored.id}`);
    this.listed.delete(PUBLIC, `${stored.createdAt}#${stored.id}`);
    this.write(bot);
    return true;
  }

  // Nothing awaits between the read and the write: no other writer can come in between.
  async modify(id: string, change: (bot: BotRecord) => BotRecord | null): Promise<BotRecord | null> {
    const json = this.bots.get(id);
    if (json === undefined) return null;
    const stored = JSON.parse(json) as BotRecord;
    const changed = change(JSON.parse(json) as BotRecord);
    if (!changed) return stored;
    const next = { ...changed, id, revision: (stored.revision ?? 0) + 1 };
    this.byOwner.delete(`owner#${stored.owner}`, `${stored.createdAt}#${stored.id}`);
    this.listed.delete(PUBLIC, `${stored.createdAt}#${stored.id}`);
    this.write(next);
    return JSON.parse(JSON.stringify(next)) as BotRecord;
  }

  async tallyMatch(id: string, version: number, failure: string | null): Promise<VersionTally> {
    const key = `${id}#${version}`;
    const was = this.tallies.get(key) ?? { played: 0, erred: 0, firstFailure: null };
    const now: VersionTally = {
      played: was.played + 1,
      erred: was.erred + (failure === null ? 0 : 1),
      firstFailure: was.firstFailure ?? failure,
    };
    this.tallies.set(key, now);
    return now;
  }

  /** The record, in its owner's listing unless deleted, and among public bots when public and not deleted. */
  private write(bot: BotRecord): void {
    this.bots.set(bot.id, JSON.stringify(bot));
    if (bot.deletedAt !== undefined) return;
    const key = `${bot.createdAt}#${bot.id}`;
    this.byOwner.put(`owner#${bot.owner}`, key, bot);
    if (bot.public === true) this.listed.put(PUBLIC, key, publicBotSummary(bot));
  }

  async listByOwner(owner: string, limit: number, cursor?: string): Promise<Page<BotRecord>> {
    return this.byOwner.page(`owner#${owner}`, limit, cursor);
  }

  async listPublic(limit: number, cursor?: string): Promise<Page<PublicBotSummary>> {
    return this.listed.page(PUBLIC, limit, cursor);
  }
}
