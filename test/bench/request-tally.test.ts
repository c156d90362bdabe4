import { DeleteItemCommand, GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a benchmark module in plain JavaScript, without declarations
import { RequestTally } from '../../bench/aws-requests.mjs';
import { useEmbeddedStores } from '../support/embedded-stores.js';

const env = useEmbeddedStores('request-tally');
const S = (text: string) => ({ S: text });

describe("the benchmark's request tally, on the embedded DynamoDB", () => {
  it("works out the index's write units, and hands callers only the answers they asked for", async () => {
    const db = env.stores.dynamodb;
    const TableName = env.table;
    const tally = new RequestTally({ measureUnits: true }).watch(db);
    const Key = { pk: S('tally#1'), sk: S('item') };
    const indexed = { ...Key, gsi1pk: S('tally#list'), gsi1sk: S('1'), body: S('x'.repeat(1500)) };

    const put = await db.send(new PutItemCommand({ TableName, Item: indexed }));
    expect(put.Attributes).toBeUndefined();
    expect([tally.itemWrites, tally.writeUnits, tally.indexWriteUnits]).toEqual([1, 2, 2]);

    // Replaced by a small item outside the index: its entry is deleted, at the old item's size.
    await db.send(new PutItemCommand({ TableName, Item: { ...Key, body: S('y') } }));
    expect(tally.indexWriteUnits).toBe(4);

    const updated = await db.send(
      new UpdateItemCommand({
        TableName,
        Key,
        UpdateExpression: 'SET gsi1pk = :p, gsi1sk = :s',
        ExpressionAttributeValues: { ':p': S('tally#list'), ':s': S('2') },
      }),
    );
    expect(updated.Attributes).toBeUndefined();
    expect(tally.indexWriteUnits).toBe(5);

    // A caller that asks for the new item still gets it.
    const asked = await db.send(
      new UpdateItemCommand({
        TableName,
        Key,
        UpdateExpression: 'SET body = :b',
        ExpressionAttributeValues: { ':b': S('z'.repeat(2100)) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(asked.Attributes?.body?.S).toHaveLength(2100);
    expect(tally.indexWriteUnits).toBe(8);

    const deleted = await db.send(new DeleteItemCommand({ TableName, Key }));
    expect(deleted.Attributes).toBeUndefined();
    expect(tally.indexWriteUnits).toBe(11);
    expect(tally.itemWrites).toBe(5);
    // Reads are not writes.
    await db.send(new GetItemCommand({ TableName, Key }));
    expect(tally.indexWriteUnits).toBe(11);
  });
});
