import { ConditionalCheckFailedException, GetItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unavailable } from './s3-blobs.js';
import type { BotRecord, BotStore } from './types.js';

/** Bots in the match table: pk `botrec#<id>`, sk `bot`. */
export class DynamoBotStore implements BotStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  async create(bot: BotRecord): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { pk: { S: `botrec#${bot.id}` }, sk: { S: 'bot' }, record: { S: JSON.stringify(bot) } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (e) {
      throw unavailable('storing a bot', e);
    }
  }

  async get(id: string): Promise<BotRecord | null> {
    try {
      const out = await this.db.send(new GetItemCommand({ TableName: this.table, Key: { pk: { S: `botrec#${id}` }, sk: { S: 'bot' } } }));
      return out.Item?.record?.S ? (JSON.parse(out.Item.record.S) as BotRecord) : null;
    } catch (e) {
      throw unavailable('reading a bot', e);
    }
  }

  async update(bot: BotRecord): Promise<boolean> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { pk: { S: `botrec#${bot.id}` }, sk: { S: 'bot' }, record: { S: JSON.stringify(bot) } },
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('updating a bot', e);
    }
  }
}
