import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4, checked on the server side (Authorization header form only),
 * following the published algorithm: canonical request, string to sign, HMAC-SHA256 key
 * derivation from the secret, date, region and service. The embedded storage servers
 * refuse every request this does not accept.
 */

export interface SigningCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** A request as it arrived: the raw path and query, and the headers in Node's rawHeaders form. */
export interface ArrivedRequest {
  readonly method: string;
  readonly url: string;
  readonly rawHeaders: readonly string[];
}

export type SignatureProblemCode =
  | 'MISSING_SIGNATURE'
  | 'MALFORMED_SIGNATURE'
  | 'UNKNOWN_ACCESS_KEY'
  | 'WRONG_SCOPE'
  | 'CLOCK_SKEW'
  | 'UNSUPPORTED_PAYLOAD'
  | 'PAYLOAD_MISMATCH'
  | 'SIGNATURE_MISMATCH';

export interface SignatureProblem {
  readonly code: SignatureProblemCode;
  readonly message: string;
}

/** What the Authorization header and the dated headers say, checked before the body is read. */
export interface SignatureClaim {
  readonly accessKeyId: string;
  readonly date: string;
  readonly region: string;
  readonly service: string;
  readonly amzDate: string;
  readonly signedHeaders: readonly string[];
  readonly signature: string;
  /** x-amz-content-sha256 as sent, if it was. */
  readonly contentSha256: string | undefined;
}

export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: SignatureProblem };

export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';
/** Headers that, when sent, must be covered by the signature. */
const MUST_SIGN_IF_PRESENT = /^(x-amz-.*|content-type|content-md5|content-encoding)$/;

const refuse = (code: SignatureProblemCode, message: string): { ok: false; problem: SignatureProblem } => ({
  ok: false,
  problem: { code, message },
});

/** Header values by lower-case name, each instance kept apart (as signed, joined with ','). */
export function headerValues(rawHeaders: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  }
  return out;
}

/**
 * Reads and checks everything but the signature itself: the access key, the scope
 * (service, terminator, date), the time (within 15 minutes of `nowMs`) and which headers are signed.
 */
export function readClaim(
  request: ArrivedRequest,
  credentials: SigningCredentials,
  service: string,
  nowMs: number,
): Checked<SignatureClaim> {
  const headers = headerValues(request.rawHeaders);
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  if (/(^|&)x-amz-(algorithm|signature|credential)=/i.test(query))
    return refuse('UNSUPPORTED_PAYLOAD', 'presigned URLs are not accepted: sign the Authorization header');
  const authorization = headers.get('authorization');
  if (!authorization) return refuse('MISSING_SIGNATURE', 'the request is not signed (no Authorization header)');
  if (authorization.length !== 1) return refuse('MALFORMED_SIGNATURE', 'more than one Authorization header');
  const auth = authorization[0]!.trim();
  if (!auth.startsWith(`${ALGORITHM} `))
    return refuse('MALFORMED_SIGNATURE', `the Authorization header must use ${ALGORITHM}`);
  const fields = new Map<string, string>();
  for (const part of auth.slice(ALGORITHM.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return refuse('MALFORMED_SIGNATURE', 'the Authorization header is malformed');
    const name = part.slice(0, eq).trim();
    if (fields.has(name)) return refuse('MALFORMED_SIGNATURE', `the Authorization header repeats ${name}`);
    fields.set(name, part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signedHeadersField = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (credential === undefined || signedHeadersField === undefined || signature === undefined || fields.size !== 3) {
    return refuse(
      'MALFORMED_SIGNATURE',
      'the Authorization header needs exactly Credential, SignedHeaders and Signature',
    );
  }
  if (!/^[0-9a-f]{64}$/.test(signature))
    return refuse('MALFORMED_SIGNATURE', 'the signature is not 64 lower-case hex digits');
  const scope = credential.split('/');
  if (scope.length !== 5)
    return refuse('MALFORMED_SIGNATURE', 'the credential must be keyid/date/region/service/aws4_request');
  const [accessKeyId = '', date = '', region = '', scopeService = '', terminator = ''] = scope;
  if (!equalText(accessKeyId, credentials.accessKeyId))
    return refuse('UNKNOWN_ACCESS_KEY', "the access key id is not this storage's");
  if (scopeService !== service)
    return refuse('WRONG_SCOPE', `the credential is scoped to '${scopeService}', not '${service}'`);
  if (terminator !== 'aws4_request') return refuse('WRONG_SCOPE', 'the credential scope must end with aws4_request');
  if (region.length === 0) return refuse('WRONG_SCOPE', 'the credential scope has no region');

  const amzDates = headers.get('x-amz-date');
  if (!amzDates || amzDates.length !== 1)
    return refuse('MALFORMED_SIGNATURE', 'the request needs one X-Amz-Date header');
  const amzDate = amzDates[0]!.trim();
  const time = parseAmzDate(amzDate);
  if (time === null)
    return refuse('MALFORMED_SIGNATURE', `X-Amz-Date '${amzDate}' is not in the form YYYYMMDDTHHMMSSZ`);
  if (date !== amzDate.slice(0, 8)) return refuse('WRONG_SCOPE', 'the credential date is not the date of X-Amz-Date');
  if (Math.abs(nowMs - time) > MAX_CLOCK_SKEW_MS)
    return refuse('CLOCK_SKEW', `X-Amz-Date ${amzDate} is more than 15 minutes away from the server's time`);

  const signedHeaders = signedHeadersField.split(';');
  let previous = '';
  for (const name of signedHeaders) {
    if (name.length === 0 || name !== name.toLowerCase() || previous >= name) {
      return refuse('MALFORMED_SIGNATURE', 'SignedHeaders must be distinct lower-case names in sorted order');
    }
    if (!headers.has(name)) return refuse('MALFORMED_SIGNATURE', `the signed header '${name}' is missing`);
    previous = name;
  }
  const signed = new Set(signedHeaders);
  for (const required of ['host', 'x-amz-date'])
    if (!signed.has(required)) return refuse('MALFORMED_SIGNATURE', `the header '${required}' must be signed`);
  for (const name of headers.keys()) {
    if (MUST_SIGN_IF_PRESENT.test(name) && !signed.has(name))
      return refuse('MALFORMED_SIGNATURE', `the header '${name}' is sent but not signed`);
  }
  const sha = headers.get('x-amz-content-sha256');
  return {
    ok: true,
    value: { accessKeyId, date, region, service, amzDate, signedHeaders, signature, contentSha256: sha?.[0]?.trim() },
  };
}

/**
 * Checks the signature of a request whose claim `readClaim` accepted, with `payloadHash`
 * the hex sha256 of the body (or UNSIGNED-PAYLOAD when the client chose not to sign it, S3 only).
 */
export function checkSignature(
  request: ArrivedRequest,
  claim: SignatureClaim,
  credentials: SigningCredentials,
  payloadHash: string,
): Checked<true> {
  const key = signingKey(credentials.secretAccessKey, claim.date, claim.region, claim.service);
  const scope = `${claim.date}/${claim.region}/${claim.service}/aws4_request`;
  const provided = Buffer.from(claim.signature, 'hex');
  for (const uri of canonicalUris(pathOf(request.url), claim.service)) {
    if (uri === null) return refuse('MALFORMED_SIGNATURE', 'the path is not validly percent-encoded');
    const canonical = canonicalRequest(request, uri, claim.signedHeaders, payloadHash);
    if (canonical === null) return refuse('MALFORMED_SIGNATURE', 'the query string is not validly percent-encoded');
    const stringToSign = [ALGORITHM, claim.amzDate, scope, sha256Hex(canonical)].join('\n');
    const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
    if (timingSafeEqual(expected, provided)) return { ok: true, value: true };
  }
  return refuse('SIGNATURE_MISMATCH', 'the signature does not match: check the credentials');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Derived keys by secret, date, region and service: a day's key is derived once. */
const derivedKeys = new Map<string, Buffer>();

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"). */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const id = JSON.stringify([secret, date, region, service]);
  const known = derivedKeys.get(id);
  if (known) return known;
  const key = deriveKey(secret, date, region, service);
  if (derivedKeys.size >= 64) derivedKeys.clear();
  derivedKeys.set(id, key);
  return key;
}

function deriveKey(secret: string, date: string, region: string, service: string): Buffer {
  const kDate = createHmac('sha256', `AWS4${secret}`).update(date, 'utf8').digest();
  const kRegion = createHmac('sha256', kDate).update(region, 'utf8').digest();
  const kService = createHmac('sha256', kRegion).update(service, 'utf8').digest();
  return createHmac('sha256', kService).update('aws4_request', 'utf8').digest();
}

function canonicalRequest(
  request: ArrivedRequest,
  uri: string,
  signedHeaders: readonly string[],
  payloadHash: string,
): string | null {
  const query = canonicalQuery(request.url);
  if (query === null) return null;
  const headers = headerValues(request.rawHeaders);
  const lines = signedHeaders.map(
    (name) =>
      `${name}:${headers
        .get(name)!
        .map((v) => v.trim().replace(/\s+/g, ' '))
        .join(',')}`,
  );
  return [request.method.toUpperCase(), uri, query, ...lines, '', signedHeaders.join(';'), payloadHash].join('\n');
}

/**
 * The canonical URI forms to try. S3: each segment percent-encoded once (RFC 3986), no
 * normalization; the path exactly as sent is tried as well, when it differs. Other
 * services: the path normalized (no empty, `.` or `..` segments) and encoded twice.
 */
function canonicalUris(path: string, service: string): (string | null)[] {
  if (service === 's3') {
    const segments = path.split('/').map(decodeSegment);
    if (segments.some((s) => s === null)) return [null];
    const encoded = (segments as string[]).map(uriEncode).join('/');
    return encoded === path ? [encoded] : [encoded, path];
  }
  const kept: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') kept.pop();
    else kept.push(segment);
  }
  const normalized = `/${kept.join('/')}${kept.length > 0 && path.endsWith('/') ? '/' : ''}`;
  return [normalized.split('/').map(uriEncode).join('/')];
}

/** The query's parameters, decoded, encoded per RFC 3986, sorted by name then value. */
function canonicalQuery(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const pairs: [string, string][] = [];
  for (const part of url.slice(q + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeSegment(eq < 0 ? part : part.slice(0, eq));
    const value = decodeSegment(eq < 0 ? '' : part.slice(eq + 1));
    if (name === null || value === null) return null;
    pairs.push([uriEncode(name), uriEncode(value)]);
  }
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path === '' ? '/' : path;
}

function decodeSegment(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Percent-encodes all but the unreserved characters A-Z a-z 0-9 - _ . ~ (upper-case hex). */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function parseAmzDate(text: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  return Number.isNaN(ms) ? null : ms;
}

function equalText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
