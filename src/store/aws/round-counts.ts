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
 * size, and one item takes about 1,000 writes a second. So a job is counted in one of SHARDS
 * items beside its round, by its index modulo SHARDS: pk as the round's, sk
 * `count#<round id>#<shard, 4 digits>`, each with `done`, `failed`, `cancelled` and `counted`.
 * A round of a million jobs keeps about a thousand indexes in each.
 */
export const SHARDS = 1024;

export interface Counts {
  readonly done: number;
  readonly failed: number;
  readonly cancelled: number;
}

const shardOf = (index: number) => index % SHARDS;

/** How many of the indexes below `total` fall in `shard`. */
export function shardSize(shard: number, total: number): number {
  return total > shard ? Math.floor((total - 1 - shard) / SHARDS) + 1 : 0;
}

const countKey = (pk: string, round: string, shard: number): Record<string, AttributeValue> => ({
  pk: S(pk),
  sk: S(`count#${round}#${String(shard).padStart(4, '0')}`),
});

const countsOf = (item: Record<string, AttributeValue> | undefined): Counts => ({
  done: Number(item?.done?.N ?? 0),
  failed: Number(item?.failed?.N ?? 0),
  cancelled: Number(item?.cancelled?.N ?? 0),
});

const sum = (counts: readonly Counts[]): Counts =>
  counts.reduce(
    (a, b) => ({ done: a.done + b.done, failed: a.failed + b.failed, cancelled: a.cancelled + b.cancelled }),
    {
      done: 0,
      failed: 0,
      cancelled: 0,
    },
  );

export const addCounts = (a: Counts, b: Counts): Counts => sum([a, b]);

/** The counters an item carries itself (a round counted before the shards, or none). */
export const itemCounts = countsOf;

/**
 * Counts job `index` of a round as `outcome` in its shard, unless it was counted before. Whether
 * the shard holds every index below `total` after (only then may the round be complete), and the
 * shard's counts.
 */
export async function countInShard(
  db: DynamoDBClient,
  table: string,
  pk: string,
  round: string,
  index: number,
  outcome: JobOutcome,
  total: number,
): Promise<{ full: boolean; counts: Counts }> {
  const shard = shardOf(index);
  const Key = countKey(pk, round, shard);
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
    // Counted before: the shard as it is (its round may have been completed by that count).
    try {
      item = (await db.send(new GetItemCommand({ TableName: table, Key, ConsistentRead: true }))).Item;
    } catch (e) {
      throw unavailable("reading a round's count", e);
    }
  }
  const counts = countsOf(item);
  return { full: counts.done + counts.failed + counts.cancelled >= shardSize(shard, total), counts };
}

/** The counts of every shard of a round, summed (none counted yet: zeros). */
export async function shardTotals(db: DynamoDBClient, table: string, pk: string, round: string): Promise<Counts> {
  const counts: Counts[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    try {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': S(pk), ':prefix': S(`count#${round}#`) },
          ProjectionExpression: 'done, failed, cancelled',
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of out.Items ?? []) counts.push(countsOf(item));
      start = out.LastEvaluatedKey;
    } catch (e) {
      throw unavailable("reading a round's counts", e);
    }
  } while (start);
  return sum(counts);
}
