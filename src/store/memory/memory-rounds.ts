import type { Round } from '../contract/leaderboards.js';
import { type JobOutcome, roundProgress, type RoundProgress } from '../contract/round-jobs.js';

interface StoredRound {
  json: string;
  readonly counts: Record<JobOutcome, number>;
  /** Indexes of the jobs counted. */
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
    this.rounds.set(key(board, round.id), {
      json: JSON.stringify(round),
      counts: { done: 0, failed: 0, cancelled: 0 },
      counted: new Set(),
    });
  }

  get(board: string, roundId: string): Round | null {
    const stored = this.rounds.get(key(board, roundId));
    if (!stored) return null;
    const { done, failed, cancelled } = stored.counts;
    return { ...(JSON.parse(stored.json) as Round), done, failed, ...(cancelled > 0 ? { cancelled } : {}) };
  }

  /** Rewrites a round's own fields, keeping its counters, if its stored revision is the one before. */
  revise(board: string, round: Round): boolean {
    const stored = this.rounds.get(key(board, round.id));
    if (!stored) return false;
    const { revision } = JSON.parse(stored.json) as Round;
    if ((revision ?? 0) !== (round.revision ?? 0) - 1) return false;
    stored.json = JSON.stringify(round);
    return true;
  }

  /** Counts job `index` once in its round's done, failed or cancelled; the progress after, or null if the round is gone. */
  count(board: string, roundId: string, index: number, outcome: JobOutcome): RoundProgress | null {
    const stored = this.rounds.get(key(board, roundId));
    if (!stored) return null;
    if (!stored.counted.has(index)) {
      stored.counted.add(index);
      stored.counts[outcome]++;
    }
    const { done, failed, cancelled } = stored.counts;
    return {
      ...roundProgress(JSON.parse(stored.json) as Round),
      done,
      failed,
      ...(cancelled > 0 ? { cancelled } : {}),
    };
  }

  /** Whether the round was cancelled; false if it is gone. */
  cancelled(board: string, roundId: string): boolean {
    const stored = this.rounds.get(key(board, roundId));
    return stored !== undefined && (JSON.parse(stored.json) as Round).cancelledAt !== undefined;
  }
}

const key = (board: string, round: string): string => JSON.stringify([board, round]);
