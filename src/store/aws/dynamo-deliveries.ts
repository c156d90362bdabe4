import {
  DeleteItemCommand,
  PutItemCommand,
  QueryCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { PendingDelivery, PendingDeliveryStore } from '../contract/pending-deliveries.js';
import { unavailable } from './s3-blobs.js';

const PK = 'webhook-pending';

/**
 * Pending webhook deliveries in the match table, all under pk `webhook-pending`
 * (they are few and short-lived), sk `<hook id>#<order>#<delivery id>`: a
 * hook's deliveries sort in the order they were made. The item holds the
 * whole delivery (hook URL and secret, event, body, attempts, next attempt).
 */
export class DynamoDeliveryStore implements PendingDeliveryStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private key(d: PendingDelivery): Record<string, AttributeValue> {
    return { pk: { S: PK }, sk: { S: `${d.hook.id}#${d.order}#${d.id}` } };
  }

  async put(d: PendingDelivery): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({ TableName: this.table, Item: { ...this.key(d), record: { S: JSON.stringify(d) } } }),
      );
    } catch (e) {
      throw unavailable('storing a webhook delivery', e);
    }
  }

  async remove(d: PendingDelivery): Promise<void> {
    try {
      await this.db.send(new DeleteItemCommand({ TableName: this.table, Key: this.key(d) }));
    } catch (e) {
      throw unavailable('removing a webhook delivery', e);
    }
  }

  async list(query: {
    readonly hookId?: string;
    readonly after?: string;
    readonly limit: number;
  }): Promise<{ items: PendingDelivery[]; next: string | null }> {
    const values: Record<string, AttributeValue> = { ':pk': { S: PK } };
    if (query.hookId !== undefined) values[':prefix'] = { S: `${query.hookId}#` };
    try {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: query.hookId === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: values,
          ConsistentRead: true,
          Limit: query.limit,
          ...(query.after ? { ExclusiveStartKey: { pk: { S: PK }, sk: { S: query.after } } } : {}),
        }),
      );
      const items = (out.Items ?? []).flatMap((item) => {
        try {
          return [JSON.parse(item.record?.S ?? '') as PendingDelivery];
        } catch {
          // An unreadable item cannot be delivered; it is skipped, not a reason to stop the others.
          return [];
        }
      });
      return { items, next: out.LastEvaluatedKey?.sk?.S ?? null };
    } catch (e) {
      throw unavailable('reading webhook deliveries', e);
    }
  }
}
