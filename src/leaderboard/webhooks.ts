/**
 * Webhooks: a leaderboard tells other sites what happened. Each delivery is a
 * POST of JSON with
 *   Umpire-Event: match.finished | rating.changed
 *   Umpire-Delivery: <id, the same on every retry>
 *   Umpire-Timestamp: <unix seconds>
 *   Umpire-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>" with the hook's secret>
 * A receiver checks the signature and rejects old timestamps. Failed
 * deliveries (network error or a non-2xx answer) are retried with backoff.
 */

export interface Webhook {
  readonly id: string;
  readonly url: string;
  readonly secret: string;
  readonly createdAt: string;
}

export type WebhookEvent = 'match.finished' | 'rating.changed';

export interface Delivery {
  readonly hook: Webhook;
  readonly id: string;
  readonly event: WebhookEvent;
  readonly body: string;
}

export async function signature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
  return `v1=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface SendOptions {
  /** Waits before each retry, in ms. */
  readonly backoffMs?: readonly number[];
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

/** Delivers one event, retrying with backoff; resolves to the attempts made and whether one succeeded. */
export async function deliver(d: Delivery, options: SendOptions = {}): Promise<{ delivered: boolean; attempts: number }> {
  const backoff = options.backoffMs ?? [1000, 4000, 15000, 60000];
  const now = options.now ?? Date.now;
  for (let attempt = 0; attempt <= backoff.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoff[attempt - 1]));
    const timestamp = Math.floor(now() / 1000);
    try {
      const response = await fetch(d.hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'umpire-webhooks',
          'umpire-event': d.event,
          'umpire-delivery': d.id,
          'umpire-timestamp': String(timestamp),
          'umpire-signature': await signature(d.hook.secret, timestamp, d.body),
        },
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { delivered: true, attempts: attempt + 1 };
    } catch {
      // A network error or a timeout: retried like a failed answer.
    }
  }
  return { delivered: false, attempts: backoff.length + 1 };
}
