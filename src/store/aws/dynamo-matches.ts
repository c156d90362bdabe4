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
import { badCursor } from '../cursor-text.js';
import { batchWriteAll, itemsNamed } from './batch-items.js';
import { decodeCursorKey, encodeCursorKey } from './cursors.js';
import { unavailable } from './s3-blobs.js';
import type { CreateMatchOptions, IdempotencyClaim, MatchStore, StoredRecord } from '../contract/matches.js';
import type { Page } from '../contract/page.js';
import { N, S } from './attribute-values.js';

/**
 * The table's layout (infra/ creates it; tests check they agree):
 * - key `pk` (hash) + `sk` (range), both strings, pay per request;
 * - a match: pk `match#<id>`, sk `record`, the record as JSON plus its scores; it is
 *   also its first listing entry (indexed as the first participation below), so that
 *   entry needs no item of its own (records stored before it have one, and none here);
 * - one participation per distinct bot: pk `match#<id>`, sk `bot#<side>`, indexed
 *   by `byBot` on gsi1pk `bot#<sha256>` and gsi1sk `<createdAt>#<id>#<side>`;
 * - a listed (public) match: pk `match#<id>`, sk `listed`, the record as JSON, indexed
 *   by `byBot` on gsi1pk `listed#matches` and gsi1sk `<createdAt>#<id>`: the recent public
 *   matches, the listing read most (the site's front page), stay one query;
 * - a participation holds only its keys: a bot's listing reads the records it names (a write
 *   unit an entry, in the table and again in the index, where a copy of the record took two
 *   of each). Those stored before hold the record as JSON, and are read as they are;
 * - other stores put their listings in the same index with gsi1pk of their own
 *   (dynamo-bots.ts: `owner#<owner id>`, `listed#bots`; dynamo-leaderboards.ts:
 *   `listed#boards`, `entries#<bot id>`, `rounds#<board id>`);
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

const BY_BOT_CURSOR_KEY = [
  TABLE_LAYOUT.hashKey,
  TABLE_LAYOUT.rangeKey,
  TABLE_LAYOUT.byBotHashKey,
  TABLE_LAYOUT.byBotRangeKey,
];

/** Whether an item holds a record as JSON (a match record, a public match's entry, or an older copy). */
const carriesRecord = (item: Record<string, AttributeValue>) => item.record?.S !== undefined;

/** The index partition of listed (public) matches. */
const LISTED_MATCHES = 'listed#matches';

/**
 * One page of a `byBot` index partition, newest first: the items and the cursor of the next
 * page. A cursor is the last key of a page in that partition; any other is BAD_CURSOR.
 */
export async function queryIndexPage(
  db: DynamoDBClient,
  table: string,
  partition: string,
  limit: number,
  cursor: string | undefined,
  what: string,
): Promise<{ items: Record<string, AttributeValue>[]; cursor: string | null }> {
  let start: Record<string, AttributeValue> | undefined;
  if (cursor) {
    start = decodeCursorKey(cursor, BY_BOT_CURSOR_KEY);
    if (start[TABLE_LAYOUT.byBotHashKey]?.S !== partition) throw badCursor();
  }
  try {
    const out = await db.send(
      new QueryCommand({
        TableName: table,
        IndexName: TABLE_LAYOUT.byBotIndex,
        KeyConditionExpression: 'gsi1pk = :partition',
        ExpressionAttributeValues: { ':partition': S(partition) },
        ScanIndexForward: false,
        Limit: limit,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    return { items: out.Items ?? [], cursor: out.LastEvaluatedKey ? encodeCursorKey(out.LastEvaluatedKey) : null };
  } catch (e) {
    if ((e as { name?: string }).name === 'ValidationException' && start) throw badCursor();
    throw unavailable(what, e);
  }
}

/** Every item of a `byBot` index partition, newest first (for small partitions: a bot's entries). */
export async function queryIndexAll(
  db: DynamoDBClient,
  table: string,
  partition: string,
  what: string,
): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryIndexPage(db, table, partition, 100, cursor, what);
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
}

/** How long a pending claim without `expiresAt` (written by an older version) holds. */
const LEGACY_CLAIM_MS = 10 * 60 * 1000;

export class DynamoMatchStore implements MatchStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  async create<R extends StoredRecord>(
    record: R,
    botHashes: readonly string[],
    options: CreateMatchOptions = {},
  ): Promise<boolean> {
    const json = JSON.stringify(record);
    const scores = (record as unknown as { scores?: Record<string, { total?: number }> }).scores ?? {};
    const item: Record<string, AttributeValue> = {
      pk: S(`match#${record.id}`),
      sk: S('record'),
      record: S(json),
      createdAt: S(record.createdAt),
    };
    for (const [side, score] of Object.entries(scores))
      if (typeof score?.total === 'number') item[`score_${side}`] = N(score.total);
    const listings: Record<string, AttributeValue>[] = [];
    const seen = new Set<string>();
    for (const [side, hash] of botHashes.entries()) {
      if (seen.has(hash)) continue;
      seen.add(hash);
      listings.push(this.indexed(record, `bot#${side}`, `bot#${hash}`, `${record.createdAt}#${record.id}#${side}`));
    }
    if (options.listed)
      listings.push({
        ...this.indexed(record, 'listed', LISTED_MATCHES, `${record.createdAt}#${record.id}`),
        record: S(json),
      });
    // The record is itself the first listing entry (one item written less); records stored before are not.
    const first = listings.shift();
    if (first) Object.assign(item, { gsi1pk: first.gsi1pk!, gsi1sk: first.gsi1sk! });
    try {
      await this.db.send(
        new PutItemCommand({ TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('storing a match record', e);
    }
    // The other listing entries come after the record, so they never point at a missing one.
    await batchWriteAll(
      this.db,
      this.table,
      listings.map((Item) => ({ PutRequest: { Item } })),
      'indexing a match record',
    );
    return true;
  }

  /** A pointer to a record, in the index at (gsi1pk, gsi1sk): a bot's matches, or the public ones. */
  private indexed(record: StoredRecord, sk: string, gsi1pk: string, gsi1sk: string): Record<string, AttributeValue> {
    return { pk: S(`match#${record.id}`), sk: S(sk), gsi1pk: S(gsi1pk), gsi1sk: S(gsi1sk) };
  }

  async listRecent<R extends StoredRecord>(limit: number, cursor?: string): Promise<Page<R>> {
    const page = await queryIndexPage(this.db, this.table, LISTED_MATCHES, limit, cursor, 'listing recent matches');
    return { items: await this.recordsOf<R>(page.items, 'listing recent matches'), cursor: page.cursor };
  }

  /**
   * The records a page of listing items names, in its order: an item that carries its record (a
   * match record, or an older copy) as it is, the others read in one batch. A record that is gone
   * is left out.
   */
  private async recordsOf<R extends StoredRecord>(items: Record<string, AttributeValue>[], what: string): Promise<R[]> {
    const named = await itemsNamed(this.db, this.table, items, 'record', carriesRecord, what);
    return named.flatMap((item) => (carriesRecord(item) ? [JSON.parse(item.record!.S!) as R] : []));
  }

  async get<R extends StoredRecord>(id: string): Promise<R | null> {
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: { pk: S(`match#${id}`), sk: S('record') } }),
      );
      return out.Item?.record?.S ? (JSON.parse(out.Item.record.S) as R) : null;
    } catch (e) {
      throw unavailable('reading a match record', e);
    }
  }

  async listByBot<R extends StoredRecord>(botHash: string, limit: number, cursor?: string): Promise<Page<R>> {
    const page = await queryIndexPage(this.db, this.table, `bot#${botHash}`, limit, cursor, 'listing matches');
    return { items: await this.recordsOf<R>(page.items, 'listing matches'), cursor: page.cursor };
  }

  async claimIdempotencyKey(
    keyHash: string,
    requestHash: string,
    nowMs: number,
    deadlineMs: number,
  ): Promise<IdempotencyClaim> {
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
      return item.matchId?.S
        ? { state: 'done', matchId: item.matchId.S, requestHash: hash }
        : { state: 'pending', requestHash: hash };
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
