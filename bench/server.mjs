// The `npm start` server as its own process for the API benchmarks: a free loopback port, embedded
// storage in a fresh folder, ready once it says it is listening.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Starts the server with `env` added; `stderr` is its stderr's stdio. Resolves to its base URL and a stop. */
export async function startServer({ env = {}, stderr = 'inherit' } = {}) {
  const port = await freePort();
  const server = spawn(process.execPath, ['dist/functions/node.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      UMPIRE_DATA_DIR: mkdtempSync(join(tmpdir(), 'umpire-bench-')),
      S3_BUCKET: '',
      DYNAMODB_TABLE: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', stderr],
  });
  await new Promise((resolve) => server.stdout.on('data', (d) => String(d).includes('listening') && resolve()));
  return { base: `http://127.0.0.1:${port}`, pid: server.pid, stop: () => server.kill('SIGTERM') };
}
