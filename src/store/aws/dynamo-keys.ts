import {
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { S, parseRecord } from './attribute-values.js';
import { queryIndexPage } from './dynamo-matches.js';
import { unavailable } from './s3-blobs.js';
import type { ApiKeyRecord, KeyStore } from '../contract/keys.js';
import type { Page } from '../contract/page.js';

/** The index partition of every key. */
const ALL_KEYS = 'listed#keys';

/** Tries of a read-modify-write that another writer raced. */
const CHANGE_TRIES = 5;

/**
 * API keys in the match table:
 * - a key: pk `key#<sha256 of the key>`, sk `key` (only the hash is stored), the record as JSON,
 *   indexed by `byBot` on gsi1pk `listed#keys` and gsi1sk `<createdAt>#<id>` (the listing);
 * - its public id: pk `keyid#<id>`, sk `key`, `hash`: how revoke and rename find a key by id;
 * - request counters per key and minute: pk `rate#<key id>#<minute>`.
 * The id item is written before the key, so a listed key can always be revoked. A key stored
 * before listings existed has neither: find() adds both when the key is next used.
 * Keys are read consistently: a revocation is seen by the next request, in any process.
 */
export class DynamoKeyStore implements KeyStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  async create(keyHash: string, record: ApiKeyRecord): Promise<void> {
    try {
      await this.putIdItem(record.id, keyHash);
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            pk: S(`key#${keyHash}`),
            sk: S('key'),
            record: S(JSON.stringify(record)),
            ...this.listed(record),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (e) {
      throw unavailable('storing an API key', e);
    }
  }

  async find(keyHash: string): Promise<ApiKeyRecord | null> {
    let item: Record<string, AttributeValue> | undefined;
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: this.keyOf(keyHash), ConsistentRead: true }),
      );
      item = out.Item;
    } catch (e) {
      throw unavailable('reading an API key', e);
    }
    if (!item?.record?.S) return null;
    const record = parseRecord<ApiKeyRecord>(item);
    if (!item.gsi1pk) await this.indexLegacy(keyHash, record);
    return record;
  }

  async list(limit: number, cursor?: string): Promise<Page<ApiKeyRecord>> {
    const page = await queryIndexPage(this.db, this.table, ALL_KEYS, limit, cursor, 'listing API keys');
    return { items: page.items.map((i) => parseRecord<ApiKeyRecord>(i)), cursor: page.cursor };
  }

  revoke(id: string, at: string): Promise<ApiKeyRecord | null> {
    return this.change(id, (r) => (r.revokedAt ? r : { ...r, revokedAt: at }), 'revoking an API key');
  }

  rename(id: string, name: string): Promise<ApiKeyRecord | null> {
    return this.change(id, (r) => ({ ...r, name }), 'renaming an API key');
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

  private keyOf(keyHash: string): Record<string, AttributeValue> {
    return { pk: S(`key#${keyHash}`), sk: S('key') };
  }

  private listed(record: ApiKeyRecord): Record<string, AttributeValue> {
    return { gsi1pk: S(ALL_KEYS), gsi1sk: S(`${record.createdAt}#${record.id}`) };
  }

  private async putIdItem(id: string, keyHash: string): Promise<void> {
    await this.db.send(
      new PutItemCommand({
        TableName: this.table,
        Item: { pk: S(`keyid#${id}`), sk: S('key'), hash: S(keyHash) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /**
   * A key stored before listings: its id item and listing attributes, so it can be listed and
   * revoked. Best effort: a failure here must not refuse the key, and the next use tries again.
   */
  private async indexLegacy(keyHash: string, record: ApiKeyRecord): Promise<void> {
    try {
      await this.putIdItem(record.id, keyHash).catch((e) => {
        if (!(e instanceof ConditionalCheckFailedException)) throw e;
      });
      const listed = this.listed(record);
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.keyOf(keyHash),
          UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)',
          ExpressionAttributeValues: { ':pk': listed.gsi1pk!, ':sk': listed.gsi1sk! },
        }),
      );
    } catch {
      // Tried again on the key's next use.
    }
  }

  /** Reads a key by id, changes its record, and writes it back only if no one changed it meanwhile. */
  private async change(
    id: string,
    update: (record: ApiKeyRecord) => ApiKeyRecord,
    what: string,
  ): Promise<ApiKeyRecord | null> {
    try {
      const idItem = await this.db.send(
        new GetItemCommand({
          TableName: this.table,
          Key: { pk: S(`keyid#${id}`), sk: S('key') },
          ConsistentRead: true,
        }),
      );
      const hash = idItem.Item?.hash?.S;
      if (!hash) return null;
      for (let attempt = 1; ; attempt++) {
        const out = await this.db.send(
          new GetItemCommand({ TableName: this.table, Key: this.keyOf(hash), ConsistentRead: true }),
        );
        const stored = out.Item?.record?.S;
        if (!stored) return null;
        const changed = update(JSON.parse(stored) as ApiKeyRecord);
        try {
          await this.db.send(
            new UpdateItemCommand({
              TableName: this.table,
              Key: this.keyOf(hash),
              UpdateExpression: 'SET #record = :changed',
              ConditionExpression: '#record = :stored',
              ExpressionAttributeNames: { '#record': 'record' },
              ExpressionAttributeValues: { ':changed': S(JSON.stringify(changed)), ':stored': S(stored) },
            }),
          );
          return changed;
        } catch (e) {
          if (!(e instanceof ConditionalCheckFailedException) || attempt >= CHANGE_TRIES) throw e;
        }
      }
    } catch (e) {
      throw unavailable(what, e);
    }
  }
}
