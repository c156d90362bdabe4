import { mkdirSync } from 'node:fs';
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
  return {
    config: {
      region: 'us-east-1',
      s3: { bucket, endpoint: `http://127.0.0.1:${s3Address.port}` },
      dynamodb: { table: 'umpire', endpoint: `http://127.0.0.1:${dbPort}` },
      credentials: LOCAL_CREDENTIALS,
    },
    async close() {
      await s3.close();
      await new Promise<void>((resolve) => db.close(() => resolve()));
    },
  };
}
