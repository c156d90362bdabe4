import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { ApiKeyRecord, KeyStore } from '../store/contract/keys.js';
import { requireAdmin } from './auth.js';
import { mintTeamKeys, presentKey, teamKeysFromCsv, teamKeysFromJson, type MintedKey } from './key-batch.js';
import { keyDocs } from './key-route-docs.js';
import { ApiProblem } from './problems.js';
import { checkId, PageQuery, parseInput, readJson } from './schemas.js';

type Env = { Variables: { owner: ApiKeyRecord } };

/** A key's public id: the first 16 hex digits of its sha256. */
const KEY_ID = /^[0-9a-f]{16}$/;

export const KeyPatch = z.object({ name: z.string().trim().min(1).max(100).describe("the key's new name") }).strict();

const minted = (m: MintedKey) => ({ key: m.key, ...presentKey(m.record) });

/**
 * Key administration, for admin keys only (a team key gets 403 ADMIN_KEY_REQUIRED): mint team keys
 * (one, or many from a JSON array or a CSV), list every key, rename and revoke. Admin keys are made
 * by `umpire keys create --admin`, by whoever holds the storage, never through the API.
 */
export function keyRoutes(app: Hono<Env>, keys: KeyStore, auth: MiddlewareHandler<Env>): void {
  const admin: MiddlewareHandler<Env> = async (c, next) => {
    requireAdmin(c.get('owner'));
    return next();
  };
  const byId = (id: string) => {
    checkId('id', id);
    if (!KEY_ID.test(id)) throw new ApiProblem(404, 'NOT_FOUND', `no key '${id}'`);
    return id;
  };

  // Who the caller is: any key reads its own record (a team's page shows its team).
  app.get('/v1/me', keyDocs.me, auth, (c) => c.json(presentKey(c.get('owner'))));

  app.post('/v1/keys', keyDocs.createKeys, auth, admin, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    let requests: ReturnType<typeof teamKeysFromJson>;
    let many: boolean;
    if (type === 'text/csv') {
      requests = teamKeysFromCsv(await c.req.raw.text());
      many = true;
    } else if (type === 'application/json') {
      const body = await readJson(c.req.raw);
      requests = teamKeysFromJson(body);
      many = Array.isArray(body);
    } else {
      throw new ApiProblem(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `send application/json or text/csv, not ${type || 'no type'}`,
      );
    }
    const made = await mintTeamKeys(keys, requests, c.get('owner').id, new Date());
    return c.json(many ? { items: made.map(minted) } : minted(made[0]!), 201);
  });

  app.get('/v1/keys', keyDocs.listKeys, auth, admin, async (c) => {
    const query = parseInput(PageQuery, c.req.query());
    const page = await keys.list(query.limit, query.cursor);
    return c.json({ items: page.items.map(presentKey), cursor: page.cursor });
  });

  app.patch('/v1/keys/:id', keyDocs.renameKey(KeyPatch), auth, admin, async (c) => {
    // The body first, as every write reads it: an oversized one is 413 whatever the id.
    const { name } = parseInput(KeyPatch, await readJson(c.req.raw));
    const id = byId(c.req.param('id'));
    const record = await keys.rename(id, name);
    if (!record) throw new ApiProblem(404, 'NOT_FOUND', `no key '${id}'`);
    return c.json(presentKey(record));
  });

  app.post('/v1/keys/:id/revoke', keyDocs.revokeKey, auth, admin, async (c) => {
    const id = byId(c.req.param('id'));
    const record = await keys.revoke(id, new Date().toISOString());
    if (!record) throw new ApiProblem(404, 'NOT_FOUND', `no key '${id}'`);
    return c.json(presentKey(record));
  });
}
