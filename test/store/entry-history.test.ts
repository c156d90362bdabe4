import { GetItemCommand, PutItemCommand, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Entry, RatingChange } from '../../src/store/contract/leaderboards.js';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// How the DynamoDB store keeps rating histories (entry-history.ts): small entry items, chunk items
// written once and deleted once they leave the kept history, and entries an earlier version stored
// with their whole history in the record, read and rated on as before.

const embedded = useEmbeddedStores('history');

const change = (n: number): RatingChange => ({
  match: `m_${String(n).padStart(22, '0')}`,
  at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  rating: 1000 + n * 0.123456789,
  uncertainty: 300 - n * 0.0123456789,
});
const changes = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => change(from + k));

const entry = (botId: string, played: number, version: number): Entry => ({
  botId,
  name: botId,
  sha256: 'e'.repeat(64),
  rating: { rating: 1000 } as unknown as Entry['rating'],
  wins: played,
  losses: 0,
  draws: 0,
  played,
  history: changes(Math.max(0, played - 500), played),
  version,
});

/** Rates `botId` `count` times as rating does: the entry alone read, one change appended, written back. */
async function rate(boardId: string, botId: string, count: number): Promise<void> {
  for (let k = 0; k < count; k++) {
    const [e] = await embedded.stores.leaderboards.entriesOfBots(boardId, [botId]);
    const next = { ...e!, played: e!.played + 1, history: [...e!.history, change(e!.played)], version: e!.version + 1 };
    expect(await embedded.stores.leaderboards.putEntry(boardId, next)).toBe(true);
  }
}

const item = async (pk: string, sk: string) =>
  (
    await embedded.stores.dynamodb.send(
      new GetItemCommand({ TableName: embedded.table, Key: { pk: { S: pk }, sk: { S: sk } } }),
    )
  ).Item!;

async function chunkItems(boardId: string, botId: string): Promise<Record<string, AttributeValue>[]> {
  const out = await embedded.stores.dynamodb.send(
    new QueryCommand({
      TableName: embedded.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': { S: `lb#${boardId}` }, ':prefix': { S: `hist#${botId}#` } },
    }),
  );
  return out.Items ?? [];
}

describe('rating histories in DynamoDB', () => {
  it('keep an entry item small whatever its history, and delete chunks that left the kept history', async () => {
    await embedded.stores.leaderboards.addEntry('lb_small', entry('bot_small', 0, 1));
    await rate('lb_small', 'bot_small', 700);
    const stored = await item('lb#lb_small', 'entry#bot_small');
    // Each change is about 120 bytes of JSON: 500 of them were a 60 KB item, written whole at every rating.
    const bytes = Object.values(stored).reduce((n, v) => n + (v.S?.length ?? v.N?.length ?? 0), 0);
    expect(bytes).toBeLessThan(5_000);
    const chunks = await chunkItems('lb_small', 'bot_small');
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(500 / 16) + 2);
    const [whole] = await embedded.stores.leaderboards.entries('lb_small');
    expect(whole!.history).toEqual(changes(200, 700));
  }, 120_000);

  it('rate on an entry an earlier version stored, its whole history in its record', async () => {
    const legacy = entry('bot_old', 300, 7);
    await embedded.stores.dynamodb.send(
      new PutItemCommand({
        TableName: embedded.table,
        Item: {
          pk: { S: 'lb#lb_old' },
          sk: { S: 'entry#bot_old' },
          record: { S: JSON.stringify(legacy) },
          version: { N: '7' },
          gsi1pk: { S: 'entries#bot_old' },
          gsi1sk: { S: 'lb#lb_old' },
        },
      }),
    );
    const [read] = await embedded.stores.leaderboards.entriesOfBots('lb_old', ['bot_old']);
    expect(read).toEqual(legacy);
    // A writer that read an older version loses, as ever, and changes nothing.
    expect(await embedded.stores.leaderboards.putEntry('lb_old', { ...legacy, version: 7 })).toBe(false);
    await rate('lb_old', 'bot_old', 20);
    const [after] = await embedded.stores.leaderboards.entries('lb_old');
    expect(after).toMatchObject({ played: 320, version: 27 });
    expect(after!.history).toEqual(changes(0, 320));
    expect((await item('lb#lb_old', 'entry#bot_old')).histRecent).toBeDefined();
    // Still on its bot's boards, once, now through its member item.
    expect((await embedded.stores.leaderboards.boardsOfBot('bot_old')).map((b) => b.boardId)).toEqual(['lb_old']);
  }, 60_000);
});
