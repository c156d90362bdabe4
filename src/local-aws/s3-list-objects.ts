import type { ServerResponse } from 'node:http';
import { escapeXml, s3Document, s3Error } from './storage-replies.js';

/**
 * ListObjectsV2 for the embedded S3, answered by the front from s3rver's
 * store. s3rver's own answer makes its continuation tokens with DES, which
 * the OpenSSL of current Node refuses: every listing of more keys than a page
 * holds (1,000, or MaxKeys) failed as an internal error, and so did every
 * request that carried a token. Here a token is the last key of the page
 * before, encoded; it is not secret, as a real S3 token is not meant to be read.
 */

/** The parts of s3rver's store a listing uses. */
export interface ListableStore {
  getBucket(name: string): Promise<unknown>;
  listObjects(
    bucket: string,
    options: { prefix?: string; delimiter?: string; startAfter?: string; maxKeys: number },
  ): Promise<{ objects: readonly ListedObject[]; commonPrefixes: readonly string[]; isTruncated: boolean }>;
}

interface ListedObject {
  readonly key: string;
  readonly lastModifiedDate: Date;
  readonly size: number;
  readonly metadata: { readonly etag?: string };
}

/** S3's own ceilings: keys per page, and the largest MaxKeys it accepts. */
const PAGE_KEYS = 1000;
const MAX_KEYS_ARGUMENT = 2147483647;
/** An object key is at most 1,024 bytes of UTF-8. */
const MAX_KEY_BYTES = 1024;
const TOKEN_PREFIX = 'k1.';

/** The bucket of a ListObjectsV2 request (GET /bucket?list-type=2...), and its query; else null. */
export function listV2Request(
  method: string | undefined,
  url: string | undefined,
): { bucket: string; query: URLSearchParams } | null {
  if (method !== 'GET' || !url) return null;
  const m = /^\/([^/?]+)\/?\?(.*)$/.exec(url);
  if (!m) return null;
  const query = new URLSearchParams(m[2]);
  if (query.get('list-type') !== '2') return null;
  try {
    return { bucket: decodeURIComponent(m[1]!), query };
  } catch {
    return null;
  }
}

/** The token that resumes a listing after `key`. */
export function continuationToken(key: string): string {
  return TOKEN_PREFIX + Buffer.from(key, 'utf8').toString('base64url');
}

/** The key a token resumes after, or null when it is not one this server made. */
export function keyOfToken(token: string): string | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const encoded = token.slice(TOKEN_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || encoded.length > Math.ceil((MAX_KEY_BYTES * 4) / 3)) return null;
  const key = Buffer.from(encoded, 'base64url').toString('utf8');
  return continuationToken(key) === token ? key : null;
}

/** URL encoding as S3 applies it under `encoding-type=url`: all but unreserved characters and '/'. */
function urlEncoded(text: string): string {
  return encodeURIComponent(text)
    .replace(/%2F/g, '/')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const invalid = (res: ServerResponse, message: string) => s3Error(res, 400, 'InvalidArgument', message);

/** Answers a ListObjectsV2 request of `bucket` from the store, a page at a time. */
export async function listObjectsV2(
  store: ListableStore,
  bucket: string,
  query: URLSearchParams,
  res: ServerResponse,
): Promise<void> {
  const maxKeysText = query.get('max-keys');
  let maxKeys = PAGE_KEYS;
  if (maxKeysText !== null) {
    if (!/^\d{1,10}$/.test(maxKeysText) || Number(maxKeysText) > MAX_KEYS_ARGUMENT)
      return invalid(res, 'max-keys must be an integer between 0 and 2147483647');
    maxKeys = Math.min(PAGE_KEYS, Number(maxKeysText));
  }
  const encodingType = query.get('encoding-type');
  if (encodingType !== null && encodingType !== 'url') return invalid(res, 'encoding-type must be url');
  if (query.has('marker')) return invalid(res, 'marker is for list-type 1; list-type 2 takes start-after');
  const token = query.get('continuation-token');
  const resumeAfter = token === null ? null : keyOfToken(token);
  if (token !== null && resumeAfter === null) return invalid(res, 'The continuation token provided is incorrect');
  if (!(await store.getBucket(bucket))) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');

  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const startAfter = query.get('start-after') ?? '';
  const after = resumeAfter ?? startAfter;
  const result =
    maxKeys === 0
      ? { objects: [], commonPrefixes: [], isTruncated: false }
      : await store.listObjects(bucket, {
          ...(prefix ? { prefix } : {}),
          ...(delimiter ? { delimiter } : {}),
          ...(after ? { startAfter: after } : {}),
          maxKeys,
        });
  const text = (value: string) => escapeXml(encodingType === 'url' ? urlEncoded(value) : value);
  const element = (name: string, value: string | number | boolean) => `<${name}>${value}</${name}>`;
  const owner =
    query.get('fetch-owner') === 'true' ? '<Owner><ID>umpire</ID><DisplayName>umpire</DisplayName></Owner>' : '';
  const last = result.objects.at(-1);
  const parts = [
    element('Name', escapeXml(bucket)),
    element('Prefix', text(prefix)),
    token === null && startAfter ? element('StartAfter', text(startAfter)) : '',
    token === null ? '' : element('ContinuationToken', escapeXml(token)),
    result.isTruncated && last ? element('NextContinuationToken', continuationToken(last.key)) : '',
    element('KeyCount', result.objects.length + result.commonPrefixes.length),
    element('MaxKeys', maxKeysText ?? PAGE_KEYS),
    delimiter ? element('Delimiter', text(delimiter)) : '',
    encodingType ? element('EncodingType', 'url') : '',
    element('IsTruncated', result.isTruncated && last !== undefined),
    ...result.objects.map(
      (o) =>
        `<Contents>${element('Key', text(o.key))}${element('LastModified', o.lastModifiedDate.toISOString())}${element('ETag', escapeXml(o.metadata.etag ?? ''))}${element('Size', o.size)}${owner}${element('StorageClass', 'STANDARD')}</Contents>`,
    ),
    ...result.commonPrefixes.map((p) => `<CommonPrefixes>${element('Prefix', text(p))}</CommonPrefixes>`),
  ];
  s3Document(
    res,
    `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join('')}</ListBucketResult>`,
  );
}
