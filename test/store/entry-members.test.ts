import { GetItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/store/contract/leaderboards.js';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// A bot's boards are listed from small member items, so that rating an entry, which rewrites it,
// is not billed a second time in the index. Entries stored indexed themselves (before member
// items) are listed as they are and leave the index at their next update. On the embedded DynamoDB.

const embedded = useEmbeddedStores('entry-members');
const lb = () => embedded.stores.leaderboards;

const entry = (botId: string, version: number, played = 0): Entry => ({
  botId,
  name: botId,
  sha256: 'f'.repeat(64),
  rating: { rating: 1000 } as unknown as Entry['rating'],
  wins: played,
  losses: 0,
  draws: 0,
  played,
  history: [],
  version,
});

const item = async (pk: string, sk: string) =>
  (
    await embedded.stores.dynamodb.send(
      new GetItemCommand({ TableName: embedded.table, Key: { pk: { S: pk }, sk: { S: sk } } }),
    )
  ).Item;

/** An item written raw, as an earlier version (or a crash) left it. */
const put = (Item: Record<string, AttributeValue>) =>
  embedded.stores.dynamodb.send(new PutItemCommand({ TableName: embedded.table, Item }));

/** One more match on an entry, as rating writes it. */
async function rateOnce(boardId: string, botId: string): Promise<void> {
  const [e] = await lb().entriesOfBots(boardId, [botId]);
  expect(await lb().putEntry(boardId, { ...e!, played: e!.played + 1, version: e!.version + 1 })).toBe(true);
}

describe("a bot's boards", () => {
  it('are listed from member items; the entry items stay out of the index', async () => {
    for (const board of ['lb_m1', 'lb_m2']) expect(await lb().addEntry(board, entry('bot_m', 1))).toBe(true);
    await rateOnce('lb_m1', 'bot_m');
    await rateOnce('lb_m1', 'bot_m');
    const listed = await lb().boardsOfBot('bot_m');
    expect(listed.map((b) => [b.boardId, b.entry.played]).sort()).toEqual([
      ['lb_m1', 2],
      ['lb_m2', 0],
    ]);
    expect((await item('lb#lb_m1', 'entry#bot_m'))?.gsi1pk).toBeUndefined();
    expect((await item('lb#lb_m1', 'member#bot_m'))?.gsi1pk?.S).toBe('entries#bot_m');
    // Adding the entry again is refused and still lists it once.
    expect(await lb().addEntry('lb_m1', entry('bot_m', 1))).toBe(false);
    expect((await lb().boardsOfBot('bot_m')).length).toBe(2);
  });

  it('list an entry stored indexed itself, once, before and after it is rated', async () => {
    const old = entry('bot_x', 4, 3);
    await put({
      pk: { S: 'lb#lb_x' },
      sk: { S: 'entry#bot_x' },
      record: { S: JSON.stringify(old) },
      histRecent: { S: '[]' },
      histFrom: { N: '3' },
      histStart: { N: '3' },
      version: { N: '4' },
      gsi1pk: { S: 'entries#bot_x' },
      gsi1sk: { S: 'lb#lb_x' },
    });
    expect((await lb().boardsOfBot('bot_x')).map((b) => [b.boardId, b.entry.played])).toEqual([['lb_x', 3]]);
    // A writer that read an older version loses, and the entry stays where it was.
    expect(await lb().putEntry('lb_x', { ...old, version: 4 })).toBe(false);
    expect((await item('lb#lb_x', 'entry#bot_x'))?.gsi1pk?.S).toBe('entries#bot_x');
    await rateOnce('lb_x', 'bot_x');
    expect((await item('lb#lb_x', 'entry#bot_x'))?.gsi1pk).toBeUndefined();
    expect((await lb().boardsOfBot('bot_x')).map((b) => [b.boardId, b.entry.played])).toEqual([['lb_x', 4]]);
    await rateOnce('lb_x', 'bot_x');
    expect((await lb().entriesOfBots('lb_x', ['bot_x']))[0]).toMatchObject({ played: 5, version: 6 });
  });

  it('leave out a member item whose entry was never stored', async () => {
    await put({
      pk: { S: 'lb#lb_gone' },
      sk: { S: 'member#bot_y' },
      gsi1pk: { S: 'entries#bot_y' },
      gsi1sk: { S: 'lb#lb_gone' },
    });
    expect(await lb().addEntry('lb_y', entry('bot_y', 1))).toBe(true);
    expect((await lb().boardsOfBot('bot_y')).map((b) => b.boardId)).toEqual(['lb_y']);
  });
});
