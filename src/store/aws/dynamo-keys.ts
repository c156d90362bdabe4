import {
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { unavailable } from './s3-blobs.js';
import type { ApiKeyRecord, KeyStore } from '../contract/keys.js';

/**
 * API keys in the match table: pk `key#<sha256 of the key>`, sk `key` (only
 * the hash is stored); request counters per key and minute: pk `rate#<key id>#<minute>`.
 */
export class DynamoKeyStore implements KeyStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  async create(keyHash: string, record: ApiKeyRecord): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { pk: { S: `key#${keyHash}` }, sk: { S: 'key' }, record: { S: JSON.stringify(record) } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (e) {
      throw unavailable('storing an API key', e);
    }
  }

  async find(keyHash: string): Promise<ApiKeyRecord | null> {
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: { pk: { S: `key#${keyHash}` }, sk: { S: 'key' } } }),
      );
      return out.Item?.record?.S ? (JSON.parse(out.Item.record.S) as ApiKeyRecord) : null;
    } catch (e) {
      throw unavailable('reading an API key', e);
    }
  }

  async countRequest(keyId: string, minute: number, limit: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: { S: `rate#${keyId}#${minute}` }, sk: { S: 'rate' } },
          UpdateExpression: 'ADD requests :one',
          ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':limit': { N: String(limit) } },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('counting a request', e);
    }
  }
}
