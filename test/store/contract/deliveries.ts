import { describe, expect, it } from 'vitest';
import type { PendingDelivery } from '../../../src/store/contract/pending-deliveries.js';
import type { StoreHarness } from './harness.js';
import { uid } from './harness.js';

const delivery = (hook: string, order: string, id: string, attempts = 0): PendingDelivery => ({
  hook: { id: hook, url: `https://example.com/${hook}`, secret: 's'.repeat(32), createdAt: '2026-01-01T00:00:00.000Z' },
  id,
  event: 'match.finished',
  body: `{"delivery":"${id}"}`,
  attempts,
  nextAttemptAt: 0,
  order,
});

/** PendingDeliveryStore: deliveries by hook in the order made, a page at a time; one unreadable item skipped, not fatal. */
export function deliveryStoreContract(harness: () => StoreHarness): void {
  describe('PendingDeliveryStore', () => {
    const hookA = uid('hook_a');
    const hookB = uid('hook_b');

    it("lists a hook's deliveries in the order they were made, a page at a time, and stores new attempts in place", async () => {
      const { deliveries } = harness().stores;
      await deliveries.put(delivery(hookA, '000000000000002.000000', 'd2'));
      await deliveries.put(delivery(hookA, '000000000000001.000001', 'd1b'));
      await deliveries.put(delivery(hookA, '000000000000001.000000', 'd1a'));
      await deliveries.put(delivery(hookB, '000000000000000.000000', 'other'));
      await deliveries.put(delivery(hookA, '000000000000002.000000', 'd2', 3));
      const ids: string[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const page = await deliveries.list({ hookId: hookA, limit: 2, ...(after ? { after } : {}) });
        ids.push(...page.items.map((d) => d.id));
        after = page.next ?? undefined;
        pages++;
      } while (after && pages < 10);
      expect(ids).toEqual(['d1a', 'd1b', 'd2']);
      expect((await deliveries.list({ hookId: hookA, limit: 10 })).items.at(-1)).toEqual(
        delivery(hookA, '000000000000002.000000', 'd2', 3),
      );
    });

    it('removes a delivery, and lists every hook without one', async () => {
      const { deliveries } = harness().stores;
      await deliveries.remove(delivery(hookA, '000000000000001.000001', 'd1b'));
      await deliveries.remove(delivery(hookA, '000000000000009.000000', 'never-stored'));
      expect((await deliveries.list({ hookId: hookA, limit: 10 })).items.map((d) => d.id)).toEqual(['d1a', 'd2']);
      const everyone: PendingDelivery[] = [];
      let after: string | undefined;
      do {
        const page = await deliveries.list({ limit: 100, ...(after ? { after } : {}) });
        everyone.push(...page.items);
        after = page.next ?? undefined;
      } while (after);
      expect(everyone.filter((d) => d.hook.id === hookA || d.hook.id === hookB).map((d) => d.id)).toEqual([
        'd1a',
        'd2',
        'other',
      ]);
    });

    it('skips an unreadable delivery and lists the others', async (context) => {
      const { stores, corruptDelivery } = harness();
      if (!corruptDelivery) return context.skip('this backend keeps no data that can be corrupted outside it');
      const hook = uid('hook_corrupt');
      await stores.deliveries.put(delivery(hook, '000000000000001.000000', 'good1'));
      await corruptDelivery(delivery(hook, '000000000000002.000000', 'bad'));
      await stores.deliveries.put(delivery(hook, '000000000000003.000000', 'good2'));
      expect((await stores.deliveries.list({ hookId: hook, limit: 10 })).items.map((d) => d.id)).toEqual([
        'good1',
        'good2',
      ]);
    });
  });
}
