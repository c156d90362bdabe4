import { runCli } from '../../src/cli/main.js';

export interface TestKey {
  readonly key: string;
  readonly id: string;
}

/**
 * Runs `umpire keys create` against the storage of the server running on `dataDir`: a team key
 * (its team is its name), or with `['--admin']` an admin key.
 */
export async function createKey(dataDir: string, name: string, rate = 1000, more: string[] = []): Promise<TestKey> {
  const lines: string[] = [];
  const notes: string[] = [];
  const saved = process.env.UMPIRE_DATA_DIR;
  process.env.UMPIRE_DATA_DIR = dataDir;
  try {
    const code = await runCli(
      ['keys', 'create', '--name', name, '--rate', String(rate), ...more],
      (l) => lines.push(l),
      (l) => notes.push(l),
    );
    if (code !== 0) throw new Error(`umpire keys create failed: ${[...notes, ...lines].join('\n')}`);
  } finally {
    if (saved === undefined) delete process.env.UMPIRE_DATA_DIR;
    else process.env.UMPIRE_DATA_DIR = saved;
  }
  return { key: /^key: +(umpire_\S+)$/.exec(lines[0]!)![1]!, id: /^id: +(\w+)/.exec(lines[1]!)![1]! };
}

/** JSON calls made with a key (or none). */
export function keyedClient(base: () => string) {
  return async function call(
    key: TestKey | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const r = await fetch(`${base()}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key.key}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    return {
      status: r.status,
      headers: r.headers,
      text,
      body: text && r.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null,
    };
  };
}

/** Polls a leaderboard round until it is finished. */
export async function finishRound(call: ReturnType<typeof keyedClient>, board: string, round: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const r = await call(null, 'GET', `/v1/leaderboards/${board}/rounds/${round}`);
    if (r.body.status === 'finished') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the round did not finish');
}
