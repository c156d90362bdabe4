import type { Delivery } from './webhooks.js';

/** A delivery not yet made or given up, as it is stored between attempts and across restarts. */
export interface PendingDelivery extends Delivery {
  /** Attempts made so far. */
  readonly attempts: number;
  /** When the next attempt may be made, in ms since the epoch. */
  readonly nextAttemptAt: number;
  /** Sortable text that orders one hook's deliveries as they were created. */
  readonly order: string;
}

/** Where pending deliveries wait: written when created, removed when delivered or given up. */
export interface PendingDeliveryStore {
  /** Stores a delivery, or its new attempt count and time. */
  put(d: PendingDelivery): Promise<void>;
  remove(d: PendingDelivery): Promise<void>;
  /** Stored deliveries by hook, then in order, a page at a time; `after` is the `next` of the page before. */
  list(query: {
    readonly hookId?: string;
    readonly after?: string;
    readonly limit: number;
  }): Promise<{ items: PendingDelivery[]; next: string | null }>;
}
