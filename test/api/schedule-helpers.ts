import { expect } from 'vitest';
import type { apiClient } from './http.js';

/** Boards of idle icy bots and rounds on them, for the schedule suites. */
export function scheduleHelpers(call: ReturnType<typeof apiClient>['call']) {
  /** `count` distinct idle icy bots (each its own source, so each its own bot). */
  async function idleBots(count: number, tag: string): Promise<string[]> {
    const ids: string[] = [];
    for (let k = 0; k < count; k++) {
      const r = await call('POST', '/v1/bots', {
        name: `${tag}${k}`,
        js: `// ${tag} ${k}\nexport default () => "idle\\nidle\\nidle\\nidle\\n";`,
        game: 'icy',
      });
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.id);
    }
    return ids;
  }

  /** A board with the bots entered. */
  async function boardOf(bots: readonly string[], settings: Record<string, unknown> = {}): Promise<string> {
    const created = await call('POST', '/v1/leaderboards', {
      name: 'schedules',
      game: 'icy',
      rating: 'elo',
      ...settings,
    });
    expect(created.status, created.text).toBe(201);
    for (const bot of bots)
      expect((await call('POST', `/v1/leaderboards/${created.body.id}/entries`, { bot })).status).toBe(201);
    return created.body.id;
  }

  /** Polls a round until its status is no longer running. */
  async function settled(board: string, round: string, timeoutMs = 150_000) {
    const end = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < end) {
      const r = await call('GET', `/v1/leaderboards/${board}/rounds/${round}`);
      if (r.body.status !== 'running') return r.body;
      last = r.text;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`round ${round} is still running: ${last}`);
  }

  /** The board's exported result lines, in the order they finished. */
  async function results(
    board: string,
  ): Promise<{ red: { entryId: string }; blue: { entryId: string }; map: string }[]> {
    const r = await call('GET', `/v1/leaderboards/${board}/matches?limit=1000`);
    return r.text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }

  return { idleBots, boardOf, settled, results };
}
