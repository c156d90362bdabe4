import { describe, expect, it } from 'vitest';
import { createApp, type AppConfig } from '../../src/api/app.js';
import { GAMES } from '../../src/games/catalog.js';
import { VERSION } from '../../src/version.js';

// The document and the reference page only: no store or runner is reached, so they are stubs that throw.
const unused = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('not used by /openapi.json or /docs');
    },
  },
);
const app = createApp({
  blobs: unused,
  matches: unused,
  keys: unused,
  bots: unused,
  leaderboards: unused,
  roundJobs: unused,
  ratings: unused,
  runner: unused,
  auth: 'optional',
} as unknown as AppConfig);

type Schema = { $ref?: string; oneOf?: Schema[]; required?: string[]; properties?: Record<string, { const?: unknown }> };
type Operation = { summary?: string; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> };
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
const deref = (doc: Document, schema: Schema): Schema => (schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema);

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
    const routes = [...new Set(app.routes.filter((r) => r.method !== 'ALL' && api(r.path)).map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`))];
    expect(app.routes.some((r) => r.path === '/' && r.method === 'GET')).toBe(true);
    expect(routes.length).toBeGreaterThan(25);
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    expect(described.sort()).toEqual(routes.sort());
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
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
    const boards = doc.paths['/v1/leaderboards']!.post!.requestBody!.content['application/json']!.schema.oneOf!.map((s) => deref(doc, s));
    expect(boards.map((b) => b.properties!.game!.const)).toEqual(GAMES.map((g) => g.id));
  });

  it('answers errors in the Error schema', async () => {
    const doc = await document();
    expect(doc.components.schemas.Error).toMatchObject({ required: ['error'] });
    expect(doc.paths['/v1/matches/{id}']!.get!.responses['404']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  });
});

describe('GET /docs', () => {
  it('is the Scalar API reference on /openapi.json', async () => {
    const res = await app.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    // Scalar's one-file bundle and its start-up script, both run by the nonce of the page's policy.
    const nonce = /<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/@scalar\/api-reference" nonce="([A-Za-z0-9_-]+)"><\/script>/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
    expect(html).toContain(`<script type="text/javascript" nonce="${nonce}">`);
    expect(html).toContain('createApiReference');
    expect(html).toContain('"url": "/openapi.json"');
  });
});
