import type { PendingDelivery, PendingDeliveryStore } from '../contract/pending-deliveries.js';
import { Listings } from './listings.js';

const ALL = 'pending';

/** Pending webhook deliveries in memory, keyed `<hook id>#<order>#<delivery id>` as DynamoDeliveryStore keys them. */
export class MemoryDeliveryStore implements PendingDeliveryStore {
  private readonly pending = new Listings<PendingDelivery>();

  private key(d: PendingDelivery): string {
    return `${d.hook.id}#${d.order}#${d.id}`;
  }

  async put(d: PendingDelivery): Promise<void> {
    this.pending.put(ALL, this.key(d), d);
  }

  async remove(d: PendingDelivery): Promise<void> {
    this.pending.delete(ALL, this.key(d));
  }

  async list(query: {
    readonly hookId?: string;
    readonly after?: string;
    readonly limit: number;
  }): Promise<{ items: PendingDelivery[]; next: string | null }> {
    const prefix = query.hookId === undefined ? '' : `${query.hookId}#`;
    const rest = this.pending
      .all(ALL)
      .filter(({ key }) => key.startsWith(prefix) && (query.after === undefined || key > query.after));
    const page = rest.slice(0, Math.max(1, query.limit));
    return { items: page.map((d) => d.item), next: rest.length > page.length ? page[page.length - 1]!.key : null };
  }
}
