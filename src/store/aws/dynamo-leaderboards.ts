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
import {
  boardIsListed,
  type BoardOfBot,
  type Entry,
  type Invite,
  type InviteRefusal,
  type Leaderboard,
  type LeaderboardStore,
  type EntriesOptions,
  type ListedBoard,
  type PutEntryOptions,
  type ResultLine,
  type Round,
} from '../contract/leaderboards.js';
import type { Webhook } from '../contract/webhooks.js';
import { badCursor, decodeCursorText, encodeCursorText } from '../cursor-text.js';
import { parseRecord } from './attribute-values.js';
import { batchGetAll, batchWriteAll, itemsNamed } from './batch-items.js';
import { queryIndexAll, queryIndexPage } from './dynamo-matches.js';
import { unavailable } from './s3-blobs.js';
import { countFields, storedCounts } from './round-counts.js';
import {
  assembled,
  chunkMoves,
  chunkPart,
  chunkSortKey,
  chunksBelowInline,
  inlinePart,
  parseChunkSortKey,
  placed,
  type PlacedHistory,
} from './entry-history.js';
import type { Page } from '../contract/page.js';

/** The index partition of listed (public) boards. */
const LISTED_BOARDS = 'listed#boards';

/**
 * Leaderboards in the match table, all under pk `lb#<id>`:
 * - sk `board`: the board as JSON and `entryCount` (entries added so far); a public board is
 *   listed by the `byBot` index on gsi1pk `listed#boards`, gsi1sk `<createdAt>#<board id>`;
 * - sk `entry#<bot id>`: an entry, its record without its rating history, the newest changes in
 *   `histRecent` (from ordinal `histFrom`), and `histStart`, where its history was last written whole
 *   (entries stored before have the whole history in the record and none of these);
 * - sk `member#<bot id>`: only keys, indexed on gsi1pk `entries#<bot id>`, gsi1sk `lb#<board id>`
 *   (the boards a bot is on), written before its entry. The entry item itself stays out of the
 *   index: rated, it is rewritten at every match, and an index that projects every attribute
 *   bills each rewrite again at the entry's size. Entries stored before were indexed themselves;
 *   their next update writes the member item and takes the entry out of the index;
 * - sk `hist#<bot id>#<chunk>`: 16 older changes of an entry's history (entry-history.ts);
 * - sk `round#<round id>`: a round, indexed on gsi1pk `rounds#<board id>`, gsi1sk
 *   `<createdAt>#<round id>` (the board's latest round); its counters (`done`, `failed`,
 *   `cancelled`) beside the record, and `revision` once it was revised (reviseRound);
 * - sk `result#<finished at>#<match id>`: a result line, for the export.
 * An invite is one item, pk `invite#<code hash>`, sk `invite`: the invite as JSON, its `uses` and
 * `maxUses` (counted by a conditional update) and `expiresAt`; the board item counts its invites
 * (`inviteCount`).
 */
export class DynamoLeaderboardStore implements LeaderboardStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private key(boardId: string, sk: string): Record<string, AttributeValue> {
    return { pk: { S: `lb#${boardId}` }, sk: { S: sk } };
  }

  private async put(
    item: Record<string, AttributeValue>,
    condition: string | undefined,
    what: string,
    values?: Record<string, AttributeValue>,
  ): Promise<boolean> {
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
    const item = await this.getItem(boardId, sk, what);
    return item?.record?.S ? (JSON.parse(item.record.S) as T) : null;
  }

  private async getItem(boardId: string, sk: string, what: string): Promise<Record<string, AttributeValue> | null> {
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: this.key(boardId, sk), ConsistentRead: true }),
      );
      return out.Item ?? null;
    } catch (e) {
      throw unavailable(what, e);
    }
  }

  private async query(
    boardId: string,
    prefix: string,
    what: string,
    start?: Record<string, AttributeValue>,
    limit?: number,
  ) {
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
    const listing: Record<string, AttributeValue> = boardIsListed(board)
      ? { gsi1pk: { S: LISTED_BOARDS }, gsi1sk: { S: `${board.createdAt}#${board.id}` } }
      : {};
    const item = {
      ...this.key(board.id, 'board'),
      record: { S: JSON.stringify(board) },
      entryCount: { N: '0' },
      ...listing,
    };
    await this.put(item, 'attribute_not_exists(pk)', 'storing a leaderboard');
  }

  async updateBoard(previous: Leaderboard, next: Leaderboard): Promise<boolean> {
    if (next.id !== previous.id) return false;
    const listed = boardIsListed(next);
    // The stored JSON is the condition: a board changed by another writer since it was read is not overwritten.
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.key(previous.id, 'board'),
          UpdateExpression: listed
            ? 'SET #r = :next, gsi1pk = :listed, gsi1sk = :order'
            : 'SET #r = :next REMOVE gsi1pk, gsi1sk',
          ConditionExpression: '#r = :previous',
          ExpressionAttributeNames: { '#r': 'record' },
          ExpressionAttributeValues: {
            ':next': { S: JSON.stringify(next) },
            ':previous': { S: JSON.stringify(previous) },
            ...(listed ? { ':listed': { S: LISTED_BOARDS }, ':order': { S: `${next.createdAt}#${next.id}` } } : {}),
          },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('updating a leaderboard', e);
    }
  }

  async listBoards(limit: number, cursor?: string): Promise<Page<ListedBoard>> {
    const page = await queryIndexPage(this.db, this.table, LISTED_BOARDS, limit, cursor, 'listing leaderboards');
    const items = page.items.map((i) => ({
      board: parseRecord<Leaderboard>(i),
      entries: Number(i.entryCount?.N ?? 0),
    }));
    return { items, cursor: page.cursor };
  }

  getBoard(id: string): Promise<Leaderboard | null> {
    return this.getJson<Leaderboard>(id, 'board', 'reading a leaderboard');
  }

  /** An entry's item, with its newest changes only; its member item lists it under its bot. */
  private entryItem(boardId: string, entry: Entry, history: PlacedHistory): Record<string, AttributeValue> {
    const inline = inlinePart(history);
    return {
      ...this.key(boardId, `entry#${entry.botId}`),
      record: { S: JSON.stringify({ ...entry, history: [] }) },
      histRecent: { S: JSON.stringify(inline.changes) },
      histFrom: { N: String(inline.first) },
      histStart: { N: String(history.first) },
      version: { N: String(entry.version) },
    };
  }

  /** Lists a bot's entry under the bot: the same item however often it is written. */
  private async putMember(boardId: string, botId: string): Promise<void> {
    const item = {
      ...this.key(boardId, `member#${botId}`),
      gsi1pk: { S: `entries#${botId}` },
      gsi1sk: { S: `lb#${boardId}` },
    };
    await this.put(item, undefined, 'listing an entry under its bot');
  }

  /** An entry as its item keeps it: with its newest changes (all of them for an item stored before chunks). */
  private entryOf(item: Record<string, AttributeValue>): { entry: Entry; inline: PlacedHistory; start: number } {
    const entry = parseRecord<Entry>(item);
    if (!item.histRecent?.S) {
      const whole = placed(entry);
      return { entry, inline: whole, start: whole.first };
    }
    const inline = { first: Number(item.histFrom!.N), changes: JSON.parse(item.histRecent.S) as Entry['history'] };
    return { entry: { ...entry, history: inline.changes }, inline, start: Number(item.histStart?.N ?? 0) };
  }

  /** Puts chunk items of a history and deletes others, in batch requests. */
  private writeChunks(
    boardId: string,
    botId: string,
    history: PlacedHistory,
    put: readonly number[],
    drop: readonly number[],
  ): Promise<void> {
    const requests = [
      ...put.map((index) => {
        const chunk = chunkPart(history, index);
        const Item = {
          ...this.key(boardId, chunkSortKey(botId, index)),
          record: { S: JSON.stringify(chunk.changes) },
          histFirst: { N: String(chunk.first) },
        };
        return { PutRequest: { Item } };
      }),
      ...drop.map((index) => ({ DeleteRequest: { Key: this.key(boardId, chunkSortKey(botId, index)) } })),
    ];
    return batchWriteAll(this.db, this.table, requests, 'storing a rating history');
  }

  async addEntry(boardId: string, entry: Entry): Promise<boolean> {
    const history = placed(entry);
    // First, so that an entry is never missing from its bot's boards. A member item whose entry
    // was not added after it (a crash in between) names no entry, and listing skips it.
    await this.putMember(boardId, entry.botId);
    if (!(await this.put(this.entryItem(boardId, entry, history), 'attribute_not_exists(pk)', 'adding an entry')))
      return false;
    // After the entry, never over a bot's chunks already on the board (a new entry's history is empty anyway).
    await this.writeChunks(boardId, entry.botId, history, chunksBelowInline(history), []);
    await this.countEntry(boardId);
    return true;
  }

  /** One more entry on the board's count (entries are never removed). */
  private async countEntry(boardId: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.key(boardId, 'board'),
          UpdateExpression: 'ADD entryCount :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': { N: '1' } },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return;
      throw unavailable('counting an entry', e);
    }
  }

  async boardsOfBot(botId: string): Promise<BoardOfBot[]> {
    const items = await queryIndexAll(this.db, this.table, `entries#${botId}`, "listing a bot's entries");
    // An entry stored before member items is in the index itself; the others are read by key.
    const named = await itemsNamed(
      this.db,
      this.table,
      items,
      `entry#${botId}`,
      (item) => Boolean(item.record?.S),
      "reading a bot's entries",
    );
    return named.map((item) => ({ boardId: item.pk!.S!.slice('lb#'.length), entry: this.entryOf(item).entry }));
  }

  async entries(boardId: string, options: EntriesOptions = {}): Promise<Entry[]> {
    const items = await this.queryAll(boardId, 'entry#', 'reading entries');
    if (options.history === false || !items.some((item) => item.histRecent))
      return items.map((item) => this.entryOf(item).entry);
    // The older changes of every entry's history, in one query of the board's chunk items.
    const chunks = new Map<string, PlacedHistory[]>();
    for (const item of await this.queryAll(boardId, 'hist#', 'reading rating histories')) {
      const key = parseChunkSortKey(item.sk!.S!);
      if (!key) continue;
      const chunk = { first: Number(item.histFirst!.N), changes: parseRecord<Entry['history']>(item) };
      const ofBot = chunks.get(key.botId);
      if (ofBot) ofBot.push(chunk);
      else chunks.set(key.botId, [chunk]);
    }
    return items.map((item) => {
      const { entry, inline, start } = this.entryOf(item);
      if (!item.histRecent) return entry;
      return { ...entry, history: assembled(inline, start, chunks.get(entry.botId) ?? []) };
    });
  }

  /** Every item of the board whose sort key starts with `prefix`. */
  private async queryAll(boardId: string, prefix: string, what: string): Promise<Record<string, AttributeValue>[]> {
    const items: Record<string, AttributeValue>[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await this.query(boardId, prefix, what, start);
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  async entriesOfBots(boardId: string, botIds: readonly string[]): Promise<Entry[]> {
    const wanted = [...new Set(botIds)];
    const keys = wanted.map((botId) => this.key(boardId, `entry#${botId}`));
    const found = new Map<string, Entry>();
    for (const item of await batchGetAll(this.db, this.table, keys, 'reading entries')) {
      const { entry } = this.entryOf(item);
      found.set(entry.botId, entry);
    }
    return wanted.flatMap((botId) => found.get(botId) ?? []);
  }

  async putEntry(boardId: string, entry: Entry, options: PutEntryOptions = {}): Promise<boolean> {
    const history = placed(entry);
    if (options.replacesHistory) return this.putWholeEntry(boardId, entry, history, 'attribute_exists(histRecent)');
    // A chunk the entry item stops keeping is stored first: its changes were all written before.
    const moves = chunkMoves(history);
    if (moves)
      await this.writeChunks(
        boardId,
        entry.botId,
        history,
        moves.put === null ? [] : [moves.put],
        moves.drop === null ? [] : [moves.drop],
      );
    const item = this.entryItem(boardId, entry, history);
    try {
      // An update, not a put: `histStart` stays what the last whole write made it.
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.key(boardId, `entry#${entry.botId}`),
          UpdateExpression: 'SET #record = :record, histRecent = :recent, histFrom = :from, version = :version',
          ConditionExpression: 'version = :previous AND attribute_exists(histRecent) AND attribute_not_exists(gsi1pk)',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: {
            ':record': item.record!,
            ':recent': item.histRecent!,
            ':from': item.histFrom!,
            ':version': item.version!,
            ':previous': { N: String(entry.version - 1) },
          },
        }),
      );
      return true;
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw unavailable('updating an entry', e);
    }
    // Another writer came first, or the entry was stored before member items (indexed itself) or
    // before chunks (its whole history in its record).
    const stored = await this.getItem(boardId, `entry#${entry.botId}`, 'reading an entry');
    if (!stored || stored.version?.N !== String(entry.version - 1)) return false;
    if (!stored.histRecent) return this.putWholeEntry(boardId, entry, history, 'attribute_not_exists(histRecent)');
    if (!stored.gsi1pk) return false;
    await this.putMember(boardId, entry.botId);
    // Out of the index now that its member item lists it; then the update above, which expects that.
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.key(boardId, `entry#${entry.botId}`),
          UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('updating an entry', e);
    }
    return this.putEntry(boardId, entry, options);
  }

  /** Writes an entry and its whole history: the chunks first (no entry points at them yet), then the entry item. */
  private async putWholeEntry(boardId: string, entry: Entry, history: PlacedHistory, layout: string): Promise<boolean> {
    // An entry stored before member items loses its index keys here: its member item lists it first.
    await this.putMember(boardId, entry.botId);
    await this.writeChunks(boardId, entry.botId, history, chunksBelowInline(history), []);
    return this.put(this.entryItem(boardId, entry, history), `version = :previous AND ${layout}`, 'updating an entry', {
      ':previous': { N: String(entry.version - 1) },
    });
  }

  async putRound(boardId: string, round: Round): Promise<void> {
    await this.put(
      {
        ...this.key(boardId, `round#${round.id}`),
        record: { S: JSON.stringify(round) },
        done: { N: '0' },
        failed: { N: '0' },
        gsi1pk: { S: `rounds#${boardId}` },
        gsi1sk: { S: `${round.createdAt}#${round.id}` },
      },
      undefined,
      'storing a round',
    );
  }

  async latestRound(boardId: string): Promise<Round | null> {
    const page = await queryIndexPage(
      this.db,
      this.table,
      `rounds#${boardId}`,
      1,
      undefined,
      'finding the latest round',
    );
    const item = page.items[0];
    // The index names the round; its counters are read from the table itself.
    return item ? this.getRound(boardId, parseRecord<Round>(item).id) : null;
  }

  async getRound(boardId: string, roundId: string): Promise<Round | null> {
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: this.key(boardId, `round#${roundId}`), ConsistentRead: true }),
      );
      if (!out.Item?.record?.S) return null;
      const round = JSON.parse(out.Item.record.S) as Round;
      const counts = await storedCounts(this.db, this.table, `lb#${boardId}`, roundId, out.Item);
      return { ...round, ...countFields(counts) };
    } catch (e) {
      throw unavailable('reading a round', e);
    }
  }

  async reviseRound(boardId: string, round: Round): Promise<boolean> {
    // The revision is kept beside the record too, for the condition: rounds stored before it have none.
    const previous = (round.revision ?? 0) - 1;
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.key(boardId, `round#${round.id}`),
          UpdateExpression: 'SET #record = :record, revision = :revision',
          ConditionExpression:
            previous === 0
              ? 'attribute_exists(#record) AND attribute_not_exists(revision)'
              : 'attribute_exists(#record) AND revision = :previous',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: {
            ':record': { S: JSON.stringify(round) },
            ':revision': { N: String(round.revision ?? 0) },
            ...(previous === 0 ? {} : { ':previous': { N: String(previous) } }),
          },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('revising a round', e);
    }
  }

  async addInvite(codeHash: string, invite: Invite, maxPerBoard: number): Promise<boolean> {
    // The board's count first: an invite past the bound is never stored.
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: this.key(invite.board, 'board'),
          UpdateExpression: 'ADD inviteCount :one',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(inviteCount) OR inviteCount < :max)',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':max': { N: String(maxPerBoard) } },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('counting an invite', e);
    }
    return this.put(
      {
        pk: { S: `invite#${codeHash}` },
        sk: { S: 'invite' },
        record: { S: JSON.stringify(invite) },
        uses: { N: String(invite.uses) },
        maxUses: { N: String(invite.maxUses) },
        ...(invite.expiresAt !== undefined ? { expiresAt: { S: invite.expiresAt } } : {}),
      },
      'attribute_not_exists(pk)',
      'storing an invite',
    );
  }

  async useInvite(codeHash: string, at: string): Promise<{ used: Invite } | { refused: InviteRefusal }> {
    const key = { pk: { S: `invite#${codeHash}` }, sk: { S: 'invite' } };
    try {
      const out = await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: 'ADD uses :one',
          ConditionExpression:
            'attribute_exists(pk) AND uses < maxUses AND (attribute_not_exists(expiresAt) OR expiresAt > :at)',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':at': { S: at } },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const invite = JSON.parse(out.Attributes!.record!.S!) as Invite;
      return { used: { ...invite, uses: Number(out.Attributes!.uses!.N) } };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw unavailable('using an invite', e);
    }
    // Refused: say why, from the invite as it stands.
    try {
      const out = await this.db.send(new GetItemCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
      if (!out.Item) return { refused: 'unknown' };
      const expiresAt = out.Item.expiresAt?.S;
      return { refused: expiresAt !== undefined && at >= expiresAt ? 'expired' : 'used-up' };
    } catch (e) {
      throw unavailable('reading an invite', e);
    }
  }

  async addWebhook(boardId: string, hook: Webhook): Promise<void> {
    await this.put(
      { ...this.key(boardId, `hook#${hook.id}`), record: { S: JSON.stringify(hook) } },
      undefined,
      'storing a webhook',
    );
  }

  async webhooks(boardId: string): Promise<Webhook[]> {
    const out = await this.query(boardId, 'hook#', 'reading webhooks');
    return (out.Items ?? []).map((i) => parseRecord<Webhook>(i));
  }

  async deleteWebhook(boardId: string, hookId: string): Promise<boolean> {
    try {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: this.key(boardId, `hook#${hookId}`),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('deleting a webhook', e);
    }
  }

  async appendResult(boardId: string, line: ResultLine): Promise<void> {
    await this.put(
      { ...this.key(boardId, `result#${line.finishedAt}#${line.match}`), record: { S: JSON.stringify(line) } },
      undefined,
      'storing a result',
    );
  }

  async hasResult(boardId: string, finishedAt: string, match: string): Promise<boolean> {
    // A read is billed by the item's size whatever it returns: the line comes whole.
    return (await this.getItem(boardId, `result#${finishedAt}#${match}`, 'reading a result')) !== null;
  }

  async recentResults(boardId: string, limit: number): Promise<ResultLine[]> {
    try {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': { S: `lb#${boardId}` }, ':prefix': { S: 'result#' } },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((i) => parseRecord<ResultLine>(i));
    } catch (e) {
      throw unavailable('reading recent results', e);
    }
  }

  async results(
    boardId: string,
    since: string | undefined,
    limit: number,
  ): Promise<{ lines: ResultLine[]; cursor: string | null }> {
    let start: Record<string, AttributeValue> | undefined;
    let after: string | null = null;
    if (since) {
      // The cursor is the sort key of a result line: result#<finished at>#<match id>.
      after = decodeCursorText(since);
      if (
        !after.startsWith('result#') ||
        after.length === 'result#'.length ||
        new TextEncoder().encode(after).length > 1024
      )
        throw badCursor();
      start = this.key(boardId, after);
    }
    const out = await this.query(boardId, 'result#', 'reading results', start, limit);
    const items = out.Items ?? [];
    const lines = items.map((i) => parseRecord<ResultLine>(i));
    // The cursor is the last result given, so a later call picks up exactly after it.
    const last = items.at(-1)?.sk?.S ?? after;
    return { lines, cursor: last ? encodeCursorText(last) : null };
  }
}
