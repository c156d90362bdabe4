import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialState, manhattan, startSquares } from '../../../src/games/blockdrop/index.js';
import { JavaRandom } from '../../../src/games/blockdrop/java/random.js';

// The start of a match as the original engine draws it from new Random(seed).
// The expected values come from Java (OpenJDK 17): the engine's own sample log
// for seed 0, and its start squares for 3000 seeds (fixtures/blockdrop-reference).

const REFERENCE = 'test/fixtures/blockdrop-reference';
const starts = (seed: number) =>
  initialState(seed)
    .players.map((p) => `${p.col} ${p.row} ${p.dir}`)
    .join(' ');

describe('java.util.Random', () => {
  it('draws what Java draws: nextInt with a power of two, with another bound, and next(32)', () => {
    const r = new JavaRandom(42);
    expect([0, 1, 2, 3, 4, 5].map(() => r.nextInt(324))).toEqual([98, 111, 252, 152, 198, 97]);
    expect([0, 1, 2, 3, 4, 5].map(() => r.nextInt(4))).toEqual([1, 2, 2, 0, 3, 1]);
    const negative = new JavaRandom(-7);
    expect([0, 1, 2, 3].map(() => negative.nextInt(1000000007))).toEqual([577934662, 935951290, 445645583, 119890471]);
    const wide = new JavaRandom(4294967295);
    expect([0, 1, 2, 3].map(() => wide.next(32))).toEqual([730361011, -485875005, 1995120663, -1576599650]);
  });

  it('redraws the values a large bound would favour, as Java does (three redraws in these eight)', () => {
    const r = new JavaRandom(1);
    expect(Array.from({ length: 8 }, () => r.nextInt(1500000000))).toEqual([
      215764588, 880641847, 874970313, 446064254, 77814904, 714504434, 1414906606, 13136569,
    ]);
    expect(() => r.nextInt(0)).toThrow(RangeError);
  });
});

describe('start squares', () => {
  it('seed 0 gives the squares and directions of the engine’s sample log for seed 0', () => {
    const log = JSON.parse(readFileSync(`${REFERENCE}/sample_log_seed0.txt`, 'utf8')) as {
      replay: { initial: string[][] };
    };
    expect(starts(0)).toBe(log.replay.initial.map((s) => s.join(' ')).join(' '));
    expect(initialState(0).players[0]).toEqual({ row: 14, col: 0, dir: 'D', cooldown: 0, fellAt: null });
  });

  it('3000 seeds (0 to 1999 and the last 1000 of 32 bits) give the engine’s squares and directions', () => {
    const lines = gunzipSync(readFileSync(`${REFERENCE}/starts.txt.gz`))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(3000);
    for (const line of lines) {
      const space = line.indexOf(' ');
      expect(starts(Number(line.slice(0, space)))).toBe(line.slice(space + 1));
    }
    expect(starts(1000)).toBe('5 7 R 17 11 U 2 5 R 9 3 D');
  });

  it('offers the squares more than 3 from the players placed, in the engine’s order, which is not the board’s', () => {
    const all = startSquares([]);
    expect(all).toHaveLength(324);
    // Java's own order (Field.getSpawnablePoints with nobody placed): bins by x ^ y, tree roots first.
    const show = (ps: readonly { x: number; y: number }[]) => ps.map((p) => `${p.x},${p.y}`).join(' ');
    expect(show(all.slice(0, 6))).toBe('7,7 3,3 0,0 1,1 2,2 4,4');
    expect(show(all.slice(-3))).toBe('14,17 16,15 15,16');
    const near = startSquares([{ x: 5, y: 5 }]);
    expect(near).toHaveLength(324 - 25);
    expect(near.every((p) => Math.abs(p.x - 5) + Math.abs(p.y - 5) > 3)).toBe(true);
    // Removing squares rebalances the set's trees, whose roots go first: the order is not the one before, filtered.
    expect(near).not.toEqual(all.filter((p) => Math.abs(p.x - 5) + Math.abs(p.y - 5) > 3));
    expect(show(near.slice(0, 17))).toBe(
      '7,7 3,3 0,0 1,1 2,2 8,8 9,9 10,10 11,11 12,12 13,13 14,14 15,15 16,16 17,17 8,9 3,2',
    );
    // The whole order Java gives with a player at (5, 5), as "299: x,y x,y ...".
    expect(
      createHash('sha256')
        .update(`${near.length}: ${show(near)}`)
        .digest('hex'),
    ).toBe('a3cf2c8a6288cf4e1cf38bff50fa95e3a61e3ccf43227345733a4247f799258e');
  });

  it('places the players more than 3 apart', () => {
    for (let seed = 0; seed < 200; seed++) {
      const { players } = initialState(seed);
      for (let a = 0; a < 4; a++)
        for (let b = a + 1; b < 4; b++) expect(manhattan(players[a]!, players[b]!)).toBeGreaterThan(3);
    }
  });
});
