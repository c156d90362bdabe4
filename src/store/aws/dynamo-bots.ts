import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { parseRecord } from './attribute-values.js';
import { queryIndexPage } from './dynamo-matches.js';
import { unavailable } from './s3-blobs.js';
import { publicBotSummary, type BotRecord, type BotStore, type PublicBotSummary } from '../contract/bots.js';
import type { Page } from '../contract/page.js';

/** The index partition of public bots. */
const LISTED_BOTS = 'listed#bots';

/**
 * Bots in the match table:
 * - a bot: pk `botrec#<id>`, sk `bot`, the record as JSON, indexed by `byBot` on gsi1pk
 *   `owner#<owner id>` and gsi1sk `<createdAt>#<id>` (its owner's listing);
 * - a public bot's listing: pk `botrec#<id>`, sk `public`, its summary as JSON (no owner,
 *   no sha256), indexed by `byBot` on gsi1pk `listed#bots` and gsi1sk `<createdAt>#<id>`.
 * Made public, the record is written before its listing; made private, the listing is
 * deleted before the record: a crash between the two leaves a public bot unlisted, never
 * a private one listed.
 */
export class DynamoBotStore implements BotStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private item(bot: BotRecord): Record<string, AttributeValue> {
    return {
      pk: { S: `botrec#${bot.id}` },
      sk: { S: 'bot' },
      record: { S: JSON.stringify(bot) },
      gsi1pk: { S: `owner#${bot.owner}` },
      gsi1sk: { S: `${bot.createdAt}#${bot.id}` },
    };
  }

  async create(bot: BotRecord): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: this.item(bot),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (e) {
      throw unavailable('storing a bot', e);
    }
    if (bot.public === true) await this.list(bot);
  }

  async get(id: string): Promise<BotRecord | null> {
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: { pk: { S: `botrec#${id}` }, sk: { S: 'bot' } } }),
      );
      return out.Item?.record?.S ? (JSON.parse(out.Item.record.S) as BotRecord) : null;
    } catch (e) {
      throw unavailable('reading a bot', e);
    }
  }

  async update(bot: BotRecord): Promise<boolean> {
    if (bot.public !== true) await this.unlist(bot.id);
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: this.item(bot),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('updating a bot', e);
    }
    if (bot.public === true) await this.list(bot);
    return true;
  }

  async listByOwner(owner: string, limit: number, cursor?: string): Promise<Page<BotRecord>> {
    const page = await queryIndexPage(this.db, this.table, `owner#${owner}`, limit, cursor, "listing an owner's bots");
    return { items: page.items.map((i) => parseRecord<BotRecord>(i)), cursor: page.cursor };
  }

  async listPublic(limit: number, cursor?: string): Promise<Page<PublicBotSummary>> {
    const page = await queryIndexPage(this.db, this.table, LISTED_BOTS, limit, cursor, 'listing public bots');
    return { items: page.items.map((i) => parseRecord<PublicBotSummary>(i)), cursor: page.cursor };
  }

  private async list(bot: BotRecord): Promise<void> {
    const summary = publicBotSummary(bot);
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            pk: { S: `botrec#${bot.id}` },
            sk: { S: 'public' },
            record: { S: JSON.stringify(summary) },
            gsi1pk: { S: LISTED_BOTS },
            gsi1sk: { S: `${bot.createdAt}#${bot.id}` },
          },
        }),
      );
    } catch (e) {
      throw unavailable('listing a public bot', e);
    }
  }

  private async unlist(id: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteItemCommand({ TableName: this.table, Key: { pk: { S: `botrec#${id}` }, sk: { S: 'public' } } }),
      );
    } catch (e) {
      throw unavailable('unlisting a bot', e);
    }
  }
}
