import type { LedgerState, RatingLedger } from '../contract/rating-ledger.js';
import type { Rating } from '../../ratings/index.js';

interface StoredLedger {
  readonly at: string;
  readonly before: string;
}

/** Rating ledgers in memory, one per board and match, as DynamoRatingLedger keeps them (none of its older forms). */
export class MemoryRatingLedger implements RatingLedger {
  private readonly ledgers = new Map<string, StoredLedger>();

  async open(
    board: string,
    match: string,
    first: { at: string; before: Record<string, Rating> },
  ): Promise<LedgerState> {
    const key = JSON.stringify([board, match]);
    const stored = this.ledgers.get(key);
    const ledger = stored ?? { at: first.at, before: JSON.stringify(first.before) };
    if (!stored) this.ledgers.set(key, ledger);
    return {
      at: ledger.at,
      before: JSON.parse(ledger.before) as Record<string, Rating>,
      seats: {},
      complete: false,
      ...(stored ? {} : { created: true as const }),
    };
  }

  async seatConfirmed(): Promise<boolean> {
    return false;
  }
}
