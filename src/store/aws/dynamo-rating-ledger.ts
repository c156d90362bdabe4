import {
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { LedgerState, RatingLedger } from '../contract/rating-ledger.js';
import type { Rating, ShownRating } from '../../ratings/index.js';
import { unavailable } from './s3-blobs.js';
import { S } from './attribute-values.js';

const SEAT = 'seat_';

/**
 * The rating ledger of a match, next to its board: pk `lb#<board id>`, sk
 * `rating#<match id>`, with `at` and `before` (JSON), written once: the rating is complete when
 * its result line is stored. Ledgers written before may have `complete`, and one `seat_<bot id>`
 * (JSON of the rating shown after) per entry updated; they are read still.
 */
export class DynamoRatingLedger implements RatingLedger {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private key(board: string, match: string): Record<string, AttributeValue> {
    return { pk: S(`lb#${board}`), sk: S(`rating#${match}`) };
  }

  async open(
    board: string,
    match: string,
    first: { at: string; before: Record<string, Rating> },
  ): Promise<LedgerState> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { ...this.key(board, match), at: S(first.at), before: S(JSON.stringify(first.before)) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { ...first, seats: {}, complete: false, created: true };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw unavailable('starting a rating', e);
    }
    const item = await this.read(board, match);
    if (!item) throw unavailable('reading a rating', new Error(`the ledger of match ${match} vanished`));
    const seats: Record<string, ShownRating> = {};
    for (const [name, value] of Object.entries(item))
      if (name.startsWith(SEAT) && value.S) seats[name.slice(SEAT.length)] = JSON.parse(value.S) as ShownRating;
    return {
      at: item.at!.S!,
      before: JSON.parse(item.before!.S!) as Record<string, Rating>,
      seats,
      complete: item.complete?.BOOL === true,
    };
  }

  private async read(board: string, match: string): Promise<Record<string, AttributeValue> | undefined> {
    try {
      return (
        await this.db.send(
          new GetItemCommand({ TableName: this.table, Key: this.key(board, match), ConsistentRead: true }),
        )
      ).Item;
    } catch (e) {
      throw unavailable('reading a rating', e);
    }
  }

  async seatConfirmed(board: string, match: string, botId: string): Promise<boolean> {
    const item = await this.read(board, match);
    return item?.complete?.BOOL === true || item?.[`${SEAT}${botId}`] !== undefined;
  }
}
