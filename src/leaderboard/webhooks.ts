/**
 * Webhooks: a leaderboard tells other sites what happened. Each delivery is a
 * POST of JSON with
 *   Umpire-Event: match.finished | rating.changed
 *   Umpire-Delivery: <id, the same on every retry>
 *   Umpire-Timestamp: <unix seconds>
 *   Umpire-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>" with the hook's secret>
 * A receiver checks the signature and rejects old timestamps. Failed
 * deliveries (network error or a non-2xx answer) are retried with backoff;
 * on the local server each hook has its own lane (webhook-lanes.ts) and
 * pending deliveries are stored until delivered or given up.
 */

import type { Delivery } from '../store/contract/webhooks.js';

export type { Delivery, Webhook, WebhookEvent } from '../store/contract/webhooks.js';

export async function signature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
  return `v1=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Posts one delivery; resolves to the HTTP status, rejects on a network error, a timeout or a blocked address. */
export type WebhookTransport = (
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) => Promise<number>;

/** One attempt's outcome; `final` failures (a blocked address) are not retried. */
export type AttemptResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly final: boolean; readonly reason: string };

/** Sends one attempt of a delivery, signed with a fresh timestamp. */
export async function attemptDelivery(
  d: Delivery,
  transport: WebhookTransport,
  timeoutMs: number,
  now: () => number = Date.now,
): Promise<AttemptResult> {
  const timestamp = Math.floor(now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'umpire-webhooks',
    'umpire-event': d.event,
    'umpire-delivery': d.id,
    'umpire-timestamp': String(timestamp),
    'umpire-signature': await signature(d.hook.secret, timestamp, d.body),
  };
  try {
    const status = await transport(d.hook.url, headers, d.body, timeoutMs);
    return status >= 200 && status < 300 ? { ok: true } : { ok: false, final: false, reason: `HTTP ${status}` };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return { ok: false, final: code === 'WEBHOOK_ADDRESS_BLOCKED', reason: (e as Error).message ?? String(e) };
  }
}

export interface SendOptions {
  /** Waits before each retry, in ms. */
  readonly backoffMs?: readonly number[];
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

/**
 * Delivers one event on its own, retrying with backoff (Workers, where each
 * delivery is its own waitUntil task); resolves to the attempts made and
 * whether one succeeded.
 */
export async function deliver(
  d: Delivery,
  transport: WebhookTransport,
  options: SendOptions = {},
): Promise<{ delivered: boolean; attempts: number }> {
  const backoff = options.backoffMs ?? [1000, 4000, 15000, 60000];
  for (let attempt = 0; attempt <= backoff.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoff[attempt - 1]));
    const result = await attemptDelivery(d, transport, options.timeoutMs ?? 10_000, options.now);
    if (result.ok) return { delivered: true, attempts: attempt + 1 };
    if (result.final) return { delivered: false, attempts: attempt + 1 };
  }
  return { delivered: false, attempts: backoff.length + 1 };
}
