import type { ApiKeyRecord } from '../../../src/store/contract/keys.js';
import type { PendingDelivery } from '../../../src/store/contract/pending-deliveries.js';
import type { Page } from '../../../src/store/contract/page.js';
import type { Stores } from '../../../src/store/contract/stores.js';

/** One backend's stores, as the contract suite uses them. */
export interface StoreHarness {
  readonly stores: Stores;
  /** Writes an unreadable item where `d` is stored, for backends whose data can be corrupted outside them. */
  readonly corruptDelivery?: (d: PendingDelivery) => Promise<void>;
  /** Stores a key as versions before scopes and listings did; without it, create() stores the record as given. */
  readonly writeLegacyKey?: (hash: string, record: ApiKeyRecord) => Promise<void>;
  close(): Promise<void>;
}

export type OpenHarness = () => Promise<StoreHarness>;

/**
 * Ids unique to this run, so a suite can run against a real table that keeps earlier runs'
 * items: every id, key and partition the suite writes starts with it.
 */
export const RUN = `t${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
export const uid = (name: string): string => `${RUN}_${name}`;

/**
 * Times that sort after every earlier run's (a century ahead of now, then `second`): in a
 * listing newest first shared with earlier runs, this run's items come first.
 */
const base = Date.now() + 100 * 365 * 86_400_000;
export const at = (second: number): string => new Date(base + second * 1000).toISOString();

export const cursorOf = (text: string): string => Buffer.from(text).toString('base64url');

/** Every item of a listing, page by page (`size` a page). */
export async function all<T>(
  list: (limit: number, cursor?: string) => Promise<Page<T>>,
  size: number,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await list(size, cursor);
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
    pages++;
  } while (cursor && pages < 1000);
  return { items, pages };
}

/** The first `count` items of a listing, newest first: this run's, when its items sort first (see `at`). */
export async function first<T>(
  list: (limit: number, cursor?: string) => Promise<Page<T>>,
  count: number,
  size: number,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(size, cursor);
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor && items.length < count);
  return items.slice(0, count);
}
