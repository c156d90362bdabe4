import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MARGIN_MS, idempotencyKeyHash, requestDeadlineMs } from '../../src/api/idempotency.js';
import { ANTS_DEADLINE_MS } from '../../src/games/ants/module.js';
import { gameById } from '../../src/games/catalog.js';
import { PREPARE_DEADLINE_MS, matchDeadlineMs } from '../../src/match/deadline.js';
import { DEFAULT_BUDGETS } from '../../src/sandbox/policy.js';
import { defaultBudgets } from '../../src/match/budgets.js';
import { createStores, ensureStorage, type AwsStores as Stores } from '../../src/store/aws/stores.js';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../src/local-aws/embedded.js';

// Claims as only the DynamoDB store has them (items of an older version), and the deadline a
// claim is given. How claims lapse on every backend: test/store/contract/matches.ts.

const dir = mkdtempSync(join(tmpdir(), 'umpire-claims-'));
let storage: EmbeddedStorage;
let stores: Stores;

beforeAll(async () => {
  storage = await startEmbeddedStorage(dir, { log: () => undefined });
  stores = createStores(storage.config);
  await ensureStorage(stores);
}, 30_000);
afterAll(async () => {
  await storage?.close();
});

describe('idempotency claims in DynamoDB', () => {
  it('written before deadlines were stored lapse after ten minutes', async () => {
    const t0 = 1_700_000_000_000;
    await stores.dynamodb.send(
      new PutItemCommand({
        TableName: stores.config.dynamodb.table,
        Item: { pk: { S: 'idem#k-old' }, sk: { S: 'idem' }, requestHash: { S: 'req' }, claimedAt: { N: String(t0) } },
      }),
    );
    expect((await stores.matches.claimIdempotencyKey('k-old', 'req', t0 + 599_000, 1_000)).state).toBe('pending');
    expect((await stores.matches.claimIdempotencyKey('k-old', 'req', t0 + 600_001, 1_000)).state).toBe('claimed');
  });
});

describe('a request deadline', () => {
  it("is the match's wall-clock deadline plus WASI preparation and a margin", () => {
    const js = { kind: 'js' as const, code: '' };
    const wasm = { kind: 'wasm' as const, code: new Uint8Array() };
    const icy = matchDeadlineMs({ game: 'icy', budgets: DEFAULT_BUDGETS, bots: [js, js] });
    expect(requestDeadlineMs(gameById('icy'), undefined, [js, js])).toBe(icy + CLAIM_MARGIN_MS);
    expect(requestDeadlineMs(gameById('icy'), undefined, [js, wasm])).toBe(icy + PREPARE_DEADLINE_MS + CLAIM_MARGIN_MS);
    expect(requestDeadlineMs(gameById('icy'), { turnFuel: 1 }, [js, js])).toBeLessThan(icy + CLAIM_MARGIN_MS);
    expect(requestDeadlineMs(gameById('blockdrop'), undefined, [js, js, js, js])).toBe(
      matchDeadlineMs({ game: 'blockdrop', budgets: defaultBudgets('blockdrop'), bots: [js, js, js, js] }) +
        CLAIM_MARGIN_MS,
    );
    expect(requestDeadlineMs(gameById('ants'), undefined, [])).toBe(ANTS_DEADLINE_MS + CLAIM_MARGIN_MS);
  });

  it('keys are scoped to their owner', async () => {
    expect(await idempotencyKeyHash('alice', 'k')).not.toBe(await idempotencyKeyHash('bob', 'k'));
    expect(await idempotencyKeyHash('alice', 'k')).toBe(await idempotencyKeyHash('alice', 'k'));
  });
});
