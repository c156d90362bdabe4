import { describe, expect, it } from 'vitest';
import { blockedAddress, checkWebhookUrl } from '../../src/leaderboard/webhook-address.js';

describe('webhook addresses', () => {
  it.each([
    ['http://127.0.0.1:8787/hook', /loopback/],
    ['http://[::1]/', /loopback/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://10.0.0.1/', /private/],
    ['http://172.20.1.1/', /private/],
    ['http://192.168.1.10/', /private/],
    ['http://0x7f000001/', /127\.0\.0\.1 is a loopback/],
    ['http://2130706433/', /127\.0\.0\.1 is a loopback/],
    ['http://0177.0.0.1/', /loopback/],
    ['http://127.1/', /loopback/],
    ['http://0.0.0.0/', /this network/],
    ['http://[::ffff:127.0.0.1]/', /IPv4-mapped/],
    ['http://[::ffff:8.8.8.8]/', /IPv4-mapped/],
    ['http://[fd00::1]/', /unique-local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[ff02::1]/', /multicast/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[64:ff9b::7f00:1]/', /translation/],
    ['http://localhost:3000/', /local name/],
    ['http://api.localhost/', /local name/],
    ['http://localhost./', /local name/],
    ['http://api.localhost../', /local name/],
    ['http://intranet./', /local name/],
    ['http://[::ffff:0:127.0.0.1]/', /IPv4-translated/],
    ['http://[::ffff:0:8.8.8.8]/', /IPv4-translated/],
    ['http://intranet/', /local name/],
    ['https://user:pass@example.com/', /credentials/],
    ['https://user@example.com/', /credentials/],
    ['ftp://example.com/', /only http and https/],
    ['not a url', /not a URL/],
  ])('%s is refused', (url, why) => {
    const r = checkWebhookUrl(url);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toEqual({ code: 'WEBHOOK_URL_INVALID', message: expect.stringMatching(why) });
  });

  it.each(['https://example.com/hook', 'http://8.8.8.8:8080/', 'https://[2606:4700::1111]/x'])(
    '%s is accepted',
    (url) => {
      expect(checkWebhookUrl(url).ok).toBe(true);
    },
  );

  it('local development opts in to private addresses, but never to credentials', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9/', { allowPrivate: true }).ok).toBe(true);
    expect(checkWebhookUrl('http://u:p@127.0.0.1:9/', { allowPrivate: true }).ok).toBe(false);
  });

  it('classifies resolved addresses, as a connection sees them', () => {
    expect(blockedAddress('93.184.215.14')).toBeNull();
    expect(blockedAddress('2606:4700:4700::1111')).toBeNull();
    expect(blockedAddress('127.0.0.53')).toBe('loopback');
    expect(blockedAddress('::')).toBe('unspecified');
    expect(blockedAddress('::ffff:10.1.2.3')).toBe('IPv4-mapped');
    expect(blockedAddress('100.64.0.1')).toBe('shared address space');
    expect(blockedAddress('fe80::1%eth0')).toBe('not an IP address');
  });
});
