import { BatchWriteItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { countItemOf, countSortKey } from '../../src/store/aws/round-counts.js';
import type { Round } from '../../src/store/contract/leaderboards.js';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// A round's jobs are counted once each in counting items beside it, not in the round's own item:
// one item holds 400 KB, about 105,000 counted indexes, so a round of more could never finish,
// and each count was billed by the whole item's size. Here a round of 200,000 jobs finishes on
// the embedded DynamoDB, whose item limit is DynamoDB's, each count a write of a small item.

const embedded = useEmbeddedStores('count-scale');
/** Write capacity units of each UpdateItem on a count shard, as the embedded DynamoDB bills them. */
const countWrites: number[] = [];

beforeAll(() => {
  embedded.stores.dynamodb.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { ReturnConsumedCapacity?: string; Key?: { sk?: { S?: string } } };
      const counting = context.commandName === 'UpdateItemCommand' && input.Key?.sk?.S?.startsWith('count#');
      if (counting) input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const used = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
      if (counting && used?.CapacityUnits !== undefined) countWrites.push(used.CapacityUnits);
      return out;
    },
    { step: 'initialize', name: 'countWrites' },
  );
});

const S = (s: string): AttributeValue => ({ S: s });
const round = (id: string, total: number): Round => ({
  id,
  total,
  done: 0,
  failed: 0,
  createdAt: '2026-12-07T00:00:00.000Z',
});
const job = (board: string, roundId: string, index: number) => ({
  id: `${roundId}.${index}`,
  board,
  round: roundId,
  map: '',
  seats: [],
});

describe("counting a round's jobs", () => {
  it('finishes a round of 200,000 jobs, each count a write of 1 unit, none counted twice', async () => {
    const board = 'lb_scale';
    const id = 'round_scale';
    const total = 200_000;
    const last = 8;
    await embedded.stores.leaderboards.putRound(board, round(id, total));
    // Every job but the last few counted already, as finish() would have: each counting item holds its indexes.
    const table = embedded.table;
    const items = new Map<string, string[]>();
    for (let i = 0; i < total - last; i++) {
      const { block, lane } = countItemOf(i);
      const sk = countSortKey(id, block, lane);
      items.set(sk, [...(items.get(sk) ?? []), String(i)]);
    }
    const puts = [...items].map(([sk, indexes]) => ({
      PutRequest: {
        Item: { pk: S(`lb#${board}`), sk: S(sk), counted: { NS: indexes }, done: { N: String(indexes.length) } },
      },
    }));
    for (let k = 0; k < puts.length; k += 25)
      await embedded.stores.dynamodb.send(
        new BatchWriteItemCommand({ RequestItems: { [table]: puts.slice(k, k + 25) } }),
      );
    expect((await embedded.stores.leaderboards.getRound(board, id))?.done).toBe(total - last);
    countWrites.length = 0;
    const progress = [];
    for (let i = total - last; i < total; i++)
      progress.push(await embedded.stores.roundJobs.finish(job(board, id, i) as never, 'done'));
    expect(progress.slice(0, -1).every((p) => p !== null && p.done + p.failed < p.total)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ total, done: total, failed: 0 });
    expect(countWrites.length).toBe(last);
    expect(Math.max(...countWrites)).toBe(1);
    // A job finished again (a redelivery) counts nothing, and still reports the round complete.
    expect(await embedded.stores.roundJobs.finish(job(board, id, 5) as never, 'failed')).toMatchObject({
      done: total,
      failed: 0,
    });
    expect(await embedded.stores.leaderboards.getRound(board, id)).toMatchObject({ total, done: total, failed: 0 });
  }, 120_000);

  it('a round counted in its own item before the shards is counted there to its end', async () => {
    const board = 'lb_legacy';
    const id = 'round_legacy';
    await embedded.stores.dynamodb.send(
      new PutItemCommand({
        TableName: embedded.table,
        Item: {
          pk: S(`lb#${board}`),
          sk: S(`round#${id}`),
          record: S(JSON.stringify(round(id, 3))),
          done: { N: '1' },
          failed: { N: '0' },
          counted: { NS: ['0'] },
        },
      }),
    );
    expect(await embedded.stores.roundJobs.finish(job(board, id, 0) as never, 'done')).toMatchObject({
      done: 1,
      total: 3,
    });
    expect(await embedded.stores.roundJobs.finish(job(board, id, 1) as never, 'failed')).toMatchObject({
      done: 1,
      failed: 1,
    });
    expect(await embedded.stores.roundJobs.finish(job(board, id, 2) as never, 'done')).toMatchObject({
      done: 2,
      failed: 1,
    });
    expect(await embedded.stores.leaderboards.getRound(board, id)).toMatchObject({ total: 3, done: 2, failed: 1 });
  });

  it('a round that is gone counts nothing', async () => {
    expect(await embedded.stores.roundJobs.finish(job('lb_none', 'round_none', 0) as never, 'done')).toBeNull();
  });
});
