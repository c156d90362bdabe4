import { describe, expect, it } from 'vitest';
// @ts-expect-error a benchmark module in plain JavaScript, without declarations
import { indexWriteUnits, itemBytes, writeUnitsOf } from '../../bench/dynamo-item-size.mjs';

const KEYS = ['gsi1pk', 'gsi1sk'];
const S = (text: string) => ({ S: text });

describe("an item's size, as DynamoDB bills writes", () => {
  it('counts names and values in UTF-8 bytes, numbers by significant digits', () => {
    expect(itemBytes({ pk: S('abc') })).toBe(5);
    expect(itemBytes({ é: S('ü') })).toBe(4);
    // 12345 has five significant digits: three bytes, and one more.
    expect(itemBytes({ n: { N: '12345' } })).toBe(1 + 4);
    expect(itemBytes({ n: { N: '1000' } })).toBe(1 + 2);
    expect(itemBytes({ b: { BOOL: true } })).toBe(2);
    // A map: 3 bytes, then a byte per element with its name and value.
    expect(itemBytes({ m: { M: { a: S('xy') } } })).toBe(1 + 3 + 1 + 1 + 2);
    expect(itemBytes({ l: { L: [S('xy'), S('z')] } })).toBe(1 + 3 + (1 + 2) + (1 + 1));
  });

  it('bills a unit per KB, rounded up, at least one', () => {
    expect([writeUnitsOf(0), writeUnitsOf(1024), writeUnitsOf(1025), writeUnitsOf(3000)]).toEqual([1, 1, 2, 3]);
  });
});

describe('write units an index costs again', () => {
  const small = { pk: S('a'), gsi1pk: S('bot#x'), gsi1sk: S('1') };
  const large = { ...small, record: S('x'.repeat(1500)) };
  const plain = { pk: S('a'), record: S('x'.repeat(1500)) };

  it('costs nothing for an item outside the index', () => {
    expect(indexWriteUnits(undefined, plain, KEYS)).toBe(0);
    expect(indexWriteUnits(plain, plain, KEYS)).toBe(0);
  });

  it('puts an entry by the size of the item, and deletes one by the size of the item removed', () => {
    expect(indexWriteUnits(undefined, small, KEYS)).toBe(1);
    expect(indexWriteUnits(undefined, large, KEYS)).toBe(2);
    expect(indexWriteUnits(large, undefined, KEYS)).toBe(2);
    expect(indexWriteUnits(large, plain, KEYS)).toBe(2);
  });

  it('rewrites an entry under the same keys at the larger size, and moves one to new keys in two writes', () => {
    expect(indexWriteUnits(small, large, KEYS)).toBe(2);
    expect(indexWriteUnits(large, { ...large, gsi1sk: S('2') }, KEYS)).toBe(4);
  });
});
