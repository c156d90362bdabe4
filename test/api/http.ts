/** JSON calls against a running server, for the API suites. */
export function apiClient(base: () => string) {
  async function call(method: string, path: string, body?: unknown) {
    const r = await fetch(`${base()}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    return {
      status: r.status,
      headers: r.headers,
      text,
      body: text && r.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null,
    };
  }

  /** Polls a leaderboard round until it is finished. */
  async function finish(board: string, round: string) {
    for (let i = 0; i < 300; i++) {
      const r = await call('GET', `/v1/leaderboards/${board}/rounds/${round}`);
      if (r.body.status === 'finished') return r.body;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the round did not finish');
  }

  return { call, finish };
}
