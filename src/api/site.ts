import { fail, ok, type Problem, type Result } from '../core/errors.js';

/**
 * Where the service is, as its clients reach it: the origin its absolute URLs are built on, and the
 * Host names it answers to (anything else may be a DNS rebinding: a name the attacker controls,
 * pointed at this server).
 */
export interface Site {
  /**
   * The origin absolute URLs are built on (PUBLIC_URL, or the listening address). Null only where
   * the platform vouches for each request's URL (Lambda's domain name, a Worker's route).
   */
  readonly origin: string | null;
  /** The host names (any port) a request may be addressed to; null: any (the platform routes by host). */
  readonly hosts: readonly string[] | null;
}

/** The loopback names, always answered to: only a page on this machine's own loopback address sends them. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** An app made without a site (tests, an embedder): loopback names only, URLs on the request's (loopback) origin. */
export const LOOPBACK_SITE: Site = { origin: null, hosts: LOOPBACK_HOSTS };

export type SiteProblemCode =
  | 'BAD_PUBLIC_URL'
  | 'BAD_ALLOWED_HOSTS'
  | 'BAD_HOST'
  | 'BAD_PORT'
  | 'HOST_NEEDS_AUTH'
  | 'NO_PUBLIC_URL';
export type SiteProblem = Problem<SiteProblemCode>;

/** A host name as Host headers carry it: lower case, an IPv6 address in brackets; null if it is none. */
export function hostName(text: string): string | null {
  const name = text.trim().toLowerCase();
  if (/^\[[0-9a-f:.]+\]$/.test(name)) return name;
  if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(name) && name.length <= 253) return name;
  return null;
}

/** The name in a Host header (`name`, `name:port`, `[v6]:port`), or null when it is malformed. */
export function hostOfHeader(header: string): string | null {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(header);
  return m ? hostName(m[1]!) : null;
}

/** Whether `hosts` lets a request name `header` (null: every host is let through). */
export function hostAllowed(site: Site, header: string): boolean {
  if (site.hosts === null) return true;
  const name = hostOfHeader(header);
  return name !== null && site.hosts.includes(name);
}

/** PUBLIC_URL: an http(s) origin, no path, query, fragment or credentials. */
export function parsePublicUrl(text: string): Result<string, SiteProblem> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail({
      code: 'BAD_PUBLIC_URL',
      message: `PUBLIC_URL must be an absolute http(s) URL such as https://umpire.example.com, not '${text.slice(0, 200)}'`,
    });
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  ) {
    return fail({
      code: 'BAD_PUBLIC_URL',
      message: `PUBLIC_URL is the service's origin only (scheme, host, port), such as https://umpire.example.com, not '${text.slice(0, 200)}'`,
    });
  }
  return ok(url.origin);
}

/** ALLOWED_HOSTS: host names separated by commas (no ports: any port is answered). */
export function parseAllowedHosts(text: string): Result<string[], SiteProblem> {
  const names: string[] = [];
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const name = hostName(entry);
    if (!name)
      return fail({
        code: 'BAD_ALLOWED_HOSTS',
        message: `ALLOWED_HOSTS lists host names separated by commas (no scheme, no port), not '${entry.slice(0, 200)}'`,
      });
    names.push(name);
  }
  return ok(names);
}

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The site of a deployed entry (Lambda, Workers) from PUBLIC_URL and ALLOWED_HOSTS. Without either,
 * the platform's routing is trusted: URLs on each request's own URL, any Host.
 */
export function platformSiteFromEnv(env: Env): Result<Site, SiteProblem> {
  const publicUrl = env.PUBLIC_URL ? parsePublicUrl(env.PUBLIC_URL) : ok(null);
  if (!publicUrl.ok) return publicUrl;
  const allowed = env.ALLOWED_HOSTS ? parseAllowedHosts(env.ALLOWED_HOSTS) : ok(null);
  if (!allowed.ok) return allowed;
  if (publicUrl.value === null && allowed.value === null) return ok({ origin: null, hosts: null });
  return ok({ origin: publicUrl.value, hosts: hostsOf(publicUrl.value, allowed.value ?? []) });
}

/** What `npm start` listens on and answers to. */
export interface NodeListen {
  /** The address to bind (HOST). */
  readonly host: string;
  readonly port: number;
  /** The listening address as a URL (http://127.0.0.1:8787). */
  readonly listening: string;
  readonly site: Site;
}

/** Whether a bind address is this machine's loopback only. */
export function isLoopbackAddress(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * HOST, PORT, PUBLIC_URL and ALLOWED_HOSTS of the Node server. It binds 127.0.0.1 unless HOST says
 * otherwise; an address beyond loopback needs AUTH=required (writes would otherwise be anyone's) and,
 * where it names no single address (0.0.0.0, ::), PUBLIC_URL for the URLs it hands out.
 */
export function nodeListenFromEnv(env: Env): Result<NodeListen, SiteProblem> {
  const host = (env.HOST ?? '').trim() || '127.0.0.1';
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (!/^[0-9A-Za-z.:-]+$/.test(bare))
    return fail({
      code: 'BAD_HOST',
      message: `HOST is the address to listen on (127.0.0.1, ::1, 0.0.0.0...), not '${host.slice(0, 200)}'`,
    });
  const portText = (env.PORT ?? '').trim() || '8787';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535)
    return fail({
      code: 'BAD_PORT',
      message: `PORT is a port number from 1 to 65535, not '${portText.slice(0, 200)}'`,
    });
  if (!isLoopbackAddress(host) && env.AUTH !== 'required') {
    return fail({
      code: 'HOST_NEEDS_AUTH',
      message: `HOST=${host} listens beyond this machine, and without AUTH=required every write is accepted without a key as the local owner. Set AUTH=required (and PUBLIC_URL), or leave HOST unset to listen on 127.0.0.1.`,
    });
  }
  const publicUrl = env.PUBLIC_URL ? parsePublicUrl(env.PUBLIC_URL) : ok(null);
  if (!publicUrl.ok) return publicUrl;
  const allowed = env.ALLOWED_HOSTS ? parseAllowedHosts(env.ALLOWED_HOSTS) : ok([]);
  if (!allowed.ok) return allowed;
  const wildcard = bare === '0.0.0.0' || bare === '::';
  if (publicUrl.value === null && wildcard) {
    return fail({
      code: 'NO_PUBLIC_URL',
      message: `HOST=${host} is every address of this machine: set PUBLIC_URL to the address clients use (https://umpire.example.com), for the URLs the API hands out and the Host it answers to.`,
    });
  }
  const listening = `http://${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
  const origin = publicUrl.value ?? new URL(listening).origin;
  return ok({ host: bare, port, listening, site: { origin, hosts: hostsOf(origin, allowed.value) } });
}

/** The loopback names, the public origin's host, and the hosts allowed besides. */
function hostsOf(origin: string | null, allowed: readonly string[]): string[] {
  const own = origin ? hostName(new URL(origin).hostname.replace(/\.$/, '')) : null;
  return [...new Set([...LOOPBACK_HOSTS, ...(own ? [own] : []), ...allowed])];
}
