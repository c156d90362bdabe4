import type { WebhookSender } from '../kit.js';
import type { PendingDeliveryStore } from '../../store/contract/pending-deliveries.js';
import { WebhookLanes } from '../../leaderboard/webhook-lanes.js';
import type { WebhookSettings } from '../../leaderboard/webhook-settings.js';
import { nodeWebhookTransport } from './webhook-transport.js';
import { attemptDelivery } from '../../leaderboard/webhooks.js';

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

/** Lanes as a runtime's webhook sender (the Node server's and Lambda's). */
export function lanesSender(lanes: WebhookLanes): WebhookSender {
  return { send: (list) => lanes.enqueue(list), forget: (id) => lanes.forget(id) };
}
