import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { freePort } from '../../support/server.js';
import { waitForOutput } from '../../support/process-output.js';

/**
 * wrangler refuses a Node older than its `engines` (>=22). On an older Node (the README's two commands
 * on a machine with Node 20) the tests in the real Workers runtime are skipped, saying why; `.ci/run`
 * always runs them on Node 24.
 */
const WRANGLER_NODE = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('wrangler/package.json'), 'utf8'))
  .engines.node as string;
export const WRANGLER_RUNS = atLeast(process.versions.node, /^>=\s*([\d.]+)$/.exec(WRANGLER_NODE)?.[1] ?? '0');
if (!WRANGLER_RUNS)
  console.warn(
    `test/functions/worker: skipped, wrangler needs Node ${WRANGLER_NODE} and this is Node ${process.versions.node}`,
  );

function atLeast(version: string, minimum: string): boolean {
  const [a, b] = [version, minimum].map((v) => v.split('.').map(Number));
  for (let k = 0; k < 3; k++) if ((a![k] ?? 0) !== (b![k] ?? 0)) return (a![k] ?? 0) > (b![k] ?? 0);
  return true;
}

export interface Wrangler {
  readonly base: string;
  stop(): Promise<void>;
}

/** Runs a Worker in the real Workers runtime (workerd) with `wrangler dev` on 127.0.0.1. */
export async function startWrangler(args: string[], vars: Record<string, string> = {}): Promise<Wrangler> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'node_modules/wrangler/bin/wrangler.js',
      'dev',
      ...args,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    {
      detached: true,
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await waitForOutput(child, 'Ready on', 90_000, 'wrangler dev');
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      const pid = child.pid;
      if (!pid) return;
      const signal = (s: NodeJS.Signals) => {
        try {
          process.kill(-pid, s);
        } catch {
          // already gone
        }
      };
      signal('SIGINT');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      signal('SIGKILL');
    },
  };
}

/**
 * POSTs a JSON body on a connection of its own and reads the answer. A test that waits a while
 * (a Node match of its own) between requests would otherwise reuse a pooled connection the dev
 * server may close meanwhile, and fetch fails with "other side closed" before the request is sent.
 */
export function postOnNewConnection(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
