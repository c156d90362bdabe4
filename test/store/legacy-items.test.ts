import { PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// Items as earlier versions wrote them read as before: a match record with every listing entry an
// item of its own (now the record is its first entry), and a rating ledger that recorded each
// seat (now the entries alone do). On the embedded DynamoDB, items written raw.

const embedded = useEmbeddedStores('legacy');

const put = (Item: Record<string, AttributeValue>) =>
  embedded.stores.dynamodb.send(new PutItemCommand({ TableName: embedded.table, Item }));
const S = (s: string): AttributeValue => ({ S: s });

describe('items of an earlier version', () => {
  it('list a match stored with separate listing entries next to one stored now, each once', async () => {
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    const old = { id: 'old_match', createdAt: '2026-01-01T00:00:00.000Z' };
    const json = JSON.stringify(old);
    await put({ pk: S('match#old_match'), sk: S('record'), record: S(json), createdAt: S(old.createdAt) });
    for (const [side, hash] of [a, b].entries())
      await put({
        pk: S('match#old_match'),
        sk: S(`bot#${side}`),
        gsi1pk: S(`bot#${hash}`),
        gsi1sk: S(`${old.createdAt}#old_match#${side}`),
        record: S(json),
      });
    const now = { id: 'new_match', createdAt: '2026-02-01T00:00:00.000Z' };
    expect(await embedded.stores.matches.create(now, [a, b])).toBe(true);
    for (const hash of [a, b]) expect((await embedded.stores.matches.listByBot(hash, 10)).items).toEqual([now, old]);
    expect(await embedded.stores.matches.get('old_match')).toEqual(old);
    expect(await embedded.stores.matches.get('new_match')).toEqual(now);
  });

  it('finish a rating whose ledger recorded a seat: the seat is rated already, and confirmed', async () => {
    const before = { bot_a: { mu: 25, sigma: 8 } };
    await put({
      pk: S('lb#lb_old'),
      sk: S('rating#m_old'),
      at: S('2026-01-01T00:00:00.000Z'),
      before: S(JSON.stringify(before)),
      seat_bot_a: S(JSON.stringify({ rating: 3, uncertainty: 7 })),
    });
    expect(
      await embedded.stores.ratings.open('lb_old', 'm_old', { at: '2026-03-01T00:00:00.000Z', before: {} }),
    ).toEqual({
      at: '2026-01-01T00:00:00.000Z',
      before,
      seats: { bot_a: { rating: 3, uncertainty: 7 } },
      complete: false,
    });
    expect(await embedded.stores.ratings.seatConfirmed('lb_old', 'm_old', 'bot_a')).toBe(true);
    expect(await embedded.stores.ratings.seatConfirmed('lb_old', 'm_old', 'bot_b')).toBe(false);
  });

  it('a ledger completed by a version before is complete, and confirms every seat', async () => {
    await put({
      pk: S('lb#lb_old'),
      sk: S('rating#m_done'),
      at: S('2026-01-02T00:00:00.000Z'),
      before: S('{}'),
      complete: { BOOL: true },
    });
    const ledger = await embedded.stores.ratings.open('lb_old', 'm_done', {
      at: '2026-03-01T00:00:00.000Z',
      before: {},
    });
    expect(ledger).toEqual({ at: '2026-01-02T00:00:00.000Z', before: {}, seats: {}, complete: true });
    expect(await embedded.stores.ratings.seatConfirmed('lb_old', 'm_done', 'bot_a')).toBe(true);
  });
});
