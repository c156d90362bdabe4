import type { MatchRecord } from '../core/game-module.js';
import { gameById } from '../games/catalog.js';
import type { BatchState } from '../store/contract/batches.js';
import type { BlobStore } from '../store/contract/blobs.js';
import { jobId } from '../store/contract/job-ids.js';
import type { MatchStore } from '../store/contract/matches.js';
import { readFailure, readPairings, type JobFailure } from './batch-documents.js';
import { batchJobMatch } from './batch-ids.js';

/** One pairing's result: its match, status, and the game's result line (seats with scores, winner) or its failure. */
export interface PairingResult {
  readonly index: number;
  readonly match: string;
  readonly status: 'queued' | 'done' | 'failed';
  readonly map: string;
  readonly seats: readonly string[];
  /** Each seat's place (1 best; equal places tie), once played. */
  readonly ranks?: readonly number[];
  readonly winner?: unknown;
  readonly line?: Readonly<Record<string, unknown>>;
  readonly error?: JobFailure;
}

/** Reads at once, at most. */
const PARALLEL_READS = 32;

/**
 * The results of pairings `from` to `from + limit - 1`, in order: a stored
 * match is done, a stored failure failed, anything else still queued.
 */
export async function batchResults(
  deps: { readonly blobs: BlobStore; readonly matches: MatchStore },
  batch: BatchState,
  from: number,
  limit: number,
): Promise<PairingResult[]> {
  const game = gameById(batch.game);
  const pairings = (await readPairings(deps.blobs, batch.id)).slice(from, from + limit);
  const results: PairingResult[] = new Array(pairings.length);
  for (let start = 0; start < pairings.length; start += PARALLEL_READS) {
    await Promise.all(
      pairings.slice(start, start + PARALLEL_READS).map(async (pairing, k) => {
        const index = from + start + k;
        const id = jobId(batch.id, index);
        const { matchId } = await batchJobMatch(batch, {
          kind: 'batch',
          id,
          board: batch.id,
          round: batch.id,
          ...pairing,
          map: pairing.map ?? '',
        });
        const base = { index, match: matchId, map: pairing.map ?? '', seats: pairing.seats };
        const record = await deps.matches.get<MatchRecord>(matchId);
        if (record) {
          const line = game.leaderboard.line(record, pairing.seats);
          results[start + k] = {
            ...base,
            status: 'done',
            ranks: game.leaderboard.ranks(record),
            winner: line.winner ?? null,
            line,
          };
          return;
        }
        const failure = await readFailure(deps.blobs, batch.id, index);
        results[start + k] = failure ? { ...base, status: 'failed', error: failure } : { ...base, status: 'queued' };
      }),
    );
  }
  return results;
}

/** The results as CSV (RFC 4180): one line per pairing, seats and ranks separated by spaces. */
export function resultsCsv(results: readonly PairingResult[]): string {
  const head = 'index,match,status,map,seats,ranks,winner,error';
  const rows = results.map((r) =>
    [
      String(r.index),
      r.match,
      r.status,
      r.map,
      r.seats.join(' '),
      r.ranks?.join(' ') ?? '',
      r.winner === undefined || r.winner === null ? '' : String(r.winner),
      r.error?.code ?? '',
    ]
      .map(csvField)
      .join(','),
  );
  return `${[head, ...rows].join('\r\n')}\r\n`;
}

const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
