import { DynaliteHost } from './dynalite-host.js';
import { startSignedServer, type SignedServer } from './signed-server.js';
import type { SigningCredentials } from './sigv4.js';
import { dynamoReply } from './storage-replies.js';

export interface EmbeddedDynamoOptions {
  readonly directory: string;
  readonly credentials: SigningCredentials;
  readonly log: (line: string) => void;
}

/** dynalite's own limit on a request. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
/** Headers of dynalite's answers that the front sets itself. */
const FRONT_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

/**
 * dynalite (which checks no signature at all) in a worker thread, reachable only through a
 * front that refuses every request not signed with the folder's credentials.
 */
export async function startEmbeddedDynamo(options: EmbeddedDynamoOptions): Promise<SignedServer> {
  const host = new DynaliteHost(options.directory, options.log);
  await host.start();
  const front = await startSignedServer({
    service: 'dynamodb',
    credentials: options.credentials,
    maxBodyBytes: MAX_REQUEST_BYTES,
    reply: dynamoReply,
    async handle(req, res, body) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const answer = await host.call({ method: req.method ?? 'POST', url: req.url ?? '/', headers, body });
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers))
        if (!FRONT_HEADERS.has(name)) res.setHeader(name, value);
      res.setHeader('content-length', Buffer.byteLength(answer.body));
      res.end(answer.body);
    },
  });
  return {
    port: front.port,
    async close() {
      await front.close();
      await host.close();
    },
  };
}
