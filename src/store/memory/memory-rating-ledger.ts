import type { LedgerState, RatingLedger } from '../contract/rating-ledger.js';
import type { Rating } from '../../ratings/index.js';

interface StoredLedger {
  at?: string;
  before?: string;
  complete: boolean;
}

/** Rating ledgers in memory, one per board and match, as DynamoRatingLedger keeps them. */
export class MemoryRatingLedger implements RatingLedger {
  private readonly ledgers = new Map<string, StoredLedger>();

  /** The ledger, made empty if there is none: like DynamoDB's update, completion may come first. */
  private ledger(board: string, match: string): StoredLedger {
    const key = JSON.stringify([board, match]);
    let ledger = this.ledgers.get(key);
    if (!ledger) this.ledgers.set(key, (ledger = { complete: false }));
    return ledger;
  }

  async open(
    board: string,
    match: string,
    first: { at: string; before: Record<string, Rating> },
  ): Promise<LedgerState> {
    const key = JSON.stringify([board, match]);
    if (!this.ledgers.has(key)) {
      this.ledgers.set(key, { at: first.at, before: JSON.stringify(first.before), complete: false });
      return {
        at: first.at,
        before: JSON.parse(JSON.stringify(first.before)) as Record<string, Rating>,
        seats: {},
        complete: false,
      };
    }
    const ledger = this.ledgers.get(key)!;
    return {
      at: ledger.at ?? first.at,
      before: JSON.parse(ledger.before ?? '{}') as Record<string, Rating>,
      seats: {},
      complete: ledger.complete,
    };
  }

  async seatConfirmed(board: string, match: string): Promise<boolean> {
    return this.ledgers.get(JSON.stringify([board, match]))?.complete ?? false;
  }

  async complete(board: string, match: string): Promise<void> {
    this.ledger(board, match).complete = true;
  }
}
