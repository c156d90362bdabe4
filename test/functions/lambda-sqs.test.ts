import { readFileSync } from 'node:fs';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLambdaWithSqs, type LambdaHarness } from './lambda-harness.js';

// Rounds on AWS: the Lambda queues each match in SQS (a local SQS server, fauxqs),
// and plays it when the queue delivers it back as an SQS event.

let lambda: LambdaHarness;
beforeAll(async () => {
  lambda = await startLambdaWithSqs('umpire-matches');
}, 60_000);
afterAll(async () => {
  await lambda?.stop();
});
const http = (method: string, path: string, body?: unknown) => lambda.http(method, path, body);

describe('rounds through SQS', () => {
  it('queues each match of a round and plays it when SQS delivers it', async () => {
    const bots: string[] = [];
    for (const name of ['hunter', 'idle'])
      bots.push(
        (
          await http('POST', '/v1/bots', {
            name,
            js: readFileSync(`src/games/icy/bots/${name}.js`, 'utf8'),
            game: 'icy',
          })
        ).body.id,
      );
    const board = (await http('POST', '/v1/leaderboards', { name: 'aws ladder', game: 'icy' })).body.id;
    for (const bot of bots) expect((await http('POST', `/v1/leaderboards/${board}/entries`, { bot })).status).toBe(201);
    const round = await http('POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status).toBe(202);

    // What Lambda's event source mapping does: receive, invoke, delete what succeeded. The round's
    // two matches come in one message (MATCHES_PER_MESSAGE, 10 by default).
    let played = 0;
    let messages = 0;
    for (let i = 0; i < 20 && played < 2; i++) {
      const got = await lambda.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: lambda.queueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 1 }),
      );
      for (const m of got.Messages ?? []) {
        const result = await lambda.handler({
          Records: [{ messageId: m.MessageId, body: m.Body, eventSource: 'aws:sqs' }],
        });
        expect(result).toEqual({ batchItemFailures: [] });
        await lambda.sqs.send(new DeleteMessageCommand({ QueueUrl: lambda.queueUrl, ReceiptHandle: m.ReceiptHandle! }));
        played += (JSON.parse(m.Body!) as { jobs?: unknown[] }).jobs?.length ?? 1;
        messages++;
      }
    }
    expect(played).toBe(2);
    expect(messages).toBe(1);
    expect((await http('GET', `/v1/leaderboards/${board}/rounds/${round.body.id}`)).body).toMatchObject({
      total: 2,
      done: 2,
      status: 'finished',
    });
    const table = (await http('GET', `/v1/leaderboards/${board}`)).body.table;
    expect(table.map((r: { played: number }) => r.played)).toEqual([2, 2]);
  }, 60_000);

  it('reports a message it cannot play as a batch item failure', async () => {
    const result = await lambda.handler({
      Records: [
        {
          messageId: 'm-1',
          body: JSON.stringify({ board: 'lb_gone', round: 'r', red: 'bot_x', blue: 'bot_y', map: 'default' }),
          eventSource: 'aws:sqs',
        },
      ],
    });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
  });
});
