// Local server (`npm start`): zero configuration. Without S3_BUCKET/DYNAMODB_TABLE it runs
// embedded S3 and DynamoDB servers with data under .data/ (UMPIRE_DATA_DIR); with them, the
// same code talks to AWS, R2 or any S3/DynamoDB endpoint (S3_ENDPOINT, DYNAMODB_ENDPOINT).
// STORE picks a backend by name instead (src/store/registry-node.ts: embedded, aws, memory).
// The parts are src/runtimes/node/ (kit.ts; server.ts listens, logs, resumes and stops).
import { startNodeServer } from '../src/runtimes/node/server.js';

// Matches run in worker threads; the worker is this bundle's sibling, dist/functions/match-worker.js.
await startNodeServer(process.env, new URL('./match-worker.js', import.meta.url));
