import {
  ConditionalCheckFailedException,
  GetItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { JobOutcome } from '../contract/round-jobs.js';
import { N, S } from './attribute-values.js';
import { unavailable } from './s3-blobs.js';

/**
 * Where a round's (or a batch's) finished jobs are counted, once each. One item cannot do it: the
 * indexes counted, kept so that none counts twice, grow with the round, and an item holds 400 KB
 * (about 105,000 indexes: a round of more could not finish), each count is billed by the item's
 * size, and one item takes about 1,000 writes a second. So the indexes are cut in blocks of
 * BLOCK, and each block's over LANES items by index modulo LANES: pk as the round's, sk
 * `count#<round id>#<block, 4 digits>#<lane, 2 digits>`, each with `done`, `failed`, `cancelled`
 * and `counted` (at most BLOCK / LANES indexes). Jobs finished at about the same time have
 * nearby indexes, and spread over LANES items. A round of one block is summed (LANES items at
 * most) at every count. In a bigger one a count sums its block only when it fills its item, and
 * the whole round (every item) only when it fills its block: only then may the round be complete.
 */
export const BLOCK = 1024;
export const LANES = 32;

export interface Counts {
  readonly done: number;
  readonly failed: number;
  readonly cancelled: number;
}

/** The counting item of job `index`: its block and its lane in the block. */
export const countItemOf = (index: number) => ({ block: Math.floor(index / BLOCK), lane: index % LANES });

/** How many of the indexes below `total` fall in block `block` (and, given, in its `lane`). */
export function countItemSize(total: number, block: number, lane?: number): number {
  const first = block * BLOCK;
  const end = Math.min(total, first + BLOCK);
  if (end <= first) return 0;
  if (lane === undefined) return end - first;
  // Indexes first + lane, first + lane + LANES, ... below end (first is a multiple of LANES).
  return end - first > lane ? Math.floor((end - first - 1 - lane) / LANES) + 1 : 0;
}

const blockPrefix = (round: string, block: number) => `count#${round}#${String(block).padStart(4, '0')}#`;

/** The sort key of a counting item. */
export const countSortKey = (round: string, block: number, lane: number) =>
  `${blockPrefix(round, block)}${String(lane).padStart(2, '0')}`;

const countKey = (pk: string, round: string, block: number, lane: number): Record<string, AttributeValue> => ({
  pk: S(pk),
  sk: S(countSortKey(round, block, lane)),
});

/** The counters an item carries itself: a counting item, or a round counted before the counting items. */
export const itemCounts = (item: Record<string, AttributeValue> | undefined): Counts => ({
  done: Number(item?.done?.N ?? 0),
  failed: Number(item?.failed?.N ?? 0),
  cancelled: Number(item?.cancelled?.N ?? 0),
});

export const addCounts = (a: Counts, b: Counts): Counts => ({
  done: a.done + b.done,
  failed: a.failed + b.failed,
  cancelled: a.cancelled + b.cancelled,
});

const NONE: Counts = { done: 0, failed: 0, cancelled: 0 };

/** Counts as a round shows them: `cancelled` only when there are some. */
export const countFields = (c: Counts) => ({
  done: c.done,
  failed: c.failed,
  ...(c.cancelled > 0 ? { cancelled: c.cancelled } : {}),
});

/**
 * The counts of a round (or batch) from its own stored item: in that item, for one counted before
 * the counting items (it keeps `counted`), else in its counting items.
 */
export async function storedCounts(
  db: DynamoDBClient,
  table: string,
  pk: string,
  round: string,
  item: Record<string, AttributeValue>,
): Promise<Counts> {
  return item.counted ? itemCounts(item) : addCounts(itemCounts(item), await countTotals(db, table, pk, round));
}

/**
 * Counts job `index` of a round as `outcome`, unless it was counted before, and reads what it
 * must of the round's counts after: all of them for a round of one block, or one whose job's
 * block is full (so it may be complete); else a part of them, below the total.
 */
export async function countOnceInBlock(
  db: DynamoDBClient,
  table: string,
  pk: string,
  round: string,
  index: number,
  outcome: JobOutcome,
  total: number,
): Promise<Counts> {
  const { block, lane } = countItemOf(index);
  const Key = countKey(pk, round, block, lane);
  let item: Record<string, AttributeValue> | undefined;
  try {
    const out = await db.send(
      new UpdateItemCommand({
        TableName: table,
        Key,
        UpdateExpression: 'ADD #outcome :one, counted :index',
        ConditionExpression: 'NOT contains(counted, :i)',
        ExpressionAttributeNames: { '#outcome': outcome },
        ExpressionAttributeValues: { ':one': N(1), ':index': { NS: [String(index)] }, ':i': N(index) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    item = out.Attributes;
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw unavailable('counting a job in its round', e);
    // Counted before: the item as it is (that count may have completed the round, its caller gone).
    try {
      item = (await db.send(new GetItemCommand({ TableName: table, Key, ConsistentRead: true }))).Item;
    } catch (e) {
      throw unavailable("reading a round's count", e);
    }
  }
  const own = itemCounts(item);
  const oneBlock = total <= BLOCK;
  if (!oneBlock && counted(own) < countItemSize(total, block, lane)) return own;
  const inBlock = await summed(db, table, pk, blockPrefix(round, block));
  if (oneBlock || counted(inBlock) < countItemSize(total, block)) return inBlock;
  return countTotals(db, table, pk, round);
}

const counted = (c: Counts) => c.done + c.failed + c.cancelled;

/** The counts of every counting item of a round, summed (none counted yet: zeros). */
export function countTotals(db: DynamoDBClient, table: string, pk: string, round: string): Promise<Counts> {
  return summed(db, table, pk, `count#${round}#`);
}

/** The counts of the counting items under `prefix`, summed. */
async function summed(db: DynamoDBClient, table: string, pk: string, prefix: string): Promise<Counts> {
  let counts = NONE;
  let start: Record<string, AttributeValue> | undefined;
  do {
    try {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': S(pk), ':prefix': S(prefix) },
          ProjectionExpression: 'done, failed, cancelled',
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of out.Items ?? []) counts = addCounts(counts, itemCounts(item));
      start = out.LastEvaluatedKey;
    } catch (e) {
      throw unavailable("reading a round's counts", e);
    }
  } while (start);
  return counts;
}
