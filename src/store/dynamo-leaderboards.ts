import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { Entry, Leaderboard, LeaderboardStore, ResultLine, Round } from '../leaderboard/types.js';
import type { Webhook } from '../leaderboard/webhooks.js';
import { badCursor, decodeCursorText, encodeCursorText } from './cursors.js';
import { unavailable } from './s3-blobs.js';

/**
 * Leaderboards in the match table, all under pk `lb#<id>`: sk `board`, `entry#<bot id>`,
 * `round#<round id>`, and `result#<finished at>#<match id>` for the export.
 */
export class DynamoLeaderboardStore implements LeaderboardStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private key(boardId: string, sk: string): Record<string, AttributeValue> {
    return { pk: { S: `lb#${boardId}` }, sk: { S: sk } };
  }

  private async put(item: Record<string, AttributeValue>, condition: string | undefined, what: string, values?: Record<string, AttributeValue>): Promise<boolean> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: item,
          ...(condition ? { ConditionExpression: condition } : {}),
          ...(values ? { ExpressionAttributeValues: values } : {}),
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable(what, e);
    }
  }

  private async getJson<T>(boardId: string, sk: string, what: string): Promise<T | null> {
    try {
      const out = await this.db.send(new GetItemCommand({ TableName: this.table, Key: this.key(boardId, sk), ConsistentRead: true }));
      return out.Item?.record?.S ? (JSON.parse(out.Item.record.S) as T) : null;
    } catch (e) {
      throw unavailable(what, e);
    }
  }

  private async query(boardId: string, prefix: string, what: string, start?: Record<string, AttributeValue>, limit?: number) {
    try {
      return await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': { S: `lb#${boardId}` }, ':prefix': { S: prefix } },
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
          ...(limit ? { Limit: limit } : {}),
        }),
      );
    } catch (e) {
      // A start key DynamoDB does not take came from a cursor.
      if (start && (e as { name?: string }).name === 'ValidationException') throw badCursor();
      throw unavailable(what, e);
    }
  }

  async createBoard(board: Leaderboard): Promise<void> {
    await this.put({ ...this.key(board.id, 'board'), record: { S: JSON.stringify(board) } }, 'attribute_not_exists(pk)', 'storing a leaderboard');
  }

  getBoard(id: string): Promise<Leaderboard | null> {
    return this.getJson<Leaderboard>(id, 'board', 'reading a leaderboard');
  }

  addEntry(boardId: string, entry: Entry): Promise<boolean> {
    return this.put(
      { ...this.key(boardId, `entry#${entry.botId}`), record: { S: JSON.stringify(entry) }, version: { N: String(entry.version) } },
      'attribute_not_exists(pk)',
      'adding an entry',
    );
  }

  async entries(boardId: string): Promise<Entry[]> {
    const entries: Entry[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await this.query(boardId, 'entry#', 'reading entries', start);
      for (const item of out.Items ?? []) entries.push(JSON.parse(item.record.S!) as Entry);
      start = out.LastEvaluatedKey;
    } while (start);
    return entries;
  }

  putEntry(boardId: string, entry: Entry): Promise<boolean> {
    return this.put(
      { ...this.key(boardId, `entry#${entry.botId}`), record: { S: JSON.stringify(entry) }, version: { N: String(entry.version) } },
      'version = :previous',
      'updating an entry',
      { ':previous': { N: String(entry.version - 1) } },
    );
  }

  async putRound(boardId: string, round: Round): Promise<void> {
    await this.put(
      { ...this.key(boardId, `round#${round.id}`), record: { S: JSON.stringify(round) }, done: { N: '0' }, failed: { N: '0' } },
      undefined,
      'storing a round',
    );
  }

  async getRound(boardId: string, roundId: string): Promise<Round | null> {
    try {
      const out = await this.db.send(new GetItemCommand({ TableName: this.table, Key: this.key(boardId, `round#${roundId}`), ConsistentRead: true }));
      if (!out.Item?.record?.S) return null;
      const round = JSON.parse(out.Item.record.S) as Round;
      return { ...round, done: Number(out.Item.done?.N ?? 0), failed: Number(out.Item.failed?.N ?? 0) };
    } catch (e) {
      throw unavailable('reading a round', e);
    }
  }

  async addWebhook(boardId: string, hook: Webhook): Promise<void> {
    await this.put({ ...this.key(boardId, `hook#${hook.id}`), record: { S: JSON.stringify(hook) } }, undefined, 'storing a webhook');
  }

  async webhooks(boardId: string): Promise<Webhook[]> {
    const out = await this.query(boardId, 'hook#', 'reading webhooks');
    return (out.Items ?? []).map((i) => JSON.parse(i.record.S!) as Webhook);
  }

  async deleteWebhook(boardId: string, hookId: string): Promise<boolean> {
    try {
      await this.db.send(new DeleteItemCommand({ TableName: this.table, Key: this.key(boardId, `hook#${hookId}`), ConditionExpression: 'attribute_exists(pk)' }));
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('deleting a webhook', e);
    }
  }

  async appendResult(boardId: string, line: ResultLine): Promise<void> {
    await this.put({ ...this.key(boardId, `result#${line.finishedAt}#${line.match}`), record: { S: JSON.stringify(line) } }, undefined, 'storing a result');
  }

  async results(boardId: string, since: string | undefined, limit: number): Promise<{ lines: ResultLine[]; cursor: string | null }> {
    let start: Record<string, AttributeValue> | undefined;
    let after: string | null = null;
    if (since) {
      // The cursor is the sort key of a result line: result#<finished at>#<match id>.
      after = decodeCursorText(since);
      if (!after.startsWith('result#') || after.length === 'result#'.length || new TextEncoder().encode(after).length > 1024) throw badCursor();
      start = this.key(boardId, after);
    }
    const out = await this.query(boardId, 'result#', 'reading results', start, limit);
    const items = out.Items ?? [];
    const lines = items.map((i) => JSON.parse(i.record.S!) as ResultLine);
    // The cursor is the last result given, so a later call picks up exactly after it.
    const last = items.length > 0 ? items[items.length - 1].sk.S! : after;
    return { lines, cursor: last ? encodeCursorText(last) : null };
  }
}
