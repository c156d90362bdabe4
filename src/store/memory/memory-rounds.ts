import type { Round } from '../contract/leaderboards.js';
import type { JobOutcome, RoundProgress } from '../contract/round-jobs.js';

interface StoredRound {
  readonly json: string;
  done: number;
  failed: number;
  /** Indexes of the jobs counted in done or failed. */
  readonly counted: Set<number>;
}

/**
 * Rounds and their counters, shared by the leaderboard store (which writes and reads rounds)
 * and the round job store (which counts finished jobs in them), as both use one item in DynamoDB.
 */
export class MemoryRounds {
  private readonly rounds = new Map<string, StoredRound>();

  /** Stores a round, its counters at zero (as a put of the whole item does). */
  put(board: string, round: Round): void {
    this.rounds.set(key(board, round.id), { json: JSON.stringify(round), done: 0, failed: 0, counted: new Set() });
  }

  get(board: string, roundId: string): Round | null {
    const stored = this.rounds.get(key(board, roundId));
    return stored ? { ...(JSON.parse(stored.json) as Round), done: stored.done, failed: stored.failed } : null;
  }

  /** Counts job `index` once in its round's done or failed; the progress after, or null if the round is gone. */
  count(board: string, roundId: string, index: number, outcome: JobOutcome): RoundProgress | null {
    const stored = this.rounds.get(key(board, roundId));
    if (!stored) return null;
    if (!stored.counted.has(index)) {
      stored.counted.add(index);
      stored[outcome]++;
    }
    const { total } = JSON.parse(stored.json) as Round;
    return { total, done: stored.done, failed: stored.failed };
  }
}

const key = (board: string, round: string): string => JSON.stringify([board, round]);
