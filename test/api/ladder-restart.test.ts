import { describe, expect, it } from 'vitest';
import { apiClient } from './http.js';
import { scheduleHelpers } from './schedule-helpers.js';
import { useServer } from '../support/server.js';

// A ladder outlives its server: killed between batches or in one, the server started again on the
// same data folder (the embedded store) goes on with it until all its matches are played.

const server = useServer({ env: { UMPIRE_WORKERS: '2' } });
const { call } = apiClient(() => server.base);
const { idleBots, boardOf, settled, results } = scheduleHelpers(call);

describe('a ladder', () => {
  it('goes on after the server restarts', async () => {
    // The default budgets: a claim the killed server held would lapse only after 6 minutes or so, past
    // this test's time. The restarted server takes such claims over at once (they predate its storage).
    const board = await boardOf(await idleBots(6, 'restart'));
    const round = await call('POST', `/v1/leaderboards/${board}/rounds`, { schedule: 'ladder', matches: 30, batch: 2 });
    expect(round.status).toBe(202);
    let before = (await call('GET', `/v1/leaderboards/${board}/rounds/${round.body.id}`)).body;
    for (let k = 0; k < 300 && before.done < 4; k++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      before = (await call('GET', `/v1/leaderboards/${board}/rounds/${round.body.id}`)).body;
    }
    expect(before.done).toBeGreaterThanOrEqual(4);
    expect(before.done).toBeLessThan(30);
    await server.kill();
    await server.start();
    const final = await settled(board, round.body.id);
    expect(final).toMatchObject({ total: 30, status: 'finished' });
    expect(final.done + final.failed).toBe(30);
    expect(await results(board)).toHaveLength(final.done);
  }, 180_000);
});
