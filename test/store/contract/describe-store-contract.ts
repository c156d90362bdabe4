import { afterAll, beforeAll, describe } from 'vitest';
import { botVersionStoreContract } from './bot-versions.js';
import { batchStoreContract } from './batches.js';
import { blobStoreContract, botStoreContract, keyStoreContract } from './bots-keys-blobs.js';
import { deliveryStoreContract } from './deliveries.js';
import type { OpenHarness, StoreHarness } from './harness.js';
import { keyAdminContract } from './keys.js';
import { leaderboardStoreContract } from './leaderboards.js';
import { matchStoreContract } from './matches.js';
import { ratingLedgerContract, roundJobStoreContract } from './round-jobs.js';

/**
 * The storage contract (src/store/contract) as every backend must keep it: run it against a
 * backend's stores, opened once by `open` for the whole suite (tests use ids of their own).
 */
export function describeStoreContract(
  name: string,
  open: OpenHarness,
  options: { skip?: boolean; timeoutMs?: number } = {},
): void {
  describe.skipIf(options.skip ?? false)(`storage contract: ${name}`, () => {
    let harness: StoreHarness | undefined;
    beforeAll(async () => {
      harness = await open();
    }, options.timeoutMs ?? 60_000);
    afterAll(async () => {
      await harness?.close();
    });
    const get = (): StoreHarness => {
      if (!harness) throw new Error(`the ${name} stores did not open`);
      return harness;
    };
    const stores = () => get().stores;
    matchStoreContract(stores);
    botStoreContract(stores);
    botVersionStoreContract(stores);
    keyStoreContract(stores);
    keyAdminContract(get);
    blobStoreContract(stores);
    leaderboardStoreContract(stores);
    roundJobStoreContract(stores);
    ratingLedgerContract(stores);
    batchStoreContract(stores);
    deliveryStoreContract(get);
  });
}
