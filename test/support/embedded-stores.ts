import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/local-aws/embedded.js';
import { createStores, ensureStorage, type AwsStores } from '../../src/store/aws/stores.js';

/** The embedded S3 and DynamoDB of a test file, and the AWS stores on them, once `beforeAll` has run. */
export interface EmbeddedStores {
  readonly storage: EmbeddedStorage;
  readonly stores: AwsStores;
  /** The DynamoDB table the stores use, for items a test writes or reads raw. */
  readonly table: string;
}

/**
 * Starts the embedded storage in a fresh folder (`umpire-<name>-...`) before the file's tests,
 * with its table and bucket made, and stops it after them. Read the fields inside tests.
 */
export function useEmbeddedStores(name: string): EmbeddedStores {
  const current: { storage?: EmbeddedStorage; stores?: AwsStores } = {};
  beforeAll(async () => {
    current.storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), `umpire-${name}-`)), {
      log: () => undefined,
    });
    current.stores = createStores(current.storage.config);
    await ensureStorage(current.stores);
  }, 60_000);
  afterAll(async () => {
    current.stores?.s3.destroy();
    current.stores?.dynamodb.destroy();
    await current.storage?.close();
  });
  return {
    get storage() {
      return current.storage!;
    },
    get stores() {
      return current.stores!;
    },
    get table() {
      return current.storage!.config.dynamodb.table;
    },
  };
}
