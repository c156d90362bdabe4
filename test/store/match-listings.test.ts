import { GetItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// A match's listing entries under its bots hold only their keys: a listing page reads the
// records they name. On the embedded DynamoDB.

const embedded = useEmbeddedStores('match-listings');
const S = (s: string): AttributeValue => ({ S: s });
const raw = async (pk: string, sk: string) =>
  (
    await embedded.stores.dynamodb.send(
      new GetItemCommand({ TableName: embedded.table, Key: { pk: S(pk), sk: S(sk) } }),
    )
  ).Item;

describe("a match's listing entries", () => {
  it('under its bots hold only their keys, and list the whole record, newest first, page by page', async () => {
    const [a, b] = ['c'.repeat(64), 'd'.repeat(64)];
    const made = [];
    for (let i = 0; i < 5; i++) {
      const record = { id: `list_${i}`, createdAt: `2026-03-0${i + 1}T00:00:00.000Z`, scores: { red: { total: i } } };
      expect(await embedded.stores.matches.create(record, [a, b], { listed: true })).toBe(true);
      made.unshift(record);
    }
    const second = await raw('match#list_0', 'bot#1');
    expect(second?.gsi1pk?.S).toBe(`bot#${b}`);
    expect(second?.record).toBeUndefined();
    // The recent public matches, read most, keep their copy: one query a page.
    expect(JSON.parse((await raw('match#list_0', 'listed'))?.record?.S ?? '{}').id).toBe('list_0');

    for (const hash of [a, b]) {
      const first = await embedded.stores.matches.listByBot(hash, 3);
      expect(first.items).toEqual(made.slice(0, 3));
      const rest = await embedded.stores.matches.listByBot(hash, 3, first.cursor!);
      expect(rest.items).toEqual(made.slice(3));
    }
    const recent = await embedded.stores.matches.listRecent(10);
    expect(recent.items.filter((r) => r.id.startsWith('list_'))).toEqual(made);
  });

  it('leave out an entry whose record is gone, rather than fail the page', async () => {
    const hash = 'e'.repeat(64);
    const kept = { id: 'kept_match', createdAt: '2026-04-01T00:00:00.000Z' };
    expect(await embedded.stores.matches.create(kept, [hash])).toBe(true);
    await embedded.stores.dynamodb.send(
      new PutItemCommand({
        TableName: embedded.table,
        Item: {
          pk: S('match#orphan'),
          sk: S('bot#0'),
          gsi1pk: S(`bot#${hash}`),
          gsi1sk: S('2026-05-01T00:00:00.000Z#orphan#0'),
        },
      }),
    );
    expect((await embedded.stores.matches.listByBot(hash, 10)).items).toEqual([kept]);
  });
});
