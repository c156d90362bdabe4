import { serve } from '@hono/node-server';
import { nodeListenFromEnv } from '../../api/site.js';
import { resumeRounds } from '../../leaderboard/resume.js';
import { StoreConfigError } from '../../store/config-error.js';
import { prepareOrReport } from '../../store/factory.js';
import { assembleRuntime } from '../assemble.js';
import { openRuntimeStores } from '../open-stores.js';
import { NODE_STORAGE, nodeKit } from './kit.js';

/**
 * The local server (`npm start`), zero configuration: the settings are checked (a wrong one ends
 * the process with its code), the stores opened, the kit assembled and served; what a previous
 * run left unfinished is resumed; SIGINT and SIGTERM stop it all. `workerUrl`: the match worker.
 */
export async function startNodeServer(
  env: Readonly<Record<string, string | undefined>>,
  workerUrl: URL,
): Promise<void> {
  // HOST (default 127.0.0.1), PORT, PUBLIC_URL, ALLOWED_HOSTS: beyond loopback only with AUTH=required.
  const listen = nodeListenFromEnv(env);
  if (!listen.ok) exit(`${listen.problems[0]!.message} (${listen.problems[0]!.code})`);
  const { host, port, listening, site } = listen.value;
  const opened = await openRuntimeStores(NODE_STORAGE, env).catch((e: unknown) => {
    if (!(e instanceof StoreConfigError)) throw e;
    exit(`${e.message} (${e.code})`);
  });
  // Storage that does not work (a corrupt data folder) is logged; its requests get 503, the server still starts.
  await prepareOrReport(opened);
  const kit = nodeKit(env, opened.stores, workerUrl);
  const { runner, lanes } = kit;
  const { queue, app } = assembleRuntime(kit, opened.stores, site);
  const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
    console.log(`umpire listening on ${listening} (API docs: ${site.origin}/docs)`);
    console.log(`  public URL ${site.origin}; answers to hosts ${site.hosts!.join(', ')}`);
    for (const line of opened.where) console.log(`  ${line}`);
    console.log(
      `  matches: ${runner.pool.size} worker threads, at most ${runner.pool.maxRunningPerKey} per key at once`,
    );
  });
  // Deliveries a previous run left pending (stopped or crashed) are sent again, with the same ids.
  lanes
    .resume()
    .then((n) => n > 0 && console.log(`  webhooks: ${n} pending deliveries resumed`))
    .catch((e) => console.error(`umpire: pending webhook deliveries not resumed: ${(e as Error).message}`));
  // Rounds a previous run left unfinished (stopped or crashed) go on: their pending jobs are queued again.
  resumeRounds(opened.stores, queue!)
    .then((n) => n > 0 && console.log(`  rounds: ${n} pending matches resumed`))
    .catch((e) => console.error(`umpire: unfinished rounds not resumed: ${(e as Error).message}`));
  const stop = () => {
    server.close();
    queue!.close();
    lanes.close();
    void runner.close();
    void opened.close().finally(() => process.exit(0));
  };
  // Slow clients cannot hold connections: headers within 30 s, a whole request (a match included) within 10 min.
  Object.assign(server, { headersTimeout: 30_000, requestTimeout: 600_000 });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function exit(line: string): never {
  console.error(`umpire: ${line}`);
  process.exit(1);
}
