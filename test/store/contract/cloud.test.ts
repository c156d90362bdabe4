import { createStores } from '../../../src/store/aws/stores.js';
import { describeStoreContract } from './describe-store-contract.js';

/**
 * Real AWS, or R2 for blobs, when a bucket and a table of their own are named: CONTRACT_S3_BUCKET
 * and CONTRACT_DYNAMODB_TABLE (made beforehand, e.g. by infra/; the suite creates nothing), with
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (AWS_SESSION_TOKEN, AWS_REGION if needed), and
 * CONTRACT_S3_ENDPOINT / CONTRACT_DYNAMODB_ENDPOINT for another endpoint (R2's S3 API).
 * Skipped otherwise. Every id it writes is its run's own (harness.ts: RUN), and nothing is deleted.
 */
const env = process.env;
const configured = Boolean(
  env.CONTRACT_S3_BUCKET && env.CONTRACT_DYNAMODB_TABLE && env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY,
);

describeStoreContract(
  'aws stores on real AWS or R2',
  async () => {
    const stores = createStores({
      region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
      s3: {
        bucket: env.CONTRACT_S3_BUCKET!,
        ...(env.CONTRACT_S3_ENDPOINT ? { endpoint: env.CONTRACT_S3_ENDPOINT } : {}),
      },
      dynamodb: {
        table: env.CONTRACT_DYNAMODB_TABLE!,
        ...(env.CONTRACT_DYNAMODB_ENDPOINT ? { endpoint: env.CONTRACT_DYNAMODB_ENDPOINT } : {}),
      },
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID!,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY!,
        ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
      },
    });
    return {
      stores,
      async close() {
        stores.s3.destroy();
        stores.dynamodb.destroy();
      },
    };
  },
  { skip: !configured },
);
