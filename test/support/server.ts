import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { waitForOutput } from './process-output.js';

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  readonly base: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `npm start`'s server (dist/functions/node.js) as its own process, with embedded storage in `dataDir`. */
export async function startServer(dataDir: string, port?: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['dist/functions/node.js'], {
    env: { ...process.env, PORT: String(p), UMPIRE_DATA_DIR: dataDir, S3_BUCKET: '', DYNAMODB_TABLE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForOutput(child, 'umpire listening on', 30_000, 'the server');
  return {
    base: `http://127.0.0.1:${p}`,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
