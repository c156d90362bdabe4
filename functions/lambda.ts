// AWS Lambda (Function URL or API Gateway): storage from S3_BUCKET and DYNAMODB_TABLE.
import { handle } from 'hono/aws-lambda';
import maps from '../build/maps.js';
import { createApp } from '../src/api/app.js';
import { nodeBotLoader } from '../src/sandbox/node-sources.js';
import { createStores, storageConfigFromEnv } from '../src/store/aws.js';

const config = storageConfigFromEnv(process.env);
if (!config) throw new Error('set S3_BUCKET and DYNAMODB_TABLE');
export const handler = handle(createApp({ ...createStores(config), loadBot: nodeBotLoader, maps, auth: 'required' }));
