/**
 * Webhook settings, read once by each entry from its environment and passed
 * down: who may receive hooks, how many a board may have, and how deliveries
 * are retried and bounded.
 */

export interface WebhookSettings {
  /** Local development only: loopback and private addresses may receive hooks (never URLs with credentials). */
  readonly allowPrivate: boolean;
  /** Hooks one leaderboard may have. */
  readonly maxPerBoard: number;
  /** Waits before each retry, in ms; a delivery is given up after 1 + this many attempts. */
  readonly backoffMs: readonly number[];
  /** How long one attempt may take, in ms. */
  readonly timeoutMs: number;
  /** Delivery lanes (one per hook) that may run at once; hooks beyond wait in storage. */
  readonly maxLanes: number;
  /** Deliveries one lane holds in memory; more wait in storage. */
  readonly maxPendingPerLane: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivate: false,
  maxPerBoard: 10,
  backoffMs: [1000, 4000, 15000, 60000],
  timeoutMs: 10_000,
  maxLanes: 256,
  maxPendingPerLane: 100,
};

export class WebhookSettingsError extends Error {
  readonly code = 'WEBHOOK_SETTINGS_INVALID';
}

/**
 * Reads WEBHOOKS_ALLOW_PRIVATE (1 or true), WEBHOOKS_MAX_PER_BOARD,
 * WEBHOOK_BACKOFF_MS (comma-separated ms), WEBHOOK_TIMEOUT_MS, WEBHOOK_LANES
 * and WEBHOOK_LANE_PENDING; unset or empty means the default. A value that
 * does not parse stops the entry rather than silently using a default.
 */
export function webhookSettingsFromEnv(env: Readonly<Record<string, unknown>>): WebhookSettings {
  const text = (name: string): string | undefined => {
    const v = env[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const count = (name: string, fallback: number, min: number, max: number): number => {
    const v = text(name);
    if (v === undefined) return fallback;
    const n = /^\d{1,9}$/.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max))
      throw new WebhookSettingsError(`${name}: expected a whole number from ${min} to ${max}, got '${v}'`);
    return n;
  };
  const allow = text('WEBHOOKS_ALLOW_PRIVATE')?.toLowerCase();
  if (allow !== undefined && !['1', 'true', '0', 'false'].includes(allow))
    throw new WebhookSettingsError(`WEBHOOKS_ALLOW_PRIVATE: expected 1 or 0, got '${allow}'`);
  const backoffText = text('WEBHOOK_BACKOFF_MS');
  let backoffMs = DEFAULT_WEBHOOK_SETTINGS.backoffMs;
  if (backoffText !== undefined) {
    const texts = backoffText.split(',').map((p) => p.trim());
    const parts = texts.map(Number);
    if (parts.length > 20 || !texts.every((t) => /^\d{1,8}$/.test(t)) || !parts.every((n) => n <= 86_400_000)) {
      throw new WebhookSettingsError(
        `WEBHOOK_BACKOFF_MS: expected up to 20 comma-separated waits in ms (0 to 86400000), got '${backoffText}'`,
      );
    }
    backoffMs = parts;
  }
  return {
    allowPrivate: allow === '1' || allow === 'true',
    maxPerBoard: count('WEBHOOKS_MAX_PER_BOARD', DEFAULT_WEBHOOK_SETTINGS.maxPerBoard, 1, 1000),
    backoffMs,
    timeoutMs: count('WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_SETTINGS.timeoutMs, 100, 120_000),
    maxLanes: count('WEBHOOK_LANES', DEFAULT_WEBHOOK_SETTINGS.maxLanes, 1, 100_000),
    maxPendingPerLane: count('WEBHOOK_LANE_PENDING', DEFAULT_WEBHOOK_SETTINGS.maxPendingPerLane, 1, 100_000),
  };
}
