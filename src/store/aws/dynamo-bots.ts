import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { N, parseRecord, S } from './attribute-values.js';
import { queryIndexPage } from './dynamo-matches.js';
import { unavailable } from './s3-blobs.js';
import {
  publicBotSummary,
  type BotRecord,
  type BotStore,
  type PublicBotSummary,
  type VersionTally,
} from '../contract/bots.js';
import type { Page } from '../contract/page.js';

/** The index partition of public bots. */
const LISTED_BOTS = 'listed#bots';
/** How often `modify` reads again after losing a race before it gives up (STORAGE_UNAVAILABLE). */
const MODIFY_ATTEMPTS = 20;

/**
 * Bots in the match table:
 * - a bot: pk `botrec#<id>`, sk `bot`, the record as JSON, indexed by `byBot` on gsi1pk
 *   `owner#<owner id>` and gsi1sk `<createdAt>#<id>` (its owner's listing);
 * - a public bot's listing: pk `botrec#<id>`, sk `public`, its summary as JSON (no owner,
 *   no sha256), indexed by `byBot` on gsi1pk `listed#bots` and gsi1sk `<createdAt>#<id>`.
 * Made public, the record is written before its listing; made private, the listing is
 * deleted before the record: a crash between the two leaves a public bot unlisted, never
 * a private one listed.
 * - `rev` on both items: the record's revision. `modify` writes the record on condition that
 *   its `rev` is the one it read, and the listing on condition that its own is older; an
 *   unlisted bot keeps its listing item without index keys, so a late older write cannot list it again.
 *   A deleted bot's record has no index keys: it leaves its owner's listing.
 * - a version's tally: pk `botrec#<id>`, sk `tally#<version>`, counters `played` and `erred`
 *   (atomic ADD) and `firstFailure`.
 */
export class DynamoBotStore implements BotStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private item(bot: BotRecord): Record<string, AttributeValue> {
    return {
      pk: { S: `botrec#${bot.id}` },
      sk: { S: 'bot' },
      record: { S: JSON.stringify(bot) },
      rev: N(bot.revision ?? 0),
      ...(bot.deletedAt === undefined
        ? { gsi1pk: { S: `owner#${bot.owner}` }, gsi1sk: { S: `${bot.createdAt}#${bot.id}` } }
        : {}),
    };
  }

  async modify(id: string, change: (bot: BotRecord) => BotRecord | null): Promise<BotRecord | null> {
    for (let attempt = 0; attempt < MODIFY_ATTEMPTS; attempt++) {
      const stored = await this.get(id);
      if (!stored) return null;
      const changed = change(stored);
      if (!changed) return stored;
      const next: BotRecord = { ...changed, id, revision: (stored.revision ?? 0) + 1 };
      try {
        await this.db.send(
          new PutItemCommand({
            TableName: this.table,
            Item: this.item(next),
            // Records written before revisions have no `rev`: they count as revision 0.
            ConditionExpression:
              stored.revision === undefined
                ? 'attribute_exists(pk) AND (attribute_not_exists(rev) OR rev = :r)'
                : 'rev = :r',
            ExpressionAttributeValues: { ':r': N(stored.revision ?? 0) },
          }),
        );
      } catch (e) {
        if (e instanceof ConditionalCheckFailedException) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
          continue;
        }
        throw unavailable('changing a bot', e);
      }
      await this.listing(next, next.public === true && next.deletedAt === undefined);
      return next;
    }
    throw unavailable('changing a bot', new Error(`${MODIFY_ATTEMPTS} writers came in between`));
  }

  async tallyMatch(id: string, version: number, failure: string | null): Promise<VersionTally> {
    try {
      const out = await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: S(`botrec#${id}`), sk: S(`tally#${version}`) },
          UpdateExpression:
            failure === null
              ? 'ADD played :one, erred :none'
              : 'ADD played :one, erred :one SET firstFailure = if_not_exists(firstFailure, :failure)',
          ExpressionAttributeValues: {
            ':one': N(1),
            ...(failure === null ? { ':none': N(0) } : { ':failure': S(failure) }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = out.Attributes ?? {};
      return {
        played: Number(item.played?.N ?? 0),
        erred: Number(item.erred?.N ?? 0),
        firstFailure: item.firstFailure?.S ?? null,
      };
    } catch (e) {
      throw unavailable("counting a bot version's match", e);
    }
  }

  /** Writes the public listing item of a revision, listed or not, unless a newer revision's is there. */
  private async listing(bot: BotRecord, listed: boolean): Promise<void> {
    const summary = publicBotSummary(bot);
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            pk: { S: `botrec#${bot.id}` },
            sk: { S: 'public' },
            record: { S: JSON.stringify(summary) },
            rev: N(bot.revision ?? 0),
            ...(listed ? { gsi1pk: { S: LISTED_BOTS }, gsi1sk: { S: `${bot.createdAt}#${bot.id}` } } : {}),
          },
          ConditionExpression: 'attribute_not_exists(rev) OR rev < :r',
          ExpressionAttributeValues: { ':r': N(bot.revision ?? 0) },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return;
      throw unavailable('listing a public bot', e);
    }
  }

  async create(bot: BotRecord): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: this.item(bot),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (e) {
      throw unavailable('storing a bot', e);
    }
    if (bot.public === true) await this.list(bot);
  }

  async get(id: string): Promise<BotRecord | null> {
    try {
      const out = await this.db.send(
        new GetItemCommand({ TableName: this.table, Key: { pk: { S: `botrec#${id}` }, sk: { S: 'bot' } } }),
      );
      return out.Item?.record?.S ? (JSON.parse(out.Item.record.S) as BotRecord) : null;
    } catch (e) {
      throw unavailable('reading a bot', e);
    }
  }

  async update(bot: BotRecord): Promise<boolean> {
    if (bot.public !== true) await this.unlist(bot.id);
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: this.item(bot),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw unavailable('updating a bot', e);
    }
    if (bot.public === true) await this.list(bot);
    return true;
  }

  async listByOwner(owner: string, limit: number, cursor?: string): Promise<Page<BotRecord>> {
    const page = await queryIndexPage(this.db, this.table, `owner#${owner}`, limit, cursor, "listing an owner's bots");
    return { items: page.items.map((i) => parseRecord<BotRecord>(i)), cursor: page.cursor };
  }

  async listPublic(limit: number, cursor?: string): Promise<Page<PublicBotSummary>> {
    const page = await queryIndexPage(this.db, this.table, LISTED_BOTS, limit, cursor, 'listing public bots');
    return { items: page.items.map((i) => parseRecord<PublicBotSummary>(i)), cursor: page.cursor };
  }

  private async list(bot: BotRecord): Promise<void> {
    const summary = publicBotSummary(bot);
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            pk: { S: `botrec#${bot.id}` },
            sk: { S: 'public' },
            record: { S: JSON.stringify(summary) },
            gsi1pk: { S: LISTED_BOTS },
            gsi1sk: { S: `${bot.createdAt}#${bot.id}` },
          },
        }),
      );
    } catch (e) {
      throw unavailable('listing a public bot', e);
    }
  }

  private async unlist(id: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteItemCommand({ TableName: this.table, Key: { pk: { S: `botrec#${id}` }, sk: { S: 'public' } } }),
      );
    } catch (e) {
      throw unavailable('unlisting a bot', e);
    }
  }
}
