/**
 * Where webhooks may be delivered: public addresses only. A URL is checked
 * when a hook is created (its host, as the WHATWG URL parser normalizes it:
 * `0x7f000001`, `2130706433` and `127.1` all become `127.0.0.1`), and every
 * address a host name resolves to is checked again when a delivery connects
 * (see src/runtimes/node/webhook-transport.ts), so DNS cannot rebind a name to a private
 * address between the two.
 */

export type AddressProblem = { readonly code: 'WEBHOOK_URL_INVALID'; readonly message: string };

/** A delivery refused when it was sent: the URL or an address its host resolved to is not allowed. */
export class BlockedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_BLOCKED';
}

/** Blocked IPv4 ranges: [first octets as a 32-bit number, prefix length, what it is]. */
const IPV4_BLOCKED: readonly (readonly [number, number, string])[] = [
  [ipv4(0, 0, 0, 0), 8, 'this network'],
  [ipv4(10, 0, 0, 0), 8, 'private'],
  [ipv4(100, 64, 0, 0), 10, 'shared address space'],
  [ipv4(127, 0, 0, 0), 8, 'loopback'],
  [ipv4(169, 254, 0, 0), 16, 'link-local'],
  [ipv4(172, 16, 0, 0), 12, 'private'],
  [ipv4(192, 0, 0, 0), 24, 'protocol assignments'],
  [ipv4(192, 0, 2, 0), 24, 'documentation'],
  [ipv4(192, 88, 99, 0), 24, 'relay anycast'],
  [ipv4(192, 168, 0, 0), 16, 'private'],
  [ipv4(198, 18, 0, 0), 15, 'benchmarking'],
  [ipv4(198, 51, 100, 0), 24, 'documentation'],
  [ipv4(203, 0, 113, 0), 24, 'documentation'],
  [ipv4(224, 0, 0, 0), 4, 'multicast'],
  [ipv4(240, 0, 0, 0), 4, 'reserved'],
];

function ipv4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function parseIpv4(text: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? ipv4(parts[0]!, parts[1]!, parts[2]!, parts[3]!) : null;
}

function ipv4Problem(value: number): string | null {
  for (const [base, bits, what] of IPV4_BLOCKED) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return what;
  }
  return null;
}

/** An IPv6 address as eight 16-bit groups, or null if the text is not one. */
function parseIpv6(text: string): number[] | null {
  let t = text.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4) is two groups.
  const quad = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(t);
  if (quad) {
    const v4 = parseIpv4(quad[1]!);
    if (v4 === null) return null;
    t = `${t.slice(0, quad.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...new Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

function ipv6Problem(g: readonly number[]): string | null {
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(8)) return 'unspecified';
  if (zeroUntil(7) && g[7] === 1) return 'loopback';
  if (zeroUntil(5) && g[5] === 0xffff) return 'IPv4-mapped';
  if (zeroUntil(4) && g[4] === 0xffff && g[5] === 0) return 'IPv4-translated';
  if (zeroUntil(6)) return 'IPv4-compatible';
  if (g[0] === 0x64 && g[1] === 0xff9b) return 'IPv4/IPv6 translation';
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'discard';
  if (g[0] === 0x2002) return '6to4 (an embedded IPv4 address)';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'documentation';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** Why an IP address (v4 or v6, without brackets) may not receive webhooks, or null if it may. */
export function blockedAddress(address: string): string | null {
  const v4 = parseIpv4(address);
  if (v4 !== null) return ipv4Problem(v4);
  const v6 = parseIpv6(address);
  if (v6 !== null) return ipv6Problem(v6);
  return 'not an IP address';
}

/** Whether `host` (a URL's hostname) is an IP literal rather than a name. */
function ipLiteral(host: string): string | null {
  if (host.startsWith('[') && host.endsWith(']')) return host.slice(1, -1);
  return parseIpv4(host) === null ? null : host;
}

export interface WebhookUrlPolicy {
  /** Local development: loopback and private addresses are allowed (never credentials). */
  readonly allowPrivate?: boolean;
}

/**
 * Checks a webhook URL when a hook is created: http(s), no credentials, and
 * a host that is not a blocked address or a local name.
 */
export function checkWebhookUrl(
  text: string,
  policy: WebhookUrlPolicy = {},
): { ok: true; url: URL } | { ok: false; problem: AddressProblem } {
  const fail = (message: string) => ({
    ok: false as const,
    problem: { code: 'WEBHOOK_URL_INVALID' as const, message },
  });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('url: not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return fail('url: only http and https URLs receive webhooks');
  if (url.username || url.password)
    return fail('url: credentials in the URL are not allowed; authenticate by the signature');
  if (policy.allowPrivate) return { ok: true, url };
  // A name's trailing dot (the DNS root) names the same host: `localhost.` is `localhost`.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  const literal = ipLiteral(host);
  if (literal !== null) {
    const why = blockedAddress(literal);
    if (why) return fail(`url: ${literal} is a ${why} address; webhooks go to public addresses only`);
    return { ok: true, url };
  }
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return fail(`url: '${host}' is a local name; webhooks go to public addresses only`);
  return { ok: true, url };
}
