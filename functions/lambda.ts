// AWS Lambda: HTTP from a Function URL or API Gateway, and SQS batches of rounds' matches.
// Storage from S3_BUCKET and DYNAMODB_TABLE (or STORE: src/store/registry.ts); the queue from SQS_QUEUE_URL.
// The parts are src/runtimes/lambda/ (kit.ts; handler.ts tells HTTP from SQS batches).
import { lambdaHandler } from '../src/runtimes/lambda/handler.js';

// Matches run in a worker thread: this bundle's sibling (dist/functions/match-worker.js, bundled
// with it), or the compiled one when this file runs from source (tests).
export const handler = await lambdaHandler(process.env, new URL('./match-worker.js', import.meta.url));
