import {
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { Batch, BatchState, BatchStore } from '../contract/batches.js';
import type { Page } from '../contract/page.js';
import { N, S } from './attribute-values.js';
import { queryIndexPage } from './dynamo-matches.js';
import { unavailable } from './s3-blobs.js';
import { storedCounts } from './round-counts.js';

/**
 * Batches in the match table. A batch is the item its jobs are counted in,
 * laid out as a round's (DynamoRoundJobStore counts into pk `lb#<id>`, sk
 * `round#<id>`): the batch as JSON in `record` and, once finished, `finishedAt`; its jobs are
 * counted in the counting items beside it (round-counts.ts), or, in a batch counted before them,
 * in its own `done`, `failed` and `counted`.
 * A batch (not an asynchronous match) is listed by the `byBot` index on gsi1pk `batches#<owner>`, gsi1sk
 * `<createdAt>#<id>`.
 */
export class DynamoBatchStore implements BatchStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private key(id: string): Record<string, AttributeValue> {
    return { pk: S(`lb#${id}`), sk: S(`round#${id}`) };
  }

  async createBatch(batch: Batch): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            ...this.key(batch.id),
            record: S(JSON.stringify(batch)),
            done: N(0),
            failed: N(0),
            ...(batch.kind === 'batch'
              ? { gsi1pk: S(`batches#${batch.owner}`), gsi1sk: S(`${batch.createdAt}#${batch.id}`) }
              : {}),
          },
        }),
      );
    } catch (e) {
      throw unavailable('storing a batch', e);
    }
  }

  async getBatch(id: string): Promise<BatchState | null> {
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: this.key(id), ConsistentRead: true }),
      );
      return out.Item ? await this.stateOf(out.Item) : null;
    } catch (e) {
      throw unavailable('reading a batch', e);
    }
  }

  async listBatches(owner: string, limit: number, cursor?: string): Promise<Page<BatchState>> {
    const page = await queryIndexPage(this.db, this.table, `batches#${owner}`, limit, cursor, 'listing batches');
    const states = await Promise.all(page.items.map((item) => this.stateOf(item)));
    return { items: states.filter((b): b is BatchState => b !== null), cursor: page.cursor };
  }

  async markFinished(id: string, at: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.key(id),
          UpdateExpression: 'SET finishedAt = :at',
          ConditionExpression: 'attribute_exists(#record) AND attribute_not_exists(finishedAt)',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: { ':at': S(at) },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('finishing a batch', e);
    }
  }

  /** A batch with its counts: in its counting items, or (counted before them) in its own item. */
  private async stateOf(item: Record<string, AttributeValue>): Promise<BatchState | null> {
    if (!item.record?.S) return null;
    const batch = JSON.parse(item.record.S) as Batch;
    const counts = await storedCounts(this.db, this.table, `lb#${batch.id}`, batch.id, item);
    return {
      ...batch,
      done: counts.done,
      failed: counts.failed,
      ...(item.finishedAt?.S ? { finishedAt: item.finishedAt.S } : {}),
    };
  }
}
