import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  type AttributeValue,
  type DynamoDBClient,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { S } from './attribute-values.js';
import { unavailable } from './s3-blobs.js';

/** Most requests one BatchWriteItem carries, and most keys one BatchGetItem reads (DynamoDB's limits). */
const WRITES_PER_BATCH = 25;
const KEYS_PER_BATCH = 100;
/** Sends of what DynamoDB left unprocessed (throttled) before giving up, after 100, 200, ... ms. */
const RESENDS = 5;

/**
 * Sends `items` in slices of `size`, each slice again with what DynamoDB left unprocessed, after a
 * short wait, a few times before giving up: `send` returns what it left.
 */
async function untilProcessed<T>(
  items: readonly T[],
  size: number,
  what: string,
  send: (slice: T[]) => Promise<T[]>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    let left = items.slice(start, start + size);
    for (let attempt = 0; left.length > 0; attempt++) {
      if (attempt > 0) {
        if (attempt > RESENDS) throw unavailable(what, new Error(`${left.length} items left unprocessed`));
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
      try {
        left = await send(left);
      } catch (e) {
        throw unavailable(what, e);
      }
    }
  }
}

/** Writes (puts and deletes) in batches of 25, one request each, not one per item. */
export function batchWriteAll(
  db: DynamoDBClient,
  table: string,
  requests: readonly WriteRequest[],
  what: string,
): Promise<void> {
  return untilProcessed(requests, WRITES_PER_BATCH, what, async (slice) => {
    const out = await db.send(new BatchWriteItemCommand({ RequestItems: { [table]: slice } }));
    return out.UnprocessedItems?.[table] ?? [];
  });
}

/** The items of `keys` that exist, read consistently in batches of 100 (in no particular order). */
export async function batchGetAll(
  db: DynamoDBClient,
  table: string,
  keys: readonly Record<string, AttributeValue>[],
  what: string,
): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  await untilProcessed(keys, KEYS_PER_BATCH, what, async (slice) => {
    const out = await db.send(
      new BatchGetItemCommand({ RequestItems: { [table]: { Keys: slice, ConsistentRead: true } } }),
    );
    items.push(...(out.Responses?.[table] ?? []));
    return out.UnprocessedKeys?.[table]?.Keys ?? [];
  });
  return items;
}

/**
 * The items index entries point at, one each, in the entries' order: each entry names the item
 * under `sk` in its own partition. An entry that carries the item's attributes itself (a copy, or
 * an item indexed itself) stands for it; the others are read in batches. An item that is gone is
 * left out.
 */
export async function itemsNamed(
  db: DynamoDBClient,
  table: string,
  entries: readonly Record<string, AttributeValue>[],
  sk: string,
  carries: (entry: Record<string, AttributeValue>) => boolean,
  what: string,
): Promise<Record<string, AttributeValue>[]> {
  const partitions = [...new Set(entries.map((e) => e.pk!.S!))];
  const found = new Map<string, Record<string, AttributeValue>>();
  for (const entry of entries) if (carries(entry) && !found.has(entry.pk!.S!)) found.set(entry.pk!.S!, entry);
  const keys = partitions.filter((pk) => !found.has(pk)).map((pk) => ({ pk: S(pk), sk: S(sk) }));
  for (const item of await batchGetAll(db, table, keys, what)) found.set(item.pk!.S!, item);
  return partitions.flatMap((pk) => {
    const item = found.get(pk);
    return item ? [item] : [];
  });
}
