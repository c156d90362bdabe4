/** One job's place in its board's order of rating. */
export interface RatingTurn {
  /** Resolves once every turn of the board taken before this one is done. */
  ready(): Promise<void>;
  /** Ends this turn (rated, failed or handed back); the next may rate. Calling it again does nothing. */
  done(): void;
}

/**
 * Lets one process play a board's matches side by side and still rate them one
 * at a time, in the order their jobs started: each job takes a turn when it
 * starts and rates its match when every earlier turn is done. Elo and OpenSkill
 * rate a match against the ratings just before it, so the board ends exactly as
 * it would have played its jobs one by one. A job that ends without rating
 * (handed back, failed) ends its turn too, and is rated in a later turn if it
 * comes again, as it would have been one by one.
 */
export class RatingTurns {
  /** Per board, what its newest turn waits for: every turn taken so far, done. */
  private readonly tails = new Map<string, Promise<void>>();

  take(board: string): RatingTurn {
    const earlier = this.tails.get(board) ?? Promise.resolve();
    let end!: () => void;
    const mine = new Promise<void>((resolve) => {
      end = resolve;
    });
    const tail = earlier.then(() => mine);
    this.tails.set(board, tail);
    // A board with no turn open keeps no entry.
    void tail.then(() => {
      if (this.tails.get(board) === tail) this.tails.delete(board);
    });
    return { ready: () => earlier, done: () => end() };
  }

  /** Boards with a turn open (for tests: none is kept once their jobs end). */
  get openBoards(): number {
    return this.tails.size;
  }
}
