import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEBHOOK_SETTINGS,
  WebhookSettingsError,
  webhookSettingsFromEnv,
} from '../../src/leaderboard/webhook-settings.js';

describe('webhook settings', () => {
  it('default to public addresses only, 10 hooks a board and the documented backoff', () => {
    expect(webhookSettingsFromEnv({})).toEqual(DEFAULT_WEBHOOK_SETTINGS);
    expect(DEFAULT_WEBHOOK_SETTINGS).toMatchObject({
      allowPrivate: false,
      maxPerBoard: 10,
      backoffMs: [1000, 4000, 15000, 60000],
    });
    expect(webhookSettingsFromEnv({ WEBHOOKS_ALLOW_PRIVATE: '', WEBHOOK_BACKOFF_MS: ' ' })).toEqual(
      DEFAULT_WEBHOOK_SETTINGS,
    );
  });

  it('read the environment', () => {
    const s = webhookSettingsFromEnv({
      WEBHOOKS_ALLOW_PRIVATE: '1',
      WEBHOOKS_MAX_PER_BOARD: '3',
      WEBHOOK_BACKOFF_MS: '100, 200,400',
      WEBHOOK_TIMEOUT_MS: '2500',
      WEBHOOK_LANES: '8',
      WEBHOOK_LANE_PENDING: '5',
    });
    expect(s).toEqual({
      allowPrivate: true,
      maxPerBoard: 3,
      backoffMs: [100, 200, 400],
      timeoutMs: 2500,
      maxLanes: 8,
      maxPendingPerLane: 5,
    });
    expect(webhookSettingsFromEnv({ WEBHOOKS_ALLOW_PRIVATE: 'false' }).allowPrivate).toBe(false);
  });

  it.each([
    ['WEBHOOKS_ALLOW_PRIVATE', 'yes'],
    ['WEBHOOKS_MAX_PER_BOARD', '0'],
    ['WEBHOOKS_MAX_PER_BOARD', '2.5'],
    ['WEBHOOK_BACKOFF_MS', '100,,200'],
    ['WEBHOOK_BACKOFF_MS', '-1'],
    ['WEBHOOK_TIMEOUT_MS', 'ten'],
  ])('refuse %s=%s rather than fall back to a default', (name, value) => {
    expect(() => webhookSettingsFromEnv({ [name]: value })).toThrow(WebhookSettingsError);
    expect(() => webhookSettingsFromEnv({ [name]: value })).toThrow(new RegExp(name));
  });
});
