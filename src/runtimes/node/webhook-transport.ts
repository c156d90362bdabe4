import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  BlockedAddressError,
  blockedAddress,
  checkWebhookUrl,
  type WebhookUrlPolicy,
} from '../../leaderboard/webhook-address.js';
import type { WebhookTransport } from '../../leaderboard/webhooks.js';

export { BlockedAddressError };
export type { WebhookTransport };

/** Resolves a host name to all its addresses (DNS, or a stand-in in tests). */
export type Resolver = (
  hostname: string,
  family: 0 | 4 | 6,
  callback: (err: Error | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, family, callback) =>
  dnsLookup(hostname, { family, all: true }, (err, addresses) => callback(err, err ? [] : addresses));

/**
 * A DNS lookup that refuses to connect when any address of the name is
 * blocked: the check is made on the addresses the socket then uses, so a
 * name cannot be rebound to a private address after the hook was created.
 */
export function guardedLookup(policy: WebhookUrlPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options.family === 4 || options.family === 6 ? options.family : 0, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      const blocked = policy.allowPrivate ? undefined : list.find((a) => blockedAddress(a.address) !== null);
      if (blocked)
        return callback(
          new BlockedAddressError(
            `${hostname} resolves to ${blocked.address}, a ${blockedAddress(blocked.address)} address`,
          ),
          '',
          0,
        );
      if (list.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Node's webhook transport: the URL is checked again when it is sent (the
 * policy may have changed since the hook was made), the connection goes
 * through {@link guardedLookup}, and redirects are not followed.
 */
export function nodeWebhookTransport(policy: WebhookUrlPolicy = {}, resolve?: Resolver): WebhookTransport {
  const lookup = guardedLookup(policy, resolve);
  return (url, headers, body, timeoutMs) =>
    new Promise<number>((resolve, reject) => {
      const checked = checkWebhookUrl(url, policy);
      if (!checked.ok) return reject(new BlockedAddressError(checked.problem.message));
      const send = checked.url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        checked.url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup,
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            clearTimeout(deadline);
            resolve(res.statusCode ?? 0);
          });
          res.on('error', reject);
        },
      );
      // `timeout` above is per idle socket; this bounds the whole attempt (a receiver answering a byte at a time).
      const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (e) => {
        clearTimeout(deadline);
        reject(e);
      });
      req.end(body);
    });
}
