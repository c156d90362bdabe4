import { describe, expect, it } from 'vitest';
import { BLOCK, LANES, countItemOf, countItemSize } from '../../src/store/aws/round-counts.js';

// Where each job of a round is counted, and how many jobs each counting item and block expects.

describe('counting items', () => {
  it('give every index below a total to exactly one item, as many as each item expects', () => {
    for (const total of [1, 31, 32, 33, 1023, 1024, 1025, 2 * BLOCK + 77]) {
      const seen = new Map<string, number>();
      for (let i = 0; i < total; i++) {
        const { block, lane } = countItemOf(i);
        expect(lane).toBeLessThan(LANES);
        seen.set(`${block}/${lane}`, (seen.get(`${block}/${lane}`) ?? 0) + 1);
      }
      const blocks = Math.ceil(total / BLOCK);
      let items = 0;
      let sum = 0;
      for (let block = 0; block < blocks + 1; block++) {
        let inBlock = 0;
        for (let lane = 0; lane < LANES; lane++) {
          const size = countItemSize(total, block, lane);
          expect(size, `${total}: ${block}/${lane}`).toBe(seen.get(`${block}/${lane}`) ?? 0);
          if (size > 0) items++;
          inBlock += size;
        }
        expect(countItemSize(total, block)).toBe(inBlock);
        sum += inBlock;
      }
      expect(sum).toBe(total);
      expect(items).toBe(seen.size);
    }
  });

  it('keep a million-job round at 32 indexes an item', () => {
    expect(countItemSize(1_000_000, 500, 7)).toBe(BLOCK / LANES);
    expect(countItemSize(1_000_000, Math.floor(999_999 / BLOCK))).toBe(1_000_000 % BLOCK);
  });
});
