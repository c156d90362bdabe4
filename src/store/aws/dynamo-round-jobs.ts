import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { JobError } from '../contract/job-errors.js';
import { jobIndex } from '../contract/job-ids.js';
import type { Round } from '../contract/leaderboards.js';
import {
  type JobClaim,
  type JobOutcome,
  roundProgress,
  type RoundJobStore,
  type RoundProgress,
} from '../contract/round-jobs.js';
import type { RoundJob } from '../contract/round-job.js';
import { unavailable } from './s3-blobs.js';
import { N, S } from './attribute-values.js';
import { addCounts, type Counts, countFields, countOnceInBlock, itemCounts } from './round-counts.js';

const OPEN_ROUNDS = 'rounds#open';
const PARALLEL_PUTS = 16;
/** Pages read by one listing at most (a page is up to 1 MB). */
const MAX_PAGES = 1000;

/**
 * Rounds' jobs in the match table, next to their board (pk `lb#<board id>`):
 * - a job: sk `job#<round id>#<index, 7 digits>`, the job as JSON in `record`,
 *   `state` pending | done | failed, `attempts` (claims so far), and while
 *   claimed `holder`, `leaseUntil` and `claimedAt` (ms since the epoch); cancelled too;
 * - an unfinished round: pk `rounds#open`, sk `<board id>#<round id>`;
 * - the round itself is DynamoLeaderboardStore's item (sk `round#<round id>`); finish() counts
 *   each job once in the round's counting items (round-counts.ts). A round counted before
 *   them has `done`, `failed`, `cancelled` and the indexes `counted` in its own item, and is
 *   counted there to its end.
 * Only single-item conditional writes: dynalite has no transactions.
 */
export class DynamoRoundJobStore implements RoundJobStore {
  /**
   * `orphanedBefore` (ms since the epoch): every claim taken before it is known to be dead,
   * whatever its lease says. The local server passes the time it started its embedded storage:
   * no process that claimed a job before then can still write to it (see embedded.ts).
   */
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
    private readonly orphanedBefore?: number,
  ) {}

  private jobKey(job: Pick<RoundJob, 'id' | 'board' | 'round'>): Record<string, AttributeValue> {
    const index = jobIndex(job.id, job.round);
    if (index === null) throw new JobError('JOB_INVALID', `job id '${job.id}' is not <round>.<index>`);
    return { pk: S(`lb#${job.board}`), sk: S(`job#${job.round}#${String(index).padStart(7, '0')}`) };
  }

  private roundKey(board: string, round: string): Record<string, AttributeValue> {
    return { pk: S(`lb#${board}`), sk: S(`round#${round}`) };
  }

  private async send<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) throw e;
      throw unavailable(what, e);
    }
  }

  async addJobs(jobs: readonly RoundJob[]): Promise<void> {
    // Single puts, a few at a time: the Lambda's role (infra/) allows no batch writes.
    for (let start = 0; start < jobs.length; start += PARALLEL_PUTS) {
      await Promise.all(
        jobs.slice(start, start + PARALLEL_PUTS).map((job) =>
          this.send("storing a round's jobs", () =>
            this.db.send(
              new PutItemCommand({
                TableName: this.table,
                Item: { ...this.jobKey(job), record: S(JSON.stringify(job)), state: S('pending'), attempts: N(0) },
              }),
            ),
          ),
        ),
      );
    }
  }

  async openRound(board: string, round: string): Promise<void> {
    await this.send('listing an open round', () =>
      this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { pk: S(OPEN_ROUNDS), sk: S(`${board}#${round}`), board: S(board), round: S(round) },
        }),
      ),
    );
  }

  async closeRound(board: string, round: string): Promise<void> {
    await this.send('closing a round', () =>
      this.db.send(
        new DeleteItemCommand({ TableName: this.table, Key: { pk: S(OPEN_ROUNDS), sk: S(`${board}#${round}`) } }),
      ),
    );
  }

  async openRounds(): Promise<{ board: string; round: string }[]> {
    const items = await this.queryAll('listing open rounds', { pk: OPEN_ROUNDS });
    return items.map((i) => ({ board: i.board!.S!, round: i.round!.S! }));
  }

  async pendingJobs(board: string, round: string): Promise<RoundJob[]> {
    const items = await this.queryAll("listing a round's jobs", {
      pk: `lb#${board}`,
      prefix: `job#${round}#`,
      pendingOnly: true,
    });
    return items.map((i) => JSON.parse(i.record!.S!) as RoundJob);
  }

  private async queryAll(
    what: string,
    q: { pk: string; prefix?: string; pendingOnly?: boolean },
  ): Promise<Record<string, AttributeValue>[]> {
    const items: Record<string, AttributeValue>[] = [];
    let start: Record<string, AttributeValue> | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const out = await this.send(what, () =>
        this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: q.prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
            ...(q.pendingOnly
              ? { FilterExpression: '#state = :pending', ExpressionAttributeNames: { '#state': 'state' } }
              : {}),
            ExpressionAttributeValues: {
              ':pk': S(q.pk),
              ...(q.prefix ? { ':prefix': S(q.prefix) } : {}),
              ...(q.pendingOnly ? { ':pending': S('pending') } : {}),
            },
            ConsistentRead: true,
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        ),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
      if (!start) break;
    }
    return items;
  }

  async claim(job: RoundJob, holder: string, nowMs: number, leaseMs: number): Promise<JobClaim> {
    const Key = this.jobKey(job);
    // A claim taken before this store's storage started (and one stored without its time) is dead.
    const orphaned = this.orphanedBefore !== undefined;
    try {
      const out = await this.send('claiming a job', () =>
        this.db.send(
          new UpdateItemCommand({
            TableName: this.table,
            Key,
            UpdateExpression: 'SET holder = :me, leaseUntil = :until, claimedAt = :now ADD attempts :one',
            ConditionExpression: `attribute_exists(pk) AND #state = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now${orphaned ? ' OR attribute_not_exists(claimedAt) OR claimedAt < :orphaned' : ''})`,
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':me': S(holder),
              ':until': N(nowMs + leaseMs),
              ':one': N(1),
              ':pending': S('pending'),
              ':now': N(nowMs),
              ...(orphaned ? { ':orphaned': N(this.orphanedBefore!) } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      const item = out.Attributes ?? {};
      const claimed = JSON.parse(item.record!.S!) as RoundJob;
      const cancelled = await this.roundCancelled(claimed.board, claimed.round);
      return {
        state: 'claimed',
        job: claimed,
        attempt: Number(item.attempts?.N ?? 1),
        ...(cancelled ? { roundCancelled: true as const } : {}),
      };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
    const out = await this.send('reading a job', () =>
      this.db.send(new GetItemCommand({ TableName: this.table, Key, ConsistentRead: true })),
    );
    const item = out.Item;
    if (!item) return { state: 'missing' };
    const state = item.state?.S;
    if (state === 'done' || state === 'failed' || state === 'cancelled') return { state: 'finished', outcome: state };
    return { state: 'busy', until: Number(item.leaseUntil?.N ?? nowMs) };
  }

  /** Whether a round was cancelled (read after a claim: a job of a cancelled round is not played). */
  private async roundCancelled(board: string, round: string): Promise<boolean> {
    const out = await this.send('reading a round', () =>
      this.db.send(
        new GetItemCommand({ TableName: this.table, Key: this.roundKey(board, round), ConsistentRead: true }),
      ),
    );
    const record = out.Item?.record?.S;
    return record !== undefined && (JSON.parse(record) as Round).cancelledAt !== undefined;
  }

  async renew(job: RoundJob, holder: string, untilMs: number): Promise<boolean> {
    return this.ifHolder(job, holder, 'SET leaseUntil = :until', { ':until': N(untilMs) }, 'renewing a job lease');
  }

  async release(job: RoundJob, holder: string): Promise<void> {
    await this.ifHolder(job, holder, 'REMOVE leaseUntil, holder', {}, 'releasing a job');
  }

  private async ifHolder(
    job: RoundJob,
    holder: string,
    update: string,
    values: Record<string, AttributeValue>,
    what: string,
  ): Promise<boolean> {
    try {
      await this.send(what, () =>
        this.db.send(
          new UpdateItemCommand({
            TableName: this.table,
            Key: this.jobKey(job),
            UpdateExpression: update,
            ConditionExpression: 'holder = :me AND #state = :pending',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ...values, ':me': S(holder), ':pending': S('pending') },
          }),
        ),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }

  async finish(job: RoundJob, outcome: JobOutcome): Promise<RoundProgress | null> {
    const progress = await this.countOnce(job, outcome);
    // Counted first: a crash between the two leaves the job pending, and its
    // next claim finds the match played and rated, counts nothing, and ends here.
    try {
      await this.send('finishing a job', () =>
        this.db.send(
          new UpdateItemCommand({
            TableName: this.table,
            Key: this.jobKey(job),
            UpdateExpression: 'SET #state = :outcome REMOVE leaseUntil, holder',
            ConditionExpression: '#state = :pending',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':outcome': S(outcome), ':pending': S('pending') },
          }),
        ),
      );
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
    return progress;
  }

  /**
   * Counts the job in its round once (round-counts.ts). The progress after is exact for a round of
   * up to 1,024 jobs, and whenever the round may be complete; otherwise its counts are a part of
   * the round's, below its total, which is all a caller needs to see it is not complete.
   */
  private async countOnce(job: RoundJob, outcome: JobOutcome): Promise<RoundProgress | null> {
    const index = jobIndex(job.id, job.round)!;
    const Key = this.roundKey(job.board, job.round);
    const out = await this.send('reading a round', () =>
      this.db.send(new GetItemCommand({ TableName: this.table, Key, ConsistentRead: true })),
    );
    const item = out.Item;
    if (!item?.record?.S) return null;
    // A round whose counting began in the round item itself (before the counting items) ends there.
    if (item.counted) return this.countInRoundItem(job, outcome, index);
    const round = JSON.parse(item.record.S) as Round;
    const after = await countOnceInBlock(
      this.db,
      this.table,
      `lb#${job.board}`,
      job.round,
      index,
      outcome,
      round.total,
    );
    // A part of the counts (below the total) where the round cannot be complete yet.
    const counts = addCounts(itemCounts(item), after);
    return progressFrom(round, counts);
  }

  /** The count of a round that began before the counting items: its item keeps the indexes it counted. */
  private async countInRoundItem(job: RoundJob, outcome: JobOutcome, index: number): Promise<RoundProgress | null> {
    const Key = this.roundKey(job.board, job.round);
    try {
      const out = await this.send('counting a job in its round', () =>
        this.db.send(
          new UpdateItemCommand({
            TableName: this.table,
            Key,
            UpdateExpression: 'ADD #outcome :one, counted :index',
            ConditionExpression: 'attribute_exists(#record) AND NOT contains(counted, :i)',
            ExpressionAttributeNames: { '#outcome': outcome, '#record': 'record' },
            ExpressionAttributeValues: { ':one': N(1), ':index': { NS: [String(index)] }, ':i': N(index) },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return progressOf(out.Attributes);
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
    // Counted before, or the round is gone.
    const out = await this.send('reading a round', () =>
      this.db.send(new GetItemCommand({ TableName: this.table, Key, ConsistentRead: true })),
    );
    return progressOf(out.Item);
  }
}

function progressOf(item: Record<string, AttributeValue> | undefined): RoundProgress | null {
  if (!item?.record?.S) return null;
  return progressFrom(JSON.parse(item.record.S) as Round, itemCounts(item));
}

function progressFrom(round: Round, counts: Counts): RoundProgress {
  return { ...roundProgress(round), ...countFields(counts) };
}
