import type { Page } from '../contract/page.js';
import { StoreError } from '../contract/errors.js';
import { badCursor, decodeCursorText, encodeCursorText } from '../cursor-text.js';

/**
 * Listings kept in memory, as the DynamoDB stores keep them in their index: each item under a
 * partition (a bot's matches, an owner's bots...) and a sort key, read in key order a page at
 * a time. Items are kept as JSON text, so what a caller holds is never what is stored.
 * A cursor is the partition and the last key given, so a cursor of another listing is BAD_CURSOR.
 */
export class Listings<T> {
  private readonly partitions = new Map<string, Map<string, string>>();

  put(partition: string, key: string, item: T): void {
    let items = this.partitions.get(partition);
    if (!items) this.partitions.set(partition, (items = new Map()));
    items.set(key, JSON.stringify(item));
  }

  get(partition: string, key: string): T | undefined {
    const json = this.partitions.get(partition)?.get(key);
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }

  delete(partition: string, key: string): boolean {
    return this.partitions.get(partition)?.delete(key) ?? false;
  }

  /** Every item of a partition with its key, in key order (`newest` first: descending). */
  all(partition: string, newestFirst = false): { key: string; item: T }[] {
    const items = [...(this.partitions.get(partition) ?? new Map<string, string>())];
    items.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (newestFirst) items.reverse();
    return items.map(([key, json]) => ({ key, item: JSON.parse(json) as T }));
  }

  /** One page of a partition, greatest key first, after the item the cursor names. */
  page(partition: string, limit: number, cursor?: string): Page<T> {
    if (!Number.isInteger(limit) || limit < 1)
      throw new StoreError('STORAGE_UNAVAILABLE', `a page holds 1 item or more, not ${limit}`);
    const after = cursor ? cursorKey(cursor, partition) : undefined;
    const rest = this.all(partition, true).filter((i) => after === undefined || i.key < after);
    const items = rest.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map((i) => i.item),
      cursor: rest.length > limit && last ? listingCursor(partition, last.key) : null,
    };
  }
}

export const listingCursor = (partition: string, key: string): string =>
  encodeCursorText(JSON.stringify([partition, key]));

/** The key a cursor of `partition` goes on after; BAD_CURSOR for any other text. */
function cursorKey(cursor: string, partition: string): string {
  let value: unknown;
  try {
    value = JSON.parse(decodeCursorText(cursor));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    value[0] !== partition ||
    typeof value[1] !== 'string' ||
    value[1].length === 0
  )
    throw badCursor();
  return value[1];
}
