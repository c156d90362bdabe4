import { readFileSync } from 'node:fs';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHEAP_ANTS } from '../api/batch-fixture.js';
import { signedBy, startReceiver, type Receiver } from '../api/webhooks-receiver.js';
import type { Stores } from '../../src/store/contract/stores.js';
import { MATCH_OBJECT_PREFIX, matchIdOfObjectKey } from '../../src/match/match-object.js';
import { startLambdaInMemory, startLambdaWithSqs, type LambdaHarness } from './lambda-harness.js';

// A batch on AWS: the Lambda queues each pairing in SQS (fauxqs) and plays it when SQS delivers
// it back. Messages come again (left undeleted past their visibility timeout, and twice in one
// event): every pairing is stored once, and the batch webhook arrives once. 1,000 pairings run on
// the in-memory stores (the same storage contract; the queue is the subject), and 100 on
// embedded S3 and DynamoDB, whose conditional writes do the counting on AWS.

let receiver: Receiver;
beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1';
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  await receiver?.close();
});

const event = (messages: readonly Message[]) => ({
  Records: messages.map((m, k) => ({ messageId: `${m.MessageId}#${k}`, body: m.Body, eventSource: 'aws:sqs' })),
});

/** The ids of the matches a store holds an object of: one per match played under its own id. */
type ReplayKeys = () => Promise<Set<string>>;

/** Memory stores whose blob store notes each match object as it is written. */
async function inMemory(): Promise<{ lambda: LambdaHarness<Stores>; replays: ReplayKeys }> {
  const written = new Set<string>();
  const lambda = await startLambdaInMemory('umpire-batches-memory', (stores) => ({
    ...stores,
    blobs: {
      get: (key) => stores.blobs.get(key),
      getRange: (key, start, end) => stores.blobs.getRange(key, start, end),
      async put(key, bytes, meta) {
        await stores.blobs.put(key, bytes, meta);
        if (key.startsWith(MATCH_OBJECT_PREFIX)) written.add(matchIdOfObjectKey(key));
      },
    },
  }));
  return { lambda, replays: async () => written };
}

/** Embedded S3 and DynamoDB: the match objects listed from the bucket. */
async function onEmbeddedStorage(): Promise<{ lambda: LambdaHarness<Stores>; replays: ReplayKeys }> {
  const lambda = await startLambdaWithSqs('umpire-batches');
  const replays = async () => {
    const keys = new Set<string>();
    let token: string | undefined;
    do {
      const page = await lambda.stores.s3.send(
        new ListObjectsV2Command({
          Bucket: lambda.stores.config.s3.bucket,
          Prefix: MATCH_OBJECT_PREFIX,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) keys.add(matchIdOfObjectKey(o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  };
  return { lambda, replays };
}

describe.each([
  { where: 'in memory', PAIRINGS: 1000, start: inMemory },
  { where: 'on embedded S3 and DynamoDB', PAIRINGS: 100, start: onEmbeddedStorage },
])('a batch through SQS, $where', ({ PAIRINGS, start }) => {
  let lambda: LambdaHarness<Stores>;
  let storedReplays: ReplayKeys;
  beforeAll(async () => {
    ({ lambda, replays: storedReplays } = await start());
  }, 60_000);
  afterAll(async () => {
    await lambda?.stop();
  });
  const http = (method: string, path: string, body?: unknown) => lambda.http(method, path, body);

  it(`stores each of ${PAIRINGS} pairings once, with redelivered messages, and tells the batch webhook once`, async () => {
    const bots: string[] = [];
    for (const name of ['example', 'homing']) {
      const brain = readFileSync(`src/games/ants/bots/${name}.ant`, 'utf8');
      const bot = await http('POST', '/v1/bots', { game: 'ants', brain, name });
      expect(bot.status).toBe(201);
      bots.push(bot.body.id);
    }
    const started = Date.now();
    const created = await http('POST', '/v1/batches', {
      game: 'ants',
      settings: CHEAP_ANTS,
      pairings: Array.from({ length: PAIRINGS }, (_, k) => ({ seats: k % 2 ? [bots[1], bots[0]] : bots })),
      webhook: receiver.url('/batch'),
    });
    expect(created.status, created.text).toBe(202);
    const id = created.body.id as string;
    console.log(`${PAIRINGS} pairings stored and queued in ${Date.now() - started} ms`);

    // What Lambda's event source mapping does, with redeliveries: every third batch of messages is
    // played and not deleted (SQS hands it out again after its visibility timeout), and every batch
    // carries its first message twice. Matches of stored bots write no bundle (it is stored
    // already), so two invocations never write one key at once (the embedded S3 server, s3rver,
    // can corrupt an object's metadata when two requests write the same key at once).
    let receives = 0;
    let deliveries = 0;
    const consume = async () => {
      for (let idle = 0; idle < 3; ) {
        const got = await lambda.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: lambda.queueUrl,
            // One message (10 pairings, MATCHES_PER_MESSAGE) per invocation, as infra/ sets BatchSize.
            MaxNumberOfMessages: 1,
            WaitTimeSeconds: 1,
            VisibilityTimeout: 2,
          }),
        );
        const messages = got.Messages ?? [];
        if (messages.length === 0) {
          idle++;
          continue;
        }
        idle = 0;
        const leave = ++receives % 3 === 0;
        const batch = [...messages, messages[0]!];
        // Pairings delivered: a message carries several (MATCHES_PER_MESSAGE).
        for (const m of batch) deliveries += (JSON.parse(m.Body!) as { jobs?: unknown[] }).jobs?.length ?? 1;
        const records = event(batch).Records;
        const result = await lambda.handler({ Records: records });
        const failed = new Set(result.batchItemFailures.map((f: { itemIdentifier: string }) => f.itemIdentifier));
        expect([...failed].every((f) => records.some((r) => r.messageId === f))).toBe(true);
        if (leave) continue;
        for (const [k, m] of messages.entries())
          if (!failed.has(records[k]!.messageId))
            await lambda.sqs.send(
              new DeleteMessageCommand({ QueueUrl: lambda.queueUrl, ReceiptHandle: m.ReceiptHandle! }),
            );
      }
    };
    // Two invocations at once, as the event source mapping runs them.
    await Promise.all([consume(), consume()]);
    console.log(`${deliveries} deliveries of ${PAIRINGS} pairings played in ${Date.now() - started} ms`);
    expect(deliveries).toBeGreaterThan(PAIRINGS * 1.2);

    expect((await http('GET', `/v1/batches/${id}`)).body).toMatchObject({
      status: 'finished',
      total: PAIRINGS,
      done: PAIRINGS,
      failed: 0,
    });
    // A match's replay is stored under its id before its record: one replay per pairing means
    // no pairing was played under a second id.
    const replays = await storedReplays();
    expect(replays.size).toBe(PAIRINGS);
    const results = (await http('GET', `/v1/batches/${id}/results`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results.every((r) => r.status === 'done')).toBe(true);
    expect(new Set(results.map((r) => r.match))).toEqual(replays);

    const calls = receiver.received.filter(
      (r) => r.headers['umpire-event'] === 'batch.finished' && r.body.includes(id),
    );
    expect(calls).toHaveLength(1);
    expect(signedBy(created.body.webhook.secret, calls[0]!)).toBe(true);
  }, 600_000);
});
