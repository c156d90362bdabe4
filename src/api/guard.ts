import type { MiddlewareHandler } from 'hono';
import { ApiProblem } from './problems.js';
import { hostAllowed, type Site } from './site.js';
import { NON_PAGE_POLICY, PAGE_POLICY } from './policies.js';

// What every request passes before any route sees it, on every runtime: the Host it names, where a
// write comes from, and how large its body may be; and the headers every answer leaves with.

/** The Host header (or the URL's host, where a runtime puts it only there) must be one the site answers to. */
export function hostGuard(site: Site): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!hostAllowed(site, host)) {
      throw new ApiProblem(
        421,
        'HOST_NOT_ALLOWED',
        `this server does not answer to the host '${host.slice(0, 100)}' (see ALLOWED_HOSTS and PUBLIC_URL)`,
      );
    }
    return next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes from another site are refused, keyed or not: a browser says where a request comes from
 * (Sec-Fetch-Site, and Origin on every write it sends), so only what another page makes it send is
 * refused. `same-site` is refused too: another port of the same host is the same site. A client
 * that is no browser (curl, the SDK) sends neither header and is not concerned.
 */
export function csrfGuard(site: Site): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    // `none`: the user's own action (typed, bookmarked); `same-origin`: one of this site's pages.
    if (fetchSite !== undefined) {
      if (fetchSite === 'same-origin' || fetchSite === 'none') return next();
      throw crossSite(`Sec-Fetch-Site: ${fetchSite.slice(0, 40)}`);
    }
    if (origin === undefined) return next();
    if (origin !== 'null' && (origin === site.origin || origin === new URL(c.req.url).origin)) return next();
    throw crossSite(`Origin: ${origin.slice(0, 100)}`);
  };
}

const crossSite = (said: string) =>
  new ApiProblem(
    403,
    'CROSS_SITE_REQUEST',
    `a write from another site is refused (${said}); send it from this site's pages, or from a client that is not a browser`,
  );

/** A body limit: the largest body of a route, and what the limit is for (said in the 413). */
export interface BodyLimit {
  readonly max: number;
  readonly what: string;
}

/**
 * Bodies are counted as they arrive, before anything parses them: a declared Content-Length over the
 * route's limit is refused at once; a body without one is cut off and refused as soon as it passes
 * it (the route's reader fails, and the answer is 413 whatever it said). The rest of a refused body
 * is left to the runtime (Node drains a little, then closes the connection): cancelling it here
 * would drop the connection before the 413 is sent.
 */
export function bodyGuard(limitOf: (method: string, path: string) => BodyLimit): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const limit = limitOf(c.req.method, c.req.path);
    const tooLarge = () =>
      new ApiProblem(
        413,
        'BODY_TOO_LARGE',
        `the request body is larger than ${limit.max} bytes, the limit of ${limit.what}`,
        { limit: limit.max },
      );
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit.max) throw tooLarge();
    let seen = 0;
    let passed = false;
    const source = body.getReader();
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) return controller.close();
        seen += value.byteLength;
        if (seen > limit.max) {
          passed = true;
          return controller.error(tooLarge());
        }
        controller.enqueue(value);
      },
    });
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    await next();
    if (passed) throw tooLarge();
  };
}

/**
 * Every answer: `nosniff`. Pages (HTML) get the site's Content-Security-Policy, which lets no other
 * site frame them, unless their route set a policy of its own (the viewer, /docs); other answers a
 * policy that lets them run nothing.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    if (headers.has('Content-Security-Policy')) return;
    const page = (headers.get('Content-Type') ?? '').startsWith('text/html');
    headers.set('Content-Security-Policy', page ? PAGE_POLICY : NON_PAGE_POLICY);
    headers.set('X-Frame-Options', 'DENY');
  };
}
