import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { startEmbeddedStorage } from '../../../src/local-aws/embedded.js';
import { createStores, ensureStorage } from '../../../src/store/aws/stores.js';
import { describeStoreContract } from './describe-store-contract.js';

// The S3 and DynamoDB stores over the real protocols, on the embedded local servers (s3rver, dynalite).
describeStoreContract('aws stores on the embedded local servers', async () => {
  const storage = await startEmbeddedStorage(mkdtempSync(join(tmpdir(), 'umpire-contract-')), { log: () => undefined });
  const stores = createStores(storage.config);
  await ensureStorage(stores);
  return {
    stores,
    async corruptDelivery(d) {
      const Item = {
        pk: { S: 'webhook-pending' },
        sk: { S: `${d.hook.id}#${d.order}#${d.id}` },
        record: { S: '{"hook": {"id": "trunc' },
      };
      await stores.dynamodb.send(new PutItemCommand({ TableName: storage.config.dynamodb.table, Item }));
    },
    async writeLegacyKey(hash, record) {
      const Item = { pk: { S: `key#${hash}` }, sk: { S: 'key' }, record: { S: JSON.stringify(record) } };
      await stores.dynamodb.send(new PutItemCommand({ TableName: storage.config.dynamodb.table, Item }));
    },
    async close() {
      stores.s3.destroy();
      stores.dynamodb.destroy();
      await storage.close();
    },
  };
});
