import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UmpireError } from '../core/errors.js';
import { startEmbeddedDynamo } from './embedded-dynamo.js';
import { startEmbeddedS3 } from './embedded-s3.js';
import { loadOrCreateCredentials, readLocalCredentials, securePrivateDir } from './local-credentials.js';
import type { SignedServer } from './signed-server.js';

/** Where the local servers listen, and the credentials they take: an S3 and DynamoDB configuration. */
export interface LocalAwsConfig {
  readonly region: string;
  readonly s3: { readonly bucket: string; readonly endpoint: string };
  readonly dynamodb: { readonly table: string; readonly endpoint: string };
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

export interface EmbeddedStorage {
  readonly config: LocalAwsConfig;
  /**
   * When this process began to start the servers (ms since the epoch). Only the process that
   * runs them can reach them (guests find them through the endpoints file written after), so
   * any job claim stored before this time belongs to a process that can no longer write.
   */
  readonly startedAt: number;
  close(): Promise<void>;
}

export interface EmbeddedStorageOptions {
  /** Where problems with the data (a corrupt file) are reported; console.error by default. */
  readonly log?: (line: string) => void;
}

const BUCKET = 'umpire-replays';
const TABLE = 'umpire';
const REGION = 'us-east-1';

/**
 * Node only: an S3 server (s3rver) and a DynamoDB server (dynalite, in a worker thread) in
 * this process, on 127.0.0.1, keeping their data under `dir` so it survives restarts. They
 * speak the real protocols: the AWS SDK talks to them as to AWS. Every request must be
 * signed (SigV4) with the folder's own credentials (`storage-credentials.json`, 0600, made
 * on first start; the folder is kept 0700); anything else is refused with 403.
 */
export async function startEmbeddedStorage(
  dir: string,
  options: EmbeddedStorageOptions = {},
): Promise<EmbeddedStorage> {
  const startedAt = Date.now();
  const log = options.log ?? ((line: string) => console.error(line));
  securePrivateDir(dir);
  const credentials = loadOrCreateCredentials(dir, log);
  mkdirSync(join(dir, 's3'), { recursive: true });
  mkdirSync(join(dir, 'dynamodb'), { recursive: true });
  const s3 = await startEmbeddedS3({ directory: join(dir, 's3'), bucket: BUCKET, credentials, log });
  let db: SignedServer;
  try {
    db = await startEmbeddedDynamo({ directory: join(dir, 'dynamodb'), credentials, log });
  } catch (e) {
    await s3.close();
    throw e;
  }
  const endpoints: Endpoints = {
    region: REGION,
    s3: { bucket: BUCKET, endpoint: `http://127.0.0.1:${s3.port}` },
    dynamodb: { table: TABLE, endpoint: `http://127.0.0.1:${db.port}` },
  };
  // Other local processes of the folder's owner (`umpire keys create`) reach these servers
  // through this file and the credentials file: the data itself can be opened by one process only.
  writeFileSync(join(dir, ENDPOINTS), JSON.stringify(endpoints), { mode: 0o600 });
  return {
    config: { ...endpoints, credentials },
    startedAt,
    async close() {
      rmSync(join(dir, ENDPOINTS), { force: true });
      await Promise.all([s3.close(), db.close()]);
    },
  };
}

type Endpoints = Omit<LocalAwsConfig, 'credentials'>;

const ENDPOINTS = 'endpoints.json';

/**
 * The storage of a local server running on `dir`, if any: the endpoints it published, with
 * the folder's credentials (readable by the folder's owner only; anyone else gets an error).
 */
export function runningEmbeddedStorage(dir: string): LocalAwsConfig | null {
  let endpoints: Endpoints;
  try {
    endpoints = JSON.parse(readFileSync(join(dir, ENDPOINTS), 'utf8')) as Endpoints;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new UmpireError({
        code: 'LOCAL_STORAGE_ACCESS',
        message: `cannot read ${join(dir, ENDPOINTS)}: only the owner of the data folder can use its storage`,
      });
    }
    return null;
  }
  const credentials = readLocalCredentials(dir);
  if (!credentials) return null;
  return { region: endpoints.region, s3: endpoints.s3, dynamodb: endpoints.dynamodb, credentials };
}
