import { nextOrder } from './delivery-order.js';
import type { PendingDelivery, PendingDeliveryStore } from '../store/contract/pending-deliveries.js';
import type { AttemptResult, Delivery } from './webhooks.js';

export interface LaneOptions {
  /** Makes one attempt of a delivery. */
  readonly attempt: (d: Delivery) => Promise<AttemptResult>;
  /** Where pending deliveries are kept across restarts; without one they live in memory and are dropped beyond the bounds. */
  readonly store?: PendingDeliveryStore;
  /** Waits before each retry, in ms. */
  readonly backoffMs: readonly number[];
  readonly maxLanes: number;
  readonly maxPendingPerLane: number;
  readonly log?: (line: string) => void;
  readonly now?: () => number;
}

interface Queued {
  d: PendingDelivery;
  /** Settles when the delivery is stored (or storing it failed, which is logged). */
  readonly stored: Promise<void>;
}

interface Lane {
  readonly hookId: string;
  readonly items: Queued[];
  readonly ids: Set<string>;
  /** The store holds deliveries of this hook that are not in `items`. */
  parked: boolean;
  /** Bumped whenever a delivery is parked, so a reload can tell that it may have missed one. */
  parks: number;
  running: boolean;
  cancelled: boolean;
  wake: (() => void) | null;
}

/** Ids remembered as finished, so a delivery read back from storage while it was being finished is not sent again. */
const FINISHED_MEMORY = 10_000;
/** Pages of 100 read when resuming: at most a million stored deliveries. */
const MAX_RESUME_PAGES = 10_000;
const RESUME_PAGE = 100;

/**
 * Webhook deliveries in lanes, one per hook: a lane sends its hook's
 * deliveries one at a time, in the order they were made, each retried with
 * backoff before the next; lanes run independently, so a slow or failing
 * endpoint delays only its own deliveries.
 *
 * Bounds: at most `maxLanes` lanes and `maxPendingPerLane` deliveries in each.
 * Beyond them, with a store, a delivery is parked: it stays stored and is
 * read back when its lane has room (a hook without a lane gets one when
 * another lane closes); without a store it is dropped. Either is logged.
 */
export class WebhookLanes {
  private readonly lanes = new Map<string, Lane>();
  /** Hooks with parked deliveries and no lane (all lanes were taken), oldest first. */
  private readonly waitingHooks = new Set<string>();
  /** Hooks deleted: whatever still arrives for them is dropped. */
  private readonly forgotten = new Set<string>();
  private readonly finished = new Set<string>();
  private readonly parkWrites = new Set<Promise<void>>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly log: (line: string) => void;
  private readonly now: () => number;

  constructor(private readonly options: LaneOptions) {
    this.log = options.log ?? ((line) => console.error(line));
    this.now = options.now ?? Date.now;
  }

  /** Stores and queues new deliveries; resolves once they are stored (a failure to store is logged, and the delivery still sent from memory). */
  async enqueue(list: readonly Delivery[]): Promise<void> {
    const now = this.now();
    await Promise.all(
      list.map((d) =>
        this.admit(
          {
            hook: d.hook,
            id: d.id,
            event: d.event,
            body: d.body,
            attempts: 0,
            nextAttemptAt: now,
            order: nextOrder(now),
          },
          true,
        ),
      ),
    );
  }

  /** Queues every stored delivery (when a server starts); resolves to how many were found. */
  async resume(): Promise<number> {
    const store = this.options.store;
    if (!store) return 0;
    let found = 0;
    let after: string | undefined;
    for (let page = 0; page < MAX_RESUME_PAGES; page++) {
      const { items, next } = await store.list({ limit: RESUME_PAGE, ...(after ? { after } : {}) });
      for (const d of items) void this.admit(d, false);
      found += items.length;
      if (!next) break;
      after = next;
    }
    return found;
  }

  /** Drops a deleted hook's deliveries, in memory and stored. */
  async forget(hookId: string): Promise<void> {
    remember(this.forgotten, hookId);
    this.waitingHooks.delete(hookId);
    const lane = this.lanes.get(hookId);
    if (lane) {
      lane.cancelled = true;
      lane.items.length = 0;
      lane.ids.clear();
      lane.wake?.();
      // A running lane closes itself when its loop ends; one at rest is closed here.
      if (!lane.running) this.settle(lane);
    }
    const store = this.options.store;
    if (!store) return;
    for (let page = 0; page < MAX_RESUME_PAGES; page++) {
      const { items, next } = await store.list({ hookId, limit: RESUME_PAGE });
      for (const d of items) await store.remove(d);
      if (!next || items.length === 0) break;
    }
  }

  /** Resolves when no lane is sending or waiting to retry (parked deliveries stay stored). */
  idle(): Promise<void> {
    if (this.quiet()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops every lane (what is pending stays stored for the next start). */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes.values()) lane.wake?.();
  }

  /** Lanes and deliveries held in memory, for logs and tests. */
  get size(): { lanes: number; pending: number } {
    let pending = 0;
    for (const lane of this.lanes.values()) pending += lane.items.length;
    return { lanes: this.lanes.size, pending };
  }

  private admit(d: PendingDelivery, fresh: boolean): Promise<void> {
    const hookId = d.hook.id;
    if (this.forgotten.has(hookId) || this.finished.has(d.id)) return Promise.resolve();
    let lane = this.lanes.get(hookId);
    if (lane?.ids.has(d.id)) return Promise.resolve();
    if (this.closed) return fresh ? this.write(d) : Promise.resolve();
    if (!lane && !this.waitingHooks.has(hookId) && this.lanes.size < this.options.maxLanes) {
      lane = {
        hookId,
        items: [],
        ids: new Set(),
        parked: false,
        parks: 0,
        running: false,
        cancelled: false,
        wake: null,
      };
      this.lanes.set(hookId, lane);
    }
    if (lane && !lane.parked && lane.items.length < this.options.maxPendingPerLane) {
      const stored = fresh ? this.write(d) : Promise.resolve();
      lane.items.push({ d, stored });
      lane.ids.add(d.id);
      this.start(lane);
      return stored;
    }
    return this.park(lane, d, fresh);
  }

  private park(lane: Lane | undefined, d: PendingDelivery, fresh: boolean): Promise<void> {
    const why = lane
      ? `its lane holds ${this.options.maxPendingPerLane} deliveries`
      : `all ${this.options.maxLanes} lanes are taken`;
    if (!this.options.store) {
      this.log(`webhook ${d.hook.id}: delivery ${d.id} (${d.event}) dropped: ${why}`);
      return Promise.resolve();
    }
    if (lane) {
      if (!lane.parked) this.log(`webhook ${d.hook.id}: deliveries parked in storage until the lane has room (${why})`);
      lane.parked = true;
      lane.parks++;
    } else if (!this.waitingHooks.has(d.hook.id)) {
      this.log(`webhook ${d.hook.id}: deliveries parked in storage until a lane is free (${why})`);
      this.waitingHooks.add(d.hook.id);
    }
    const write = fresh ? this.write(d) : Promise.resolve();
    if (fresh) {
      this.parkWrites.add(write);
      void write.finally(() => this.parkWrites.delete(write));
    }
    // A parked lane at rest (its last read-back failed) tries again now.
    if (lane && !lane.running && !this.closed) this.start(lane);
    return write;
  }

  private write(d: PendingDelivery): Promise<void> {
    const store = this.options.store;
    if (!store) return Promise.resolve();
    return store
      .put(d)
      .catch((e) =>
        this.log(
          `webhook ${d.hook.id}: delivery ${d.id} not stored, it would not survive a restart: ${(e as Error).message}`,
        ),
      );
  }

  private start(lane: Lane): void {
    if (lane.running) return;
    lane.running = true;
    void this.run(lane)
      .catch((e) => this.log(`webhook ${lane.hookId}: lane stopped: ${(e as Error).message}`))
      .finally(() => {
        lane.running = false;
        this.settle(lane);
      });
  }

  private async run(lane: Lane): Promise<void> {
    const backoff = this.options.backoffMs;
    while (!lane.cancelled && !this.closed) {
      if (lane.items.length === 0) {
        if (!lane.parked || !(await this.reload(lane))) return;
        continue;
      }
      const head = lane.items[0]!;
      await head.stored;
      const wait = head.d.nextAttemptAt - this.now();
      if (wait > 0) await this.sleep(lane, wait);
      if (lane.cancelled || this.closed) return;
      const result = await this.options.attempt(head.d);
      const attempts = head.d.attempts + 1;
      if (result.ok || result.final || attempts > backoff.length || lane.cancelled) {
        if (!result.ok && !lane.cancelled)
          this.log(
            `webhook ${lane.hookId}: delivery ${head.d.id} (${head.d.event}) given up after ${attempts} attempt(s): ${result.reason}`,
          );
        if (lane.items[0] === head) lane.items.shift();
        lane.ids.delete(head.d.id);
        remember(this.finished, head.d.id);
        await this.options.store
          ?.remove(head.d)
          .catch((e) =>
            this.log(
              `webhook ${lane.hookId}: delivery ${head.d.id} finished but still stored: ${(e as Error).message}`,
            ),
          );
      } else {
        head.d = { ...head.d, attempts, nextAttemptAt: this.now() + backoff[attempts - 1]! };
        await this.write(head.d);
      }
    }
  }

  /** Reads a lane's parked deliveries back into it; false if they could not be read. */
  private async reload(lane: Lane): Promise<boolean> {
    const store = this.options.store;
    if (!store) return false;
    const parks = lane.parks;
    // A parked delivery still being written would be missed by the read.
    await Promise.all([...this.parkWrites]);
    let page: { items: PendingDelivery[]; next: string | null };
    try {
      page = await store.list({ hookId: lane.hookId, limit: this.options.maxPendingPerLane });
    } catch (e) {
      this.log(
        `webhook ${lane.hookId}: parked deliveries not read back (${(e as Error).message}); the next delivery tries again`,
      );
      return false;
    }
    if (lane.cancelled) return false;
    let taken = 0;
    for (const d of page.items) {
      if (this.finished.has(d.id) || lane.ids.has(d.id) || lane.items.length >= this.options.maxPendingPerLane)
        continue;
      lane.items.push({ d, stored: Promise.resolve() });
      lane.ids.add(d.id);
      taken++;
    }
    // More may be stored past this page; or deliveries were parked while it was read.
    lane.parked = (page.next !== null && taken > 0) || lane.parks !== parks;
    return true;
  }

  private sleep(lane: Lane, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        lane.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      lane.wake = done;
    });
  }

  /** After a lane's loop ends: run it again if work arrived meanwhile, else close it and give a waiting hook its place. */
  private settle(lane: Lane): void {
    if (!lane.cancelled && !this.closed && lane.items.length > 0) return this.start(lane);
    // A parked lane whose read-back failed keeps its place; its next delivery starts it again.
    if (lane.cancelled || this.closed || !lane.parked) {
      if (this.lanes.get(lane.hookId) === lane) this.lanes.delete(lane.hookId);
      this.openWaiting();
    }
    if (this.quiet()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private openWaiting(): void {
    for (const hookId of this.waitingHooks) {
      if (this.closed || this.lanes.size >= this.options.maxLanes) return;
      this.waitingHooks.delete(hookId);
      const lane: Lane = {
        hookId,
        items: [],
        ids: new Set(),
        parked: true,
        parks: 0,
        running: false,
        cancelled: false,
        wake: null,
      };
      this.lanes.set(hookId, lane);
      this.start(lane);
    }
  }

  private quiet(): boolean {
    for (const lane of this.lanes.values()) if (lane.running) return false;
    return true;
  }
}

/** Adds to a set that keeps only its newest entries. */
function remember(set: Set<string>, value: string): void {
  set.add(value);
  if (set.size > FINISHED_MEMORY) set.delete(set.values().next().value!);
}
