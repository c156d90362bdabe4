import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSignature, readClaim, sha256Hex, UNSIGNED_PAYLOAD, type SigningCredentials } from './sigv4.js';
import type { ReplyWriter } from './storage-replies.js';

/** What runs behind the front once a request is known to be signed with the folder's credentials. */
export type SignedHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>;

export interface SignedServerOptions {
  /** The SigV4 service name the signature must be scoped to: `s3` or `dynamodb`. */
  readonly service: string;
  readonly credentials: SigningCredentials;
  readonly maxBodyBytes: number;
  readonly reply: ReplyWriter;
  readonly handle: SignedHandler;
}

export interface SignedServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that refuses (403) every request not signed with
 * `credentials` (AWS SigV4, Authorization header) and hands the others on, with their
 * whole body read and checked against the signed payload hash.
 */
export async function startSignedServer(options: SignedServerOptions): Promise<SignedServer> {
  const server = createServer((req, res) => {
    // A client that goes away mid-request is not an error of this process.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    void serve(options, req, res).catch((e: unknown) =>
      options.reply(
        res,
        500,
        'INTERNAL',
        `internal error: ${(e as Error).message ?? String(e)}`,
        req.method === 'HEAD',
      ),
    );
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { port: (server.address() as AddressInfo).port, close: () => closeServer(server) };
}

async function serve(options: SignedServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { service, credentials, reply } = options;
  const head = req.method === 'HEAD';
  const request = { method: req.method ?? 'GET', url: req.url ?? '/', rawHeaders: req.rawHeaders };
  const claim = readClaim(request, credentials, service, Date.now());
  if (!claim.ok) return reply(res, 403, claim.problem.code, claim.problem.message, head);
  const sent = claim.value.contentSha256;
  if (service === 's3') {
    // S3 signs the payload hash it sends: the signature is checked before the body is read.
    if (sent === undefined)
      return reply(res, 403, 'MALFORMED_SIGNATURE', 'S3 requests need a signed x-amz-content-sha256 header', head);
    if (sent !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/.test(sent)) {
      return reply(
        res,
        403,
        'UNSUPPORTED_PAYLOAD',
        `x-amz-content-sha256 '${sent}' is not accepted (only a hex sha256 or UNSIGNED-PAYLOAD)`,
        head,
      );
    }
    const signed = checkSignature(request, claim.value, credentials, sent);
    if (!signed.ok) return reply(res, 403, signed.problem.code, signed.problem.message, head);
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > options.maxBodyBytes)
    return reply(res, 413, 'TOO_LARGE', `the body is larger than ${options.maxBodyBytes} bytes`, head);
  const body = await readBody(req, options.maxBodyBytes);
  if (body === 'aborted') return void res.destroy();
  if (body === 'too-large')
    return reply(res, 413, 'TOO_LARGE', `the body is larger than ${options.maxBodyBytes} bytes`, head);
  const hash = sha256Hex(body);
  if (service === 's3') {
    if (sent !== UNSIGNED_PAYLOAD && sent !== hash)
      return reply(res, 403, 'PAYLOAD_MISMATCH', 'the body does not match x-amz-content-sha256', head);
  } else {
    if (sent !== undefined && sent !== hash)
      return reply(res, 403, 'PAYLOAD_MISMATCH', 'the body does not match x-amz-content-sha256', head);
    const signed = checkSignature(request, claim.value, credentials, hash);
    if (!signed.ok) return reply(res, 403, signed.problem.code, signed.problem.message, head);
  }
  await options.handle(req, res, body);
}

/** The whole body, unless it passes `max` bytes or the client goes away first. */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: Buffer | 'too-large' | 'aborted') => {
      if (done) return;
      done = true;
      resolve(value);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > max) {
        req.pause();
        finish('too-large');
      } else chunks.push(chunk);
    });
    req.on('end', () => finish(Buffer.concat(chunks, size)));
    req.on('close', () => finish('aborted'));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Requests still running get a moment; then their connections go too.
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}
