import { describe, expect, it } from 'vitest';
import { RatingTurns } from '../../src/leaderboard/rating-turns.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rating turns', () => {
  it('let a turn rate once every turn of its board taken before it is done, and no other', async () => {
    const turns = new RatingTurns();
    const first = turns.take('lb_a');
    const second = turns.take('lb_a');
    const third = turns.take('lb_a');
    const elsewhere = turns.take('lb_b');
    const ready: string[] = [];
    void second.ready().then(() => ready.push('second'));
    void third.ready().then(() => ready.push('third'));
    void elsewhere.ready().then(() => ready.push('elsewhere'));
    await tick();
    // Another board's first turn does not wait for this board.
    expect(ready).toEqual(['elsewhere']);
    // The third waits for the second even when the first ends.
    first.done();
    await tick();
    expect(ready).toEqual(['elsewhere', 'second']);
    second.done();
    second.done();
    await tick();
    expect(ready).toEqual(['elsewhere', 'second', 'third']);
  });

  it('pass on a turn that ends before it was ready (a job handed back), and keep nothing after', async () => {
    const turns = new RatingTurns();
    const first = turns.take('lb_a');
    const handedBack = turns.take('lb_a');
    const last = turns.take('lb_a');
    handedBack.done();
    let lastReady = false;
    void last.ready().then(() => {
      lastReady = true;
    });
    await tick();
    expect(lastReady).toBe(false);
    first.done();
    await tick();
    expect(lastReady).toBe(true);
    expect(turns.openBoards).toBe(1);
    last.done();
    await tick();
    expect(turns.openBoards).toBe(0);
  });
});
