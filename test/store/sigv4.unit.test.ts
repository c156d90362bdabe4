import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import {
  checkSignature,
  readClaim,
  sha256Hex,
  type ArrivedRequest,
  type SigningCredentials,
} from '../../src/local-aws/sigv4.js';

// The server-side SigV4 check against requests signed by the AWS SDK's own signer.

const credentials: SigningCredentials = {
  accessKeyId: 'UMPLTESTTESTTEST0000',
  secretAccessKey: 'secret-secret-secret-secret-secret-secret',
};

type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (d: Data): string | Uint8Array =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? new Uint8Array(d)
      : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: Data): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

interface ToSign {
  service: 's3' | 'dynamodb';
  method?: string;
  path?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  date?: Date;
  secret?: string;
}

/** Signs like the SDK and returns the request as the server would see it. */
async function signed(t: ToSign): Promise<ArrivedRequest & { body: string }> {
  const signer = new SignatureV4({
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: t.secret ?? credentials.secretAccessKey },
    region: 'us-east-1',
    service: t.service,
    sha256: Sha256,
    uriEscapePath: t.service !== 's3',
    applyChecksum: t.service === 's3',
  });
  const body = t.body ?? '';
  const request = await signer.sign(
    {
      method: t.method ?? 'GET',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 4569,
      path: t.path ?? '/',
      query: t.query ?? {},
      headers: { host: '127.0.0.1:4569', ...(t.headers ?? {}) },
      body,
    },
    { signingDate: t.date ?? new Date() },
  );
  const query = Object.entries(t.query ?? {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return {
    method: request.method,
    url: `${request.path}${query ? `?${query}` : ''}`,
    rawHeaders: Object.entries(request.headers).flat(),
    body,
  };
}

function verify(request: ArrivedRequest & { body: string }, service: 's3' | 'dynamodb', now = Date.now()) {
  const claim = readClaim(request, credentials, service, now);
  if (!claim.ok) return claim.problem.code;
  const payload = service === 's3' ? claim.value.contentSha256! : sha256Hex(request.body);
  const checked = checkSignature(request, claim.value, credentials, payload);
  return checked.ok ? 'ok' : checked.problem.code;
}

const withHeader = (r: ArrivedRequest & { body: string }, name: string, value: string) => ({
  ...r,
  rawHeaders: [...r.rawHeaders, name, value],
});
const replaceHeader = (r: ArrivedRequest & { body: string }, name: string, value: string) => {
  const raw = [...r.rawHeaders];
  const i = raw.findIndex((h, k) => k % 2 === 0 && h.toLowerCase() === name);
  raw[i + 1] = value;
  return { ...r, rawHeaders: raw };
};

describe('SigV4 verification', () => {
  it('accepts what the SDK signs: S3 keys with odd characters and a query; DynamoDB bodies', async () => {
    expect(verify(await signed({ service: 's3', path: '/umpire-replays/bundles/abc', method: 'GET' }), 's3')).toBe(
      'ok',
    );
    expect(
      verify(
        await signed({
          service: 's3',
          path: '/umpire-replays/',
          query: { 'list-type': '2', prefix: 'a b/c*', 'max-keys': '5' },
        }),
        's3',
      ),
    ).toBe('ok');
    const odd = `/umpire-replays/${encodeURIComponent("logs/x y+z!'()*~.json").replace(/%2F/g, '/')}`;
    expect(
      verify(
        await signed({
          service: 's3',
          path: odd,
          method: 'PUT',
          body: 'data',
          headers: { 'content-type': 'text/plain' },
        }),
        's3',
      ),
    ).toBe('ok');
    const put = await signed({
      service: 'dynamodb',
      method: 'POST',
      body: '{"TableName":"umpire"}',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.DescribeTable' },
    });
    expect(verify(put, 'dynamodb')).toBe('ok');
  });

  it('refuses a missing signature, another secret, another key id, another service, a changed request', async () => {
    const get = await signed({ service: 's3', path: '/umpire-replays/bundles/abc' });
    expect(
      verify(
        {
          ...get,
          rawHeaders: get.rawHeaders.filter(
            (_, i, all) => (i % 2 === 0 ? all[i] : all[i - 1])!.toLowerCase() !== 'authorization',
          ),
        },
        's3',
      ),
    ).toBe('MISSING_SIGNATURE');
    expect(
      verify(
        await signed({
          service: 's3',
          path: '/umpire-replays/bundles/abc',
          secret: 'another-secret-another-secret-another-secret',
        }),
        's3',
      ),
    ).toBe('SIGNATURE_MISMATCH');
    expect(verify({ ...get, url: '/umpire-replays/bundles/abd' }, 's3')).toBe('SIGNATURE_MISMATCH');
    expect(verify({ ...get, method: 'DELETE' }, 's3')).toBe('SIGNATURE_MISMATCH');
    expect(verify({ ...get, url: `${get.url}?acl=` }, 's3')).toBe('SIGNATURE_MISMATCH');
    expect(
      verify(
        replaceHeader(
          get,
          'authorization',
          get.rawHeaders[get.rawHeaders.findIndex((h) => h.toLowerCase() === 'authorization') + 1]!.replace(
            credentials.accessKeyId,
            'UMPLOTHEROTHEROTHER0',
          ),
        ),
        's3',
      ),
    ).toBe('UNKNOWN_ACCESS_KEY');
    expect(verify(get, 'dynamodb')).toBe('WRONG_SCOPE');
    const db = await signed({
      service: 'dynamodb',
      method: 'POST',
      body: '{"TableName":"umpire"}',
      headers: { 'content-type': 'application/x-amz-json-1.0' },
    });
    expect(verify({ ...db, body: '{"TableName":"other"}' }, 'dynamodb')).toBe('SIGNATURE_MISMATCH');
    expect(verify(replaceHeader(db, 'content-type', 'application/json'), 'dynamodb')).toBe('SIGNATURE_MISMATCH');
  });

  it('refuses x-amz or content headers that are not signed, and presigned URLs', async () => {
    const get = await signed({ service: 's3', path: '/umpire-replays/bundles/abc' });
    expect(verify(withHeader(get, 'x-amz-meta-owner', 'mallory'), 's3')).toBe('MALFORMED_SIGNATURE');
    expect(verify(withHeader(get, 'Content-Type', 'text/html'), 's3')).toBe('MALFORMED_SIGNATURE');
    expect(verify({ ...get, url: `${get.url}?X-Amz-Signature=00` }, 's3')).toBe('UNSUPPORTED_PAYLOAD');
  });

  it('refuses a time more than 15 minutes away from the server clock', async () => {
    const now = Date.now();
    const old = await signed({ service: 'dynamodb', method: 'POST', body: '{}', date: new Date(now - 16 * 60_000) });
    expect(verify(old, 'dynamodb', now)).toBe('CLOCK_SKEW');
    const early = await signed({ service: 'dynamodb', method: 'POST', body: '{}', date: new Date(now + 16 * 60_000) });
    expect(verify(early, 'dynamodb', now)).toBe('CLOCK_SKEW');
    const recent = await signed({ service: 'dynamodb', method: 'POST', body: '{}', date: new Date(now - 14 * 60_000) });
    expect(verify(recent, 'dynamodb', now)).toBe('ok');
  });
});
