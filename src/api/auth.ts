import type { MiddlewareHandler } from 'hono';
import { base64UrlEncode } from '../core/base64url.js';
import { scopeOf, type ApiKeyRecord, type KeyScope, type KeyStore } from '../store/contract/keys.js';
import { sha256Hex } from '../match/digest.js';
import { ApiProblem } from './problems.js';

/**
 * `required`: every write needs `Authorization: Bearer umpire_...` (deployed
 * entries). `optional`: writes without a key are accepted as the local owner
 * (`npm start`, which listens on loopback only), a key given is still checked.
 */
export type AuthMode = 'required' | 'optional';

export const LOCAL_OWNER: ApiKeyRecord = {
  id: 'local',
  name: 'local',
  createdAt: '1970-01-01T00:00:00.000Z',
  ratePerMinute: Infinity,
  // The folder's owner, on a server that listens on loopback only: every right, keys included.
  scope: 'admin',
};

const KEY_FORMAT = /^umpire_[A-Za-z0-9_-]{43}$/;

/** Who a new key is for: an admin key, or a team's key; and who minted it through the API. */
export type KeyGrant = { scope: 'admin' } | { scope: 'team'; team: string; createdBy?: string };

/**
 * A new key (`umpire_` and 256 random bits) and what is stored of it. Without a grant it is an
 * admin key (as every key was before keys had scopes).
 */
export async function newApiKey(
  name: string,
  ratePerMinute: number,
  now: Date,
  grant: KeyGrant = { scope: 'admin' },
): Promise<{ key: string; hash: string; record: ApiKeyRecord }> {
  const key = `umpire_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)))}`;
  const hash = await sha256Hex(new TextEncoder().encode(key));
  return {
    key,
    hash,
    record: { id: hash.slice(0, 16), name, createdAt: now.toISOString(), ratePerMinute, ...grant },
  };
}

/** 403 ADMIN_KEY_REQUIRED unless the caller's key is an admin key. */
export function requireAdmin(owner: ApiKeyRecord): void {
  if (scopeOf(owner) === 'admin') return;
  throw new ApiProblem(
    403,
    'ADMIN_KEY_REQUIRED',
    `keys are administered with an admin key; this one is a team key${owner.team ? ` (team '${owner.team}')` : ''}`,
  );
}

/** A record as the request context holds it: its scope always said (keys stored before scopes are admin). */
const withScope = (record: ApiKeyRecord): ApiKeyRecord & { scope: KeyScope } => ({
  ...record,
  scope: scopeOf(record),
});

/**
 * Who makes a read request, where a read shows more to some keys (a bot's id to its owner):
 * the key's record, the local owner on a server without required keys, or null (anonymous).
 * A key given must be valid; reads are not counted against its rate.
 */
export async function readerOf(
  keys: KeyStore,
  mode: AuthMode,
  header: string | undefined,
): Promise<ApiKeyRecord | null> {
  if (header === undefined) return mode === 'optional' ? LOCAL_OWNER : null;
  return keyOf(keys, header);
}

/**
 * The record of the key in an Authorization header, or 401 (KEY_REVOKED for a revoked key). Keys are
 * read from storage on every request, never cached: a revocation holds from the next request on.
 */
async function keyOf(keys: KeyStore, header: string): Promise<ApiKeyRecord> {
  const key = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
  const record = KEY_FORMAT.test(key) ? await keys.find(await sha256Hex(new TextEncoder().encode(key))) : null;
  if (!record) throw new ApiProblem(401, 'UNAUTHORIZED', 'the API key is not valid');
  if (record.revokedAt)
    throw new ApiProblem(401, 'KEY_REVOKED', `this API key (${record.id}) was revoked at ${record.revokedAt}`);
  return withScope(record);
}

/** Finds who makes a write request, and enforces the key's rate limit. Sets `owner` (with its scope). */
export function writeAuth(keys: KeyStore, mode: AuthMode): MiddlewareHandler<{ Variables: { owner: ApiKeyRecord } }> {
  return async (c, next) => {
    const header = c.req.header('Authorization');
    if (header === undefined) {
      if (mode === 'required')
        throw new ApiProblem(401, 'UNAUTHORIZED', 'writes need an API key: Authorization: Bearer umpire_...');
      c.set('owner', LOCAL_OWNER);
      return next();
    }
    const record = await keyOf(keys, header);
    const minute = Math.floor(Date.now() / 60_000);
    if (!(await keys.countRequest(record.id, minute, record.ratePerMinute))) {
      c.header('Retry-After', String(60 - Math.floor((Date.now() / 1000) % 60)));
      throw new ApiProblem(429, 'RATE_LIMITED', `this key allows ${record.ratePerMinute} writes a minute`);
    }
    c.set('owner', record);
    return next();
  };
}
