import { ListObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// ListObjectsV2 on the embedded S3 (src/local-aws/s3-list-objects.ts), through the SDK as any
// client would page it. s3rver's own listing failed past one page (its tokens need DES, which
// Node's OpenSSL refuses): a bucket of more than 1,000 objects could not be listed at all.

const embedded = useEmbeddedStores('s3-listing');
const MANY = 1005;
const many = Array.from({ length: MANY }, (_, i) => `many/${String(i).padStart(5, '0')}`);
const odd = ['odd/a&b<c>"d\'e', 'odd/café/ü', 'odd/with space+plus%25', 'odd/x/1', 'odd/x/2', 'odd/y'];

const bucket = () => embedded.storage.config.s3.bucket;
const s3 = () => embedded.stores.s3;

async function put(keys: readonly string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: key }));
      }
    }),
  );
}

/** Every page of a listing, as the SDK returns them. */
async function pages(input: { Prefix?: string; MaxKeys?: number; Delimiter?: string; StartAfter?: string }) {
  const out = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), ...input, ContinuationToken: token }));
    out.push(page);
    token = page.NextContinuationToken;
    if (out.length > 2 * MANY) throw new Error('the listing does not end');
  } while (token);
  return out;
}

const keysOf = (listed: Awaited<ReturnType<typeof pages>>) =>
  listed.flatMap((p) => (p.Contents ?? []).map((o) => o.Key));

/** The S3 error code a request failed with. */
async function refusal(input: Record<string, unknown>): Promise<{ code: string; status: number | undefined }> {
  try {
    await s3().send(new ListObjectsV2Command({ Bucket: bucket(), ...input }));
  } catch (e) {
    if (e instanceof S3ServiceException) return { code: e.name, status: e.$metadata.httpStatusCode };
    throw e;
  }
  throw new Error('the listing was not refused');
}

beforeAll(async () => {
  await put([...many, ...odd]);
}, 120_000);

describe('ListObjectsV2 on the embedded S3', () => {
  it('lists more than a page: every key once, in order, a page of 1,000 then the rest', async () => {
    const listed = await pages({ Prefix: 'many/' });
    expect(listed.map((p) => p.KeyCount)).toEqual([1000, MANY - 1000]);
    expect(listed.map((p) => p.IsTruncated)).toEqual([true, false]);
    expect(keysOf(listed)).toEqual(many);
    expect(listed[0]!.Contents![0]).toMatchObject({ Size: many[0]!.length, StorageClass: 'STANDARD' });
    expect(listed[0]!.Contents![0]!.ETag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('pages by MaxKeys, after StartAfter, and keeps odd keys as they are', async () => {
    const listed = await pages({ Prefix: 'odd/', MaxKeys: 2 });
    expect(listed).toHaveLength(3);
    expect(keysOf(listed)).toEqual([...odd].sort());
    expect(keysOf(await pages({ Prefix: 'odd/', StartAfter: 'odd/x/1' }))).toEqual(['odd/x/2', 'odd/y']);
  });

  it('groups keys under a delimiter into common prefixes', async () => {
    const [page] = await pages({ Prefix: 'odd/', Delimiter: '/' });
    expect(page!.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['odd/café/', 'odd/x/']);
    expect(page!.Contents?.map((o) => o.Key)).toEqual(['odd/a&b<c>"d\'e', 'odd/with space+plus%25', 'odd/y']);
  });

  it('encodes keys when asked to (encoding-type=url), as the AWS CLI asks', async () => {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: 'odd/', EncodingType: 'url' }));
    expect(page.EncodingType).toBe('url');
    const keys = (page.Contents ?? []).map((o) => o.Key!);
    expect(keys).toContain('odd/with%20space%2Bplus%2525');
    expect(keys.map(decodeURIComponent)).toEqual([...odd].sort());
  });

  it('answers MaxKeys 0 with no keys, not truncated', async () => {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: 'many/', MaxKeys: 0 }));
    expect(page.KeyCount).toBe(0);
    expect(page.IsTruncated).toBe(false);
  });

  it('refuses a token it did not make, a bad max-keys or encoding, and names a missing bucket', async () => {
    for (const token of ['nonsense', 'k1.', 'k1.not base64!', `k1.${'A'.repeat(5000)}`, 'k1.bWFueS8w=', '1Zsomething'])
      expect(await refusal({ ContinuationToken: token })).toEqual({ code: 'InvalidArgument', status: 400 });
    for (const maxKeys of [-1, 99_999_999_999])
      expect(await refusal({ MaxKeys: maxKeys })).toEqual({ code: 'InvalidArgument', status: 400 });
    expect(await refusal({ EncodingType: 'xml' })).toEqual({ code: 'InvalidArgument', status: 400 });
    expect(await refusal({ Bucket: 'no-such-bucket' })).toEqual({ code: 'NoSuchBucket', status: 404 });
  });

  it('leaves the first listing version to s3rver', async () => {
    const page = await s3().send(new ListObjectsCommand({ Bucket: bucket(), Prefix: 'odd/x/' }));
    expect(page.Contents?.map((o) => o.Key)).toEqual(['odd/x/1', 'odd/x/2']);
  });
});
