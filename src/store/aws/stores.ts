import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoMatchStore, TABLE_LAYOUT } from './dynamo-matches.js';
import { S3BlobStore } from './s3-blobs.js';
import { DynamoBotStore } from './dynamo-bots.js';
import { DynamoLeaderboardStore } from './dynamo-leaderboards.js';
import { DynamoKeyStore } from './dynamo-keys.js';
import { DynamoRoundJobStore } from './dynamo-round-jobs.js';
import { DynamoRatingLedger } from './dynamo-rating-ledger.js';
import { DynamoBatchStore } from './dynamo-batches.js';
import { DynamoDeliveryStore } from './dynamo-deliveries.js';
import type { Stores } from '../contract/stores.js';
import { StoreError } from '../contract/errors.js';

export interface StorageConfig {
  readonly region: string;
  readonly s3: { readonly bucket: string; readonly endpoint?: string };
  readonly dynamodb: { readonly table: string; readonly endpoint?: string };
  /** Explicit credentials (local servers, R2); otherwise the SDK's default chain. */
  readonly credentials?: {
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
    readonly sessionToken?: string;
  };
}

/** The stores on S3 and DynamoDB, with the clients they use (ensureStorage; tests that write raw items). */
export interface AwsStores extends Stores {
  readonly s3: S3Client;
  readonly dynamodb: DynamoDBClient;
  readonly config: StorageConfig;
}

/** Reads the storage configuration from the environment (the same names on every runtime). */
export function storageConfigFromEnv(env: Record<string, string | undefined>): StorageConfig | null {
  if (!env.S3_BUCKET || !env.DYNAMODB_TABLE) return null;
  return {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    s3: { bucket: env.S3_BUCKET, ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}) },
    dynamodb: { table: env.DYNAMODB_TABLE, ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}) },
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
  };
}

/** What only the process that started the storage knows. */
export interface StoreOptions {
  /** Claims on jobs taken before this time (ms since the epoch) are dead: DynamoRoundJobStore. */
  readonly orphanedBefore?: number;
}

export function createStores(config: StorageConfig, options: StoreOptions = {}): AwsStores {
  // The SDK writes into the credentials object it is given: give it its own copy.
  const credentials = config.credentials ? { credentials: { ...config.credentials } } : {};
  const s3 = new S3Client({
    region: config.region,
    ...credentials,
    ...(config.s3.endpoint ? { endpoint: config.s3.endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: R2 and local servers reject the rest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const dynamodb = new DynamoDBClient({
    region: config.region,
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
    ...(config.dynamodb.endpoint ? { endpoint: config.dynamodb.endpoint } : {}),
    maxAttempts: 2,
  });
  return {
    blobs: new S3BlobStore(s3, config.s3.bucket),
    matches: new DynamoMatchStore(dynamodb, config.dynamodb.table),
    keys: new DynamoKeyStore(dynamodb, config.dynamodb.table),
    bots: new DynamoBotStore(dynamodb, config.dynamodb.table),
    leaderboards: new DynamoLeaderboardStore(dynamodb, config.dynamodb.table),
    roundJobs: new DynamoRoundJobStore(dynamodb, config.dynamodb.table, options.orphanedBefore),
    batches: new DynamoBatchStore(dynamodb, config.dynamodb.table),
    ratings: new DynamoRatingLedger(dynamodb, config.dynamodb.table),
    deliveries: new DynamoDeliveryStore(dynamodb, config.dynamodb.table),
    s3,
    dynamodb,
    config,
  };
}

/** Creates the bucket and the table when they do not exist yet (local servers; AWS uses infra/). */
export async function ensureStorage(stores: AwsStores): Promise<void> {
  const { bucket } = stores.config.s3;
  try {
    await stores.s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    try {
      await stores.s3.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (e) {
      if ((e as { name?: string }).name !== 'BucketAlreadyOwnedByYou') throw e;
    }
  }
  const { table } = stores.config.dynamodb;
  try {
    const { Table } = await stores.dynamodb.send(new DescribeTableCommand({ TableName: table }));
    if (Table?.TableStatus === 'CREATING') await tableActive(stores.dynamodb, table);
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
    await stores.dynamodb.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: TABLE_LAYOUT.hashKey, AttributeType: 'S' },
          { AttributeName: TABLE_LAYOUT.rangeKey, AttributeType: 'S' },
          { AttributeName: TABLE_LAYOUT.byBotHashKey, AttributeType: 'S' },
          { AttributeName: TABLE_LAYOUT.byBotRangeKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: TABLE_LAYOUT.hashKey, KeyType: 'HASH' },
          { AttributeName: TABLE_LAYOUT.rangeKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: TABLE_LAYOUT.byBotIndex,
            KeySchema: [
              { AttributeName: TABLE_LAYOUT.byBotHashKey, KeyType: 'HASH' },
              { AttributeName: TABLE_LAYOUT.byBotRangeKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    await tableActive(stores.dynamodb, table);
  }
}

/** The longest a new table may stay CREATING (DynamoDB takes seconds; dynalite a moment). */
const TABLE_ACTIVE_WITHIN_MS = 5 * 60_000;

/**
 * Waits until a new table is ACTIVE: until then every item request on it is
 * ResourceNotFoundException, on DynamoDB and on dynalite alike.
 */
async function tableActive(db: DynamoDBClient, table: string): Promise<void> {
  const deadline = Date.now() + TABLE_ACTIVE_WITHIN_MS;
  for (let waitMs = 10; ; waitMs = Math.min(waitMs * 2, 2000)) {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: table }));
    if (Table?.TableStatus === 'ACTIVE') return;
    if (Date.now() + waitMs > deadline)
      throw new StoreError(
        'STORAGE_UNAVAILABLE',
        `table ${table} is still ${Table?.TableStatus ?? 'unknown'} after ${TABLE_ACTIVE_WITHIN_MS} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
