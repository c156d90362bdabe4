import { readFile } from 'node:fs/promises';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { startSignedServer, type SignedServer } from './signed-server.js';
import type { SigningCredentials } from './sigv4.js';
import { type ListableStore, listObjectsV2, listV2Request } from './s3-list-objects.js';
import { s3Reply } from './storage-replies.js';

/** The parts of s3rver (a Koa app with a filesystem store) this file relies on. */
interface S3rverApp {
  configureBuckets(): Promise<unknown>;
  callback(): (req: IncomingMessage, res: ServerResponse) => unknown;
  readonly store: S3rverStore;
  readonly logger?: { close?(): void };
}
interface S3rverStore extends ListableStore {
  getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}

export interface EmbeddedS3Options {
  readonly directory: string;
  readonly bucket: string;
  readonly credentials: SigningCredentials;
  readonly log: (line: string) => void;
}

/** Objects up to this size (bundles are at most 5 MB, replays far less). */
const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

/**
 * s3rver in this process, reachable only through a signed front: its own SigV4 check cannot
 * be used (it canonicalizes `/bucket` where the SDK signs `/bucket/`, and lets anonymous
 * requests in), so the front checks every request and hands s3rver the checked ones.
 */
export async function startEmbeddedS3(options: EmbeddedS3Options): Promise<SignedServer> {
  const { default: S3rver } = await import('@20minutes/s3rver');
  const s3 = new S3rver({
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket }],
  }) as unknown as S3rverApp;
  guardMetadata(s3.store, options.log);
  try {
    await s3.configureBuckets();
  } catch (e) {
    // Its requests will fail (503); the server still starts.
    options.log(
      `umpire: embedded S3, data in ${options.directory}: cannot prepare the bucket ${options.bucket}: ${(e as Error).message}`,
    );
  }
  const app = s3.callback();
  const front = await startSignedServer({
    service: 's3',
    credentials: options.credentials,
    maxBodyBytes: MAX_OBJECT_BYTES,
    reply: s3Reply,
    async handle(req, res, body) {
      const bucket = headBucketName(req);
      if (bucket !== null) {
        // s3rver answers HEAD /bucket by listing the bucket (reading every object's metadata): a stat is enough.
        res.statusCode = (await s3.store.getBucket(bucket)) ? 200 : 404;
        res.end();
        return;
      }
      const listing = listV2Request(req.method, req.url);
      if (listing) {
        await listObjectsV2(s3.store, listing.bucket, listing.query, res);
        return;
      }
      app(checkedRequest(req, body), res);
    },
  });
  return {
    port: front.port,
    async close() {
      await front.close();
      s3.logger?.close?.();
    },
  };
}

/**
 * One object whose metadata file does not parse would fail every read of it with an
 * anonymous internal error (and fail listings, which s3rver's HEAD /bucket is): such an
 * object reads as a clear error instead, and the log names the file, once.
 */
function guardMetadata(store: S3rverStore, log: (line: string) => void): void {
  const original = store.getMetadata.bind(store);
  const reported = new Set<string>();
  store.getMetadata = async (bucket, key) => {
    const path = store.getResourcePath(bucket, key, 'metadata.json');
    let text: string | null = null;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    if (text !== null && !isMetadata(text)) {
      if (!reported.has(path)) {
        reported.add(path);
        log(
          `umpire: corrupt S3 object metadata ${path}: reads of '${key}' fail (503) until the file is repaired or the object deleted`,
        );
      }
      throw Object.assign(new Error(`the metadata of ${key} is corrupt (the server log names the file)`), {
        expose: true,
      });
    }
    return original(bucket, key);
  };
}

function isMetadata(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((v) => typeof v === 'string')
    );
  } catch {
    return false;
  }
}

/** The bucket of a HEAD /bucket request (HeadBucket), else null. */
function headBucketName(req: IncomingMessage): string | null {
  if (req.method !== 'HEAD') return null;
  const m = /^\/([^/?]+)\/?$/.exec(req.url ?? '');
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/**
 * The checked request as s3rver gets it: its body already read (and hashed) by the front,
 * and without the Authorization header, so s3rver's own signature check stands aside.
 */
function checkedRequest(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  const raw: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (name.toLowerCase() !== 'authorization') raw.push(name, req.rawHeaders[i + 1]!);
  }
  copy.rawHeaders = raw;
  const headers = { ...req.headers };
  delete headers.authorization;
  copy.headers = headers;
  copy.complete = true;
  if (body.length > 0) copy.push(body);
  copy.push(null);
  return copy;
}
