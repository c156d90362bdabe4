/**
 * Who a piece of work is for: `key` is the party shares are counted by (an
 * API key's id, a board's owner), `lane` an optional split inside it (one of
 * the key's boards), so that its boards share its part fairly too.
 */
export interface Tenant {
  readonly key: string;
  readonly lane?: string;
}

/** The tenant of work nobody is named for (tools, tests). */
export const ANONYMOUS: Tenant = { key: '' };

interface Share {
  /** Items of it started and not yet finished. */
  running: number;
  /** When it last had an item started, or arrived (the queue's own counter): ties go to the longest unserved. */
  served: number;
}

interface Lane<T> extends Share {
  readonly items: T[];
}

interface Key<T> extends Share {
  readonly lanes: Map<string, Lane<T>>;
  waiting: number;
}

/**
 * Waiting items, one first-in-first-out line per tenant, taken fairly: the
 * next item is from the key with the fewest items running, ties going to the
 * key served longest ago (so equal keys take turns); inside that key, from
 * its lane chosen the same way. A key alone may have every item running; as
 * soon as another key waits, each start goes to whoever has fewer running.
 * A tenant's counts are dropped once it has nothing waiting or running.
 */
export class FairQueue<T> {
  private readonly keys = new Map<string, Key<T>>();
  private clock = 0;
  private count = 0;

  /** Items waiting, all tenants together. */
  get length(): number {
    return this.count;
  }

  /** Items of `key` waiting (its lanes together). */
  waitingOf(key: string): number {
    return this.keys.get(key)?.waiting ?? 0;
  }

  /** Items of `key` started and not finished. */
  runningOf(key: string): number {
    return this.keys.get(key)?.running ?? 0;
  }

  push(tenant: Tenant, item: T): void {
    let key = this.keys.get(tenant.key);
    if (!key) this.keys.set(tenant.key, (key = { lanes: new Map(), waiting: 0, running: 0, served: ++this.clock }));
    const laneName = tenant.lane ?? '';
    let lane = key.lanes.get(laneName);
    if (!lane) key.lanes.set(laneName, (lane = { items: [], running: 0, served: ++this.clock }));
    lane.items.push(item);
    key.waiting++;
    this.count++;
  }

  /**
   * Takes the next item by the rule above, from a key with fewer than
   * `maxRunningPerKey` running (none if every waiting key is at it); the item
   * counts as running until `finished` is called with its tenant.
   */
  take(maxRunningPerKey = Infinity): { readonly tenant: Tenant; readonly item: T } | undefined {
    const picked = fewestRunning(this.keys, (k) => k.waiting > 0 && k.running < maxRunningPerKey);
    if (!picked) return undefined;
    const [keyName, key] = picked;
    const [laneName, lane] = fewestRunning(key.lanes, (l) => l.items.length > 0)!;
    const item = lane.items.shift()!;
    key.waiting--;
    this.count--;
    key.running++;
    lane.running++;
    key.served = lane.served = ++this.clock;
    return { tenant: laneName === '' ? { key: keyName } : { key: keyName, lane: laneName }, item };
  }

  /** An item taken for `tenant` has finished (or failed): its running share drops. */
  finished(tenant: Tenant): void {
    const key = this.keys.get(tenant.key);
    const lane = key?.lanes.get(tenant.lane ?? '');
    if (!key || !lane) return;
    key.running = Math.max(0, key.running - 1);
    lane.running = Math.max(0, lane.running - 1);
    this.forgetIdle(tenant.key);
  }

  /** Removes and returns every waiting item (shutting down); running counts stay until finished. */
  drain(): T[] {
    const all: T[] = [];
    for (const key of this.keys.values()) {
      for (const lane of key.lanes.values()) all.push(...lane.items.splice(0));
      key.waiting = 0;
    }
    this.count = 0;
    for (const name of [...this.keys.keys()]) this.forgetIdle(name);
    return all;
  }

  /** Drops the key's lanes with nothing waiting or running, and the key once it has none. */
  private forgetIdle(name: string): void {
    const key = this.keys.get(name);
    if (!key) return;
    for (const [laneName, lane] of key.lanes)
      if (lane.running === 0 && lane.items.length === 0) key.lanes.delete(laneName);
    if (key.lanes.size === 0) this.keys.delete(name);
  }
}

/** The entry with the fewest running among those `ready`, the one served longest ago on a tie. */
function fewestRunning<V extends Share>(map: Map<string, V>, ready: (v: V) => boolean): [string, V] | undefined {
  let best: [string, V] | undefined;
  for (const entry of map) {
    const v = entry[1];
    if (!ready(v)) continue;
    if (!best || v.running < best[1].running || (v.running === best[1].running && v.served < best[1].served))
      best = entry;
  }
  return best;
}
