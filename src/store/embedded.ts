import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { StorageConfig } from './aws.js';

/** Credentials the embedded S3 server accepts (DynamoDB's accepts any). */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface EmbeddedStorage {
  readonly config: StorageConfig;
  close(): Promise<void>;
}

/**
 * Node only: an S3 server (s3rver) and a DynamoDB server (dynalite) in this
 * process, on 127.0.0.1, keeping their data under `dir` so it survives
 * restarts. They speak the real protocols: the AWS SDK talks to them as to AWS.
 */
export async function startEmbeddedStorage(dir: string): Promise<EmbeddedStorage> {
  const [{ default: S3rver }, { default: dynalite }] = await Promise.all([import('@20minutes/s3rver'), import('dynalite')]);
  mkdirSync(join(dir, 's3'), { recursive: true });
  mkdirSync(join(dir, 'dynamodb'), { recursive: true });
  const bucket = 'umpire-replays';
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: join(dir, 's3'),
    silent: true,
    // The SDK signs bucket paths as /bucket/ and s3rver checks /bucket (see shared research).
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const s3Address = await s3.run();
  const db = dynalite({ path: join(dir, 'dynamodb'), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    db.once('error', reject);
    db.listen(0, '127.0.0.1', () => resolve());
  });
  const dbPort = (db.address() as AddressInfo).port;
  const config: StorageConfig = {
    region: 'us-east-1',
    s3: { bucket, endpoint: `http://127.0.0.1:${s3Address.port}` },
    dynamodb: { table: 'umpire', endpoint: `http://127.0.0.1:${dbPort}` },
    credentials: LOCAL_CREDENTIALS,
  };
  // Other local processes (`umpire keys create`) reach these servers through this file:
  // the data directory itself can be opened by one process only.
  writeFileSync(join(dir, ENDPOINTS), JSON.stringify(config));
  return {
    config,
    async close() {
      rmSync(join(dir, ENDPOINTS), { force: true });
      await s3.close();
      await new Promise<void>((resolve) => db.close(() => resolve()));
    },
  };
}

const ENDPOINTS = 'endpoints.json';

/** The endpoints of the embedded servers a running local server published in `dir`, if any. */
export function runningEmbeddedStorage(dir: string): StorageConfig | null {
  try {
    return JSON.parse(readFileSync(join(dir, ENDPOINTS), 'utf8')) as StorageConfig;
  } catch {
    return null;
  }
}
