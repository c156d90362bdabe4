import type { PendingDeliveryStore } from '../store/contract/pending-deliveries.js';
import { WebhookLanes } from './webhook-lanes.js';
import type { WebhookSettings } from './webhook-settings.js';
import { nodeWebhookTransport } from './webhook-transport-node.js';
import { attemptDelivery } from './webhooks.js';

/** Lanes that send through the Node transport (addresses re-checked when connecting), as the settings say. */
export function nodeWebhookLanes(settings: WebhookSettings, store?: PendingDeliveryStore): WebhookLanes {
  const transport = nodeWebhookTransport({ allowPrivate: settings.allowPrivate });
  return new WebhookLanes({
    attempt: (d) => attemptDelivery(d, transport, settings.timeoutMs),
    ...(store ? { store } : {}),
    backoffMs: settings.backoffMs,
    maxLanes: settings.maxLanes,
    maxPendingPerLane: settings.maxPendingPerLane,
  });
}
