// Local server (`npm start`): zero configuration. Without S3_BUCKET/DYNAMODB_TABLE it runs
// embedded S3 and DynamoDB servers with data under .data/ (UMPIRE_DATA_DIR); with them, the
// same code talks to AWS, R2 or any S3/DynamoDB endpoint (S3_ENDPOINT, DYNAMODB_ENDPOINT).
// STORE picks a backend by name instead (src/store/registry-node.ts: embedded, aws, memory).
// The parts are src/runtimes/node/ (kit.ts; server.ts listens, logs, resumes and stops).
import module from 'node:module';

// V8 keeps the compiled code of the server and its packages between starts (Node 22.1+). The
// server is a bundle of its own (dist/functions/node-server.js), imported once the cache is on;
// the match worker threads inherit the cache through the environment.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

const server: typeof import('../src/runtimes/node/server.js') = await import(
  new URL('./node-server.js', import.meta.url).href
);
// Matches run in worker threads; the worker is this bundle's sibling, dist/functions/match-worker.js.
await server.startNodeServer(process.env, new URL('./match-worker.js', import.meta.url));
