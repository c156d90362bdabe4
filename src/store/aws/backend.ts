import type { OpenedStores, StoreBackend } from '../backend.js';
import { StoreConfigError } from '../config-error.js';
import { createStores, ensureStorage, storageConfigFromEnv, type AwsStores } from './stores.js';

/** S3 and DynamoDB: AWS, Cloudflare R2's S3 API, or any server that speaks them. */
export const awsBackend: StoreBackend = {
  name: 'aws',
  summary:
    'S3 and DynamoDB (AWS, R2 or any endpoint): S3_BUCKET, DYNAMODB_TABLE; S3_ENDPOINT, DYNAMODB_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY if needed',
  async open({ env, guest }) {
    const config = storageConfigFromEnv(env);
    if (!config) throw new StoreConfigError('STORE_NOT_CONFIGURED', 'STORE=aws needs S3_BUCKET and DYNAMODB_TABLE');
    const opened = openedAws('aws', createStores(config));
    return guest ? { ...opened, prepare: async () => undefined } : opened;
  },
};

/** AWS stores as an opened backend; `stop` runs on close, after the clients are let go. */
export function openedAws(
  backend: string,
  stores: AwsStores,
  stop: () => Promise<void> = async () => undefined,
): OpenedStores {
  const { s3, dynamodb } = stores.config;
  return {
    backend,
    stores,
    where: [
      `replays: s3 ${s3.endpoint ?? 'AWS'} bucket ${s3.bucket}`,
      `records: dynamodb ${dynamodb.endpoint ?? 'AWS'} table ${dynamodb.table}`,
    ],
    prepare: () => ensureStorage(stores),
    async close() {
      stores.s3.destroy();
      stores.dynamodb.destroy();
      await stop();
    },
  };
}
