import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { jobId } from '../../src/store/contract/job-ids.js';
import type { RoundJob } from '../../src/store/contract/round-job.js';
import { createStores } from '../../src/store/aws/stores.js';
import { useEmbeddedStores } from '../support/embedded-stores.js';

// A local server that restarts on its data folder takes over at once the jobs its killed
// predecessor held: claims taken before its storage started are dead, whatever their lease says.
// Claims taken after (its own, a guest's) hold until their lease ends, as everywhere.

const embedded = useEmbeddedStores('orphans');
const LEASE = 600_000;

function roundOf(n: number): RoundJob[] {
  const round = `round_orphans_${Math.random().toString(36).slice(2)}`;
  return Array.from({ length: n }, (_, k) => ({
    id: jobId(round, k),
    board: 'lb_orphans',
    round,
    seats: ['bot_a', 'bot_b'],
    map: 'default',
  }));
}

describe('job claims on a restarted local storage', () => {
  it('a claim from before the start is taken over at once; one from after holds its lease', async () => {
    const [job] = roundOf(1);
    const dead = embedded.stores;
    await dead.roundJobs.addJobs([job!]);
    expect(await dead.roundJobs.claim(job!, 'killed', 1_000, LEASE)).toMatchObject({ state: 'claimed', attempt: 1 });

    // Started at 2,000: the claim of 1,000 was the dead process's.
    const restarted = createStores(embedded.storage.config, { orphanedBefore: 2_000 });
    expect(await restarted.roundJobs.claim(job!, 'server', 2_500, LEASE)).toMatchObject({
      state: 'claimed',
      attempt: 2,
    });
    // Its own claim holds, against another holder on the same storage (a guest) and against itself restarted alike.
    const guest = createStores(embedded.storage.config);
    expect(await guest.roundJobs.claim(job!, 'guest', 3_000, LEASE)).toEqual({ state: 'busy', until: 2_500 + LEASE });
    const twin = createStores(embedded.storage.config, { orphanedBefore: 2_000 });
    expect(await twin.roundJobs.claim(job!, 'twin', 3_000, LEASE)).toEqual({ state: 'busy', until: 2_500 + LEASE });
    // The holder still renews and finishes it.
    expect(await restarted.roundJobs.renew(job!, 'server', 4_000 + LEASE)).toBe(true);
    expect(await dead.roundJobs.renew(job!, 'killed', 4_000 + LEASE)).toBe(false);
    for (const s of [restarted, guest, twin]) {
      s.s3.destroy();
      s.dynamodb.destroy();
    }
  });

  it('without a start time, a lease holds to its end, whoever opened the stores', async () => {
    const [job] = roundOf(1);
    const stores = embedded.stores;
    await stores.roundJobs.addJobs([job!]);
    await stores.roundJobs.claim(job!, 'killed', 1_000, LEASE);
    expect(await stores.roundJobs.claim(job!, 'other', 2_500, LEASE)).toEqual({ state: 'busy', until: 1_000 + LEASE });
    expect(await stores.roundJobs.claim(job!, 'other', 1_001 + LEASE, LEASE)).toMatchObject({ state: 'claimed' });
  });

  it('a claim stored without its time (an older version) counts as from before the start', async () => {
    const [job] = roundOf(1);
    const stores = embedded.stores;
    await stores.roundJobs.addJobs([job!]);
    await stores.roundJobs.claim(job!, 'old-version', 1_000, LEASE);
    const index = job!.id.slice(job!.id.lastIndexOf('.') + 1).padStart(7, '0');
    await stores.dynamodb.send(
      new UpdateItemCommand({
        TableName: embedded.table,
        Key: { pk: { S: `lb#${job!.board}` }, sk: { S: `job#${job!.round}#${index}` } },
        UpdateExpression: 'REMOVE claimedAt',
        ConditionExpression: 'attribute_exists(claimedAt)',
      }),
    );
    const restarted = createStores(embedded.storage.config, { orphanedBefore: 900 });
    expect(await restarted.roundJobs.claim(job!, 'server', 2_000, LEASE)).toMatchObject({
      state: 'claimed',
      attempt: 2,
    });
    restarted.s3.destroy();
    restarted.dynamodb.destroy();
  });
});
