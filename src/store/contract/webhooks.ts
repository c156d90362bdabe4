/** A board's webhooks and their deliveries, as stored (src/leaderboard/webhooks.ts sends them). */

export interface Webhook {
  readonly id: string;
  readonly url: string;
  readonly secret: string;
  readonly createdAt: string;
}

export type WebhookEvent = 'match.finished' | 'rating.changed' | 'batch.finished';

export interface Delivery {
  readonly hook: Webhook;
  readonly id: string;
  readonly event: WebhookEvent;
  readonly body: string;
}
