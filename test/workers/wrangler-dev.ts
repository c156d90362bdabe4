import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../api/server.js';
import { waitForOutput } from '../process-output.js';

/**
 * Current wrangler runs on Node 22.12 or later only. On an older Node (the README's two commands on
 * a machine with Node 20) the tests in the real Workers runtime are skipped, saying why; `.ci/run`
 * always runs them on Node 24.
 */
export const WRANGLER_RUNS = (() => {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  return major > 22 || (major === 22 && minor >= 12);
})();
if (!WRANGLER_RUNS) console.warn(`test/workers: skipped, wrangler needs Node 22.12 or later and this is Node ${process.versions.node}`);

export interface Wrangler {
  readonly base: string;
  stop(): Promise<void>;
}

/** Runs a Worker in the real Workers runtime (workerd) with `wrangler dev` on 127.0.0.1. */
export async function startWrangler(args: string[], vars: Record<string, string> = {}): Promise<Wrangler> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['node_modules/wrangler/bin/wrangler.js', 'dev', ...args, '--ip', '127.0.0.1', '--port', String(port), ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`])],
    { detached: true, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] },
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
