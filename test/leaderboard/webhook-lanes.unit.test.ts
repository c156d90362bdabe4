import { describe, expect, it } from 'vitest';
import type { PendingDelivery, PendingDeliveryStore } from '../../src/store/contract/pending-deliveries.js';
import { WebhookLanes, type LaneOptions } from '../../src/leaderboard/webhook-lanes.js';
import type { AttemptResult, Delivery, Webhook } from '../../src/leaderboard/webhooks.js';

/** The DynamoDB store's contract in memory: sorted by hook, then order, then id. */
class MemoryStore implements PendingDeliveryStore {
  readonly items = new Map<string, PendingDelivery>();
  /** Every delivery ever stored, by id. */
  readonly written = new Set<string>();
  private key = (d: PendingDelivery) => `${d.hook.id}#${d.order}#${d.id}`;
  async put(d: PendingDelivery) {
    this.items.set(this.key(d), d);
    this.written.add(d.id);
  }
  async remove(d: PendingDelivery) {
    this.items.delete(this.key(d));
  }
  async list(q: { hookId?: string; after?: string; limit: number }) {
    const keys = [...this.items.keys()]
      .sort()
      .filter(
        (k) => (q.hookId === undefined || k.startsWith(`${q.hookId}#`)) && (q.after === undefined || k > q.after),
      );
    const page = keys.slice(0, q.limit);
    return { items: page.map((k) => this.items.get(k)!), next: keys.length > q.limit ? page[page.length - 1]! : null };
  }
}

const hook = (id: string): Webhook => ({
  id,
  url: `https://example.org/${id}`,
  secret: 'whsec_x',
  createdAt: '2025-01-01T00:00:00.000Z',
});
let n = 0;
const delivery = (hookId: string): Delivery => ({
  hook: hook(hookId),
  id: `dlv_${++n}`,
  event: 'match.finished',
  body: `{"n":${n}}`,
});

interface Attempt {
  readonly hook: string;
  readonly id: string;
  readonly at: number;
}

function lanes(answer: (d: Delivery) => AttemptResult | Promise<AttemptResult>, options: Partial<LaneOptions> = {}) {
  const attempts: Attempt[] = [];
  const logs: string[] = [];
  const start = Date.now();
  const l = new WebhookLanes({
    attempt: async (d) => {
      attempts.push({ hook: d.hook.id, id: d.id, at: Date.now() - start });
      return answer(d);
    },
    backoffMs: [50, 50],
    maxLanes: 10,
    maxPendingPerLane: 10,
    log: (line) => logs.push(line),
    ...options,
  });
  return { l, attempts, logs };
}

const ok: AttemptResult = { ok: true };
const fail: AttemptResult = { ok: false, final: false, reason: 'HTTP 500' };

describe('webhook lanes', () => {
  it('retry a failing hook in order while other hooks deliver at once', async () => {
    const store = new MemoryStore();
    const { l, attempts, logs } = lanes((d) => (d.hook.id === 'bad' ? fail : ok), { store, backoffMs: [100, 100] });
    const bad = [delivery('bad'), delivery('bad')];
    const good = [delivery('good'), delivery('good')];
    await l.enqueue([...bad, ...good]);
    expect(store.written.size).toBe(4);
    await l.idle();
    // The good hook's deliveries went out right away, before the bad hook's first retry.
    const goodAt = attempts.filter((a) => a.hook === 'good').map((a) => a.at);
    expect(Math.max(...goodAt)).toBeLessThan(90);
    // The bad hook: each delivery three times (1 + 2 retries), one after the other.
    expect(attempts.filter((a) => a.hook === 'bad').map((a) => a.id)).toEqual([
      bad[0]!.id,
      bad[0]!.id,
      bad[0]!.id,
      bad[1]!.id,
      bad[1]!.id,
      bad[1]!.id,
    ]);
    expect(logs.filter((line) => /given up after 3 attempt\(s\): HTTP 500/.test(line))).toHaveLength(2);
    expect(store.items.size).toBe(0);
  });

  it('do not retry a blocked address', async () => {
    const { l, attempts, logs } = lanes(() => ({ ok: false, final: true, reason: 'resolves to 10.0.0.1' }));
    await l.enqueue([delivery('h')]);
    await l.idle();
    expect(attempts).toHaveLength(1);
    expect(logs[0]).toMatch(/given up after 1 attempt\(s\): resolves to 10\.0\.0\.1/);
  });

  it('park deliveries beyond a lane’s bound in storage and read them back in order', async () => {
    const store = new MemoryStore();
    const { l, attempts, logs } = lanes(() => ok, { store, maxPendingPerLane: 2 });
    const list = Array.from({ length: 7 }, () => delivery('busy'));
    await l.enqueue(list);
    expect(store.written.size).toBe(7);
    expect(l.size.pending).toBeLessThanOrEqual(2);
    expect(logs.some((line) => /parked in storage until the lane has room/.test(line))).toBe(true);
    for (let i = 0; i < 100 && store.items.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    await l.idle();
    expect(attempts.map((a) => a.id)).toEqual(list.map((d) => d.id));
    expect(store.items.size).toBe(0);
    expect(l.size.lanes).toBe(0);
  });

  it('park hooks beyond the lane bound until a lane closes', async () => {
    const store = new MemoryStore();
    const { l, attempts, logs } = lanes(() => new Promise<AttemptResult>((r) => setTimeout(() => r(ok), 20)), {
      store,
      maxLanes: 1,
    });
    await l.enqueue([delivery('one'), delivery('two'), delivery('one')]);
    expect(
      logs.some((line) =>
        /webhook two: deliveries parked in storage until a lane is free \(all 1 lanes are taken\)/.test(line),
      ),
    ).toBe(true);
    for (let i = 0; i < 100 && store.items.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    await l.idle();
    expect(attempts.map((a) => a.hook)).toEqual(['one', 'one', 'two']);
    expect(store.items.size).toBe(0);
  });

  it('drop deliveries beyond the bounds when there is no store, and say so', async () => {
    const { l, attempts, logs } = lanes(() => ok, { maxPendingPerLane: 1 });
    await l.enqueue([delivery('h'), delivery('h')]);
    await l.idle();
    expect(attempts).toHaveLength(1);
    expect(logs[0]).toMatch(/dropped: its lane holds 1 deliveries/);
  });

  it('resume stored deliveries with their ids and attempt counts', async () => {
    const store = new MemoryStore();
    const stored: PendingDelivery[] = [
      { ...delivery('r'), attempts: 2, nextAttemptAt: 0, order: '000000000000001.000000' },
      { ...delivery('r'), attempts: 0, nextAttemptAt: 0, order: '000000000000001.000001' },
    ];
    for (const d of stored) await store.put(d);
    const { l, attempts, logs } = lanes(() => fail, { store });
    expect(await l.resume()).toBe(2);
    await l.idle();
    // The first had 2 attempts already: one more and it is given up (1 + 2 retries in all).
    expect(attempts.map((a) => a.id)).toEqual([stored[0]!.id, stored[1]!.id, stored[1]!.id, stored[1]!.id]);
    expect(logs[0]).toMatch(new RegExp(`${stored[0]!.id} .* given up after 3 attempt`));
    expect(store.items.size).toBe(0);
  });

  it('forget a deleted hook: pending deliveries are dropped from memory and storage', async () => {
    const store = new MemoryStore();
    const { l, attempts } = lanes(() => fail, { store, backoffMs: [10_000] });
    await l.enqueue([delivery('gone'), delivery('gone')]);
    for (let i = 0; i < 50 && attempts.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await l.forget('gone');
    await l.idle();
    expect(attempts).toHaveLength(1);
    expect(store.items.size).toBe(0);
    await l.enqueue([delivery('gone')]);
    await l.idle();
    expect(attempts).toHaveLength(1);
  });
});
