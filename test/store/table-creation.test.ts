import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStores, ensureStorage, type AwsStores } from '../../src/store/aws/stores.js';
import { TABLE_LAYOUT } from '../../src/store/aws/dynamo-matches.js';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// A new DynamoDB table is CREATING for a while (seconds on AWS), and every item request on it
// fails as if it did not exist. dynalite here keeps new tables CREATING for CREATING_MS, as AWS
// would: storage that says it is prepared must take writes at once.

const CREATING_MS = 400;
const embedded = useEmbeddedStores('table-creation');
let slowDynamo: Server;
let endpoint: string;

beforeAll(async () => {
  const dynalite = createRequire(import.meta.url)('dynalite') as (options: object) => Server;
  slowDynamo = dynalite({ createTableMs: CREATING_MS, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => slowDynamo.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(slowDynamo.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => slowDynamo.close(() => resolve())));

/** Stores on the embedded S3 and the slow DynamoDB, on a table of their own. */
function slowStores(table: string): AwsStores {
  const config = embedded.storage.config;
  return createStores({ ...config, dynamodb: { table, endpoint } });
}

const key = { id: 'key_1', name: 'n', createdAt: '2026-01-01T00:00:00.000Z', ratePerMinute: 1 };

describe('ensureStorage and a table that takes time to create', () => {
  it('returns only once the table it created takes writes', async () => {
    const stores = slowStores('made-here');
    const started = Date.now();
    await ensureStorage(stores);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CREATING_MS - 50);
    await stores.keys.create('hash', key);
    expect(await stores.keys.find('hash')).toMatchObject({ id: 'key_1' });
  });

  it('waits for a table another process is still creating', async () => {
    const stores = slowStores('made-elsewhere');
    await stores.dynamodb.send(
      new CreateTableCommand({
        TableName: 'made-elsewhere',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: TABLE_LAYOUT.hashKey, AttributeType: 'S' },
          { AttributeName: TABLE_LAYOUT.rangeKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: TABLE_LAYOUT.hashKey, KeyType: 'HASH' },
          { AttributeName: TABLE_LAYOUT.rangeKey, KeyType: 'RANGE' },
        ],
      }),
    );
    await ensureStorage(stores);
    await stores.keys.create('hash', key);
    expect(await stores.keys.find('hash')).toMatchObject({ id: 'key_1' });
  });
});
