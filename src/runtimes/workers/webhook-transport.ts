import { BlockedAddressError, checkWebhookUrl, type WebhookUrlPolicy } from '../../leaderboard/webhook-address.js';
import type { WebhookTransport } from '../../leaderboard/webhooks.js';

/**
 * The Workers transport: the URL is checked as at creation, then sent with
 * the platform's fetch, which cannot reach private or loopback addresses
 * from a deployed Worker, so a name rebound to one fails there. (Node has no
 * such guard: it uses src/runtimes/node/webhook-transport.ts.) Redirects are not followed.
 */
export function fetchWebhookTransport(policy: WebhookUrlPolicy = {}): WebhookTransport {
  return async (url, headers, body, timeoutMs) => {
    const checked = checkWebhookUrl(url, policy);
    if (!checked.ok) throw new BlockedAddressError(checked.problem.message);
    const response = await fetch(checked.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  };
}
