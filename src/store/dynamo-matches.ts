import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { badCursor, decodeCursorKey, encodeCursorKey } from './cursors.js';
import { unavailable } from './s3-blobs.js';
import type { IdempotencyClaim, MatchStore, Page, StoredRecord } from './types.js';
import { N, S } from './attribute-values.js';

/**
 * The table's layout (infra/ creates it; tests check they agree):
 * - key `pk` (hash) + `sk` (range), both strings, pay per request;
 * - a match: pk `match#<id>`, sk `record`, the record as JSON plus its scores;
 * - one participation per distinct bot: pk `match#<id>`, sk `bot#<side>`, indexed
 *   by `byBot` on gsi1pk `bot#<sha256>` and gsi1sk `<createdAt>#<id>#<side>`;
 * - an idempotency key: pk `idem#<sha256 of owner id and key>`, sk `idem`; a pending one
 *   holds `expiresAt`, the end of its request's deadline.
 * Only single-item conditional writes: no transactions.
 */
export const TABLE_LAYOUT = {
  hashKey: 'pk',
  rangeKey: 'sk',
  byBotIndex: 'byBot',
  byBotHashKey: 'gsi1pk',
  byBotRangeKey: 'gsi1sk',
} as const;

const BY_BOT_CURSOR_KEY = [TABLE_LAYOUT.hashKey, TABLE_LAYOUT.rangeKey, TABLE_LAYOUT.byBotHashKey, TABLE_LAYOUT.byBotRangeKey];

/** How long a pending claim without `expiresAt` (written by an older version) holds. */
const LEGACY_CLAIM_MS = 10 * 60 * 1000;


export class DynamoMatchStore implements MatchStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  async create<R extends StoredRecord>(record: R, botHashes: readonly string[]): Promise<boolean> {
    const json = JSON.stringify(record);
    const scores = (record as unknown as { scores?: Record<string, { total?: number }> }).scores ?? {};
    const item: Record<string, AttributeValue> = {
      pk: S(`match#${record.id}`),
      sk: S('record'),
      record: S(json),
      createdAt: S(record.createdAt),
    };
    for (const [side, score] of Object.entries(scores)) if (typeof score?.total === 'number') item[`score_${side}`] = N(score.total);
    try {
      await this.db.send(new PutItemCommand({ TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('storing a match record', e);
    }
    // The listing entries come after the record, so they never point at a missing one.
    const seen = new Set<string>();
    for (const [side, hash] of botHashes.entries()) {
      if (seen.has(hash)) continue;
      seen.add(hash);
      try {
        await this.db.send(
          new PutItemCommand({
            TableName: this.table,
            Item: {
              pk: S(`match#${record.id}`),
              sk: S(`bot#${side}`),
              gsi1pk: S(`bot#${hash}`),
              gsi1sk: S(`${record.createdAt}#${record.id}#${side}`),
              record: S(json),
            },
          }),
        );
      } catch (e) {
        throw unavailable('indexing a match record', e);
      }
    }
    return true;
  }

  async get<R extends StoredRecord>(id: string): Promise<R | null> {
    try {
      const out = await this.db.send(new GetItemCommand({ TableName: this.table, Key: { pk: S(`match#${id}`), sk: S('record') } }));
      return out.Item?.record?.S ? (JSON.parse(out.Item.record.S) as R) : null;
    } catch (e) {
      throw unavailable('reading a match record', e);
    }
  }

  async listByBot<R extends StoredRecord>(botHash: string, limit: number, cursor?: string): Promise<Page<R>> {
    let start: Record<string, AttributeValue> | undefined;
    if (cursor) {
      // A page's last key in the index: the table's key and the index's, this bot's.
      start = decodeCursorKey(cursor, BY_BOT_CURSOR_KEY);
      if (start[TABLE_LAYOUT.byBotHashKey].S !== `bot#${botHash}`) throw badCursor();
    }
    try {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: TABLE_LAYOUT.byBotIndex,
          KeyConditionExpression: 'gsi1pk = :bot',
          ExpressionAttributeValues: { ':bot': S(`bot#${botHash}`) },
          ScanIndexForward: false,
          Limit: limit,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      const items = (out.Items ?? []).map((i) => JSON.parse(i.record.S!) as R);
      const next = out.LastEvaluatedKey ? encodeCursorKey(out.LastEvaluatedKey) : null;
      return { items, cursor: next };
    } catch (e) {
      if ((e as { name?: string }).name === 'ValidationException' && start) throw badCursor();
      throw unavailable('listing matches', e);
    }
  }

  async claimIdempotencyKey(keyHash: string, requestHash: string, nowMs: number, deadlineMs: number): Promise<IdempotencyClaim> {
    const key = { pk: S(`idem#${keyHash}`), sk: S('idem') };
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { ...key, requestHash: S(requestHash), claimedAt: N(nowMs), expiresAt: N(nowMs + deadlineMs) },
          // Claims written before expiresAt existed lapse after LEGACY_CLAIM_MS.
          ConditionExpression:
            'attribute_not_exists(pk) OR (attribute_not_exists(matchId) AND (expiresAt < :now OR (attribute_not_exists(expiresAt) AND claimedAt < :legacy)))',
          ExpressionAttributeValues: { ':now': N(nowMs), ':legacy': N(nowMs - LEGACY_CLAIM_MS) },
        }),
      );
      return { state: 'claimed' };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw unavailable('claiming an idempotency key', e);
    }
    try {
      const out = await this.db.send(new GetItemCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
      const item = out.Item ?? {};
      const hash = item.requestHash?.S ?? '';
      return item.matchId?.S ? { state: 'done', matchId: item.matchId.S, requestHash: hash } : { state: 'pending', requestHash: hash };
    } catch (e) {
      throw unavailable('reading an idempotency key', e);
    }
  }

  async releaseIdempotencyKey(keyHash: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: { pk: S(`idem#${keyHash}`), sk: S('idem') },
          ConditionExpression: 'attribute_not_exists(matchId)',
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return;
      throw unavailable('releasing an idempotency key', e);
    }
  }

  async completeIdempotencyKey(keyHash: string, matchId: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: S(`idem#${keyHash}`), sk: S('idem') },
          UpdateExpression: 'SET matchId = :id',
          ExpressionAttributeValues: { ':id': S(matchId) },
        }),
      );
    } catch (e) {
      throw unavailable('completing an idempotency key', e);
    }
  }
}
