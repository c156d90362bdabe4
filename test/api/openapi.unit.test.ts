import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp, type AppConfig } from '../../src/api/app.js';
import { acceptsGzip, SCALAR_BUNDLE, SCALAR_CONFIGURATION, START_PATH } from '../../src/api/docs-assets.js';
import { GAMES } from '../../src/games/catalog.js';
import { VERSION } from '../../src/version.js';
// @ts-expect-error a script in plain JavaScript, without declarations
import { unaskedDeps } from '../../scripts/unasked-deps.mjs';

// The document and the reference page only: no store or runner is reached.
const app = createApp({
  ...unaskedDeps('/openapi.json and /docs'),
  auth: 'optional',
} as unknown as AppConfig);

type Schema = {
  $ref?: string;
  oneOf?: Schema[];
  required?: string[];
  properties?: Record<string, { const?: unknown }>;
};
type Operation = {
  summary?: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const document = async (): Promise<Document> => {
  const res = await app.request('/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
};

/** A Hono path (/v1/matches/:id) as OpenAPI writes it (/v1/matches/{id}). */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The schema a $ref points to in the document's components. */
const deref = (doc: Document, schema: Schema): Schema =>
  schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema;

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document of this version', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'umpire', version: VERSION });
  });

  it('describes every route of the app with its method', async () => {
    const doc = await document();
    // app.use middleware is registered as method ALL; every route a client calls has a method.
    // The web pages (src/web: HTML pages, their assets and form posts) are for people, not the API.
    const api = (path: string) => path.startsWith('/v1/') || ['/healthz', '/openapi.json', '/docs'].includes(path);
    const routes = [
      ...new Set(
        app.routes
          .filter((r) => r.method !== 'ALL' && api(r.path))
          .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`),
      ),
    ];
    expect(app.routes.some((r) => r.path === '/' && r.method === 'GET')).toBe(true);
    expect(routes.length).toBeGreaterThan(25);
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(described.sort()).toEqual(routes.sort());
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops))
        expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
    }
  });

  it('lists every registered game in its description and in the match request', async () => {
    const doc = await document();
    const body = doc.paths['/v1/matches']!.post!.requestBody!.content['application/json']!.schema;
    const requests = body.oneOf!.map((s) => deref(doc, s));
    expect(requests.map((r) => r.properties!.game!.const)).toEqual(GAMES.map((g) => g.id));
    for (const game of GAMES) {
      expect(doc.info.description).toContain(`\`${game.id}\``);
      expect(doc.info.description).toContain(game.title);
      expect(doc.info.description).toContain(game.summary);
    }
    const boards = doc.paths['/v1/leaderboards']!.post!.requestBody!.content['application/json']!.schema.oneOf!.map(
      (s) => deref(doc, s),
    );
    expect(boards.map((b) => b.properties!.game!.const)).toEqual(GAMES.map((g) => g.id));
  });

  it('answers errors in the Error schema', async () => {
    const doc = await document();
    expect(doc.components.schemas.Error).toMatchObject({ required: ['error'] });
    expect(doc.paths['/v1/matches/{id}']!.get!.responses['404']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });
});

describe('GET /docs', () => {
  it('is the Scalar API reference on /openapi.json, its scripts files of this origin', async () => {
    const res = await app.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    // Two scripts, both of this origin: Scalar's bundle (named by its hash, checked by its integrity) and the start-up.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1])).toEqual([SCALAR_BUNDLE.path, START_PATH]);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    expect(SCALAR_BUNDLE.path).toMatch(/^\/docs\/assets\/scalar-[0-9a-f]{16}\.js$/);
    expect(html).toContain(`integrity="${SCALAR_BUNDLE.integrity}"`);
    expect(html).not.toMatch(/https?:\/\//);
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-eval|https:|nonce-/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('serves the bundle gzip compressed as stored, or decompressed to a client that takes no gzip', async () => {
    const gzipped = await app.request(SCALAR_BUNDLE.path, { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(gzipped.headers.get('cache-control')).toContain('immutable');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    const packed = new Uint8Array(await gzipped.arrayBuffer());
    expect(packed.length).toBeLessThan(SCALAR_BUNDLE.size / 2);
    const unpacked = gunzipSync(packed);
    expect(unpacked.length).toBe(SCALAR_BUNDLE.size);

    const plain = await app.request(SCALAR_BUNDLE.path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = new Uint8Array(await plain.arrayBuffer());
    expect(Buffer.from(text).equals(unpacked)).toBe(true);
    // What the page's integrity attribute says is what a browser gets.
    expect(`sha384-${createHash('sha384').update(text).digest('base64')}`).toBe(SCALAR_BUNDLE.integrity);
    const source = Buffer.from(text).toString('utf8');
    expect(source.startsWith(`/*! ${SCALAR_BUNDLE.package} ${SCALAR_BUNDLE.version} |`)).toBe(true);
    expect(source).toContain('window.Scalar={createApiReference:');
    expect(source).not.toContain('sourceMappingURL');
  });

  it('starts Scalar on this origin only, and has no other asset', async () => {
    const start = await app.request(START_PATH);
    expect(start.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const text = await start.text();
    expect(text).toContain("Scalar.createApiReference('#app', ");
    expect(JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf(')')))).toEqual(SCALAR_CONFIGURATION);
    for (const path of [
      '/docs/assets/scalar-0000000000000000.js',
      '/docs/assets/standalone.js',
      '/docs/assets/..%2Fopenapi.json',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('reads gzip in Accept-Encoding as HTTP says', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
