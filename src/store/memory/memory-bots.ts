import { publicBotSummary, type BotRecord, type BotStore, type PublicBotSummary } from '../contract/bots.js';
import { StoreError } from '../contract/errors.js';
import type { Page } from '../contract/page.js';
import { Listings } from './listings.js';

const PUBLIC = 'public';

/** Bots in memory: listed under their owner, and public ones (as summaries) among everyone's. */
export class MemoryBotStore implements BotStore {
  private readonly bots = new Map<string, string>();
  private readonly byOwner = new Listings<BotRecord>();
  private readonly listed = new Listings<PublicBotSummary>();

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

  private write(bot: BotRecord): void {
    this.bots.set(bot.id, JSON.stringify(bot));
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
