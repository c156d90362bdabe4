import { ENTRY_HISTORY_LIMIT, historyStart, type Entry, type RatingChange } from '../contract/leaderboards.js';

/**
 * How an entry's rating history is laid out in DynamoDB, so that rating a
 * match writes a small entry item rather than one carrying up to 500 changes
 * (about 64 KB: 63 write units every time it was rated).
 *
 * Each change has an ordinal: the entry's n-th rated match is change n - 1,
 * so the newest is `played - 1`. Ordinals are cut into chunks of CHUNK. The
 * entry item keeps the changes of its open chunk and of the chunk before it
 * (at most 2 × CHUNK - 1); older ones are in chunk items, written once each.
 *
 * The chunk before the open one stays in the entry item until the next chunk
 * opens, and only then is it written as a chunk item, before the entry item
 * that leaves it out: its changes were all committed by earlier writes, so
 * whichever writer puts it (even one whose entry write then loses) puts the
 * same content, and no crash between the two writes loses a change.
 */
export const CHUNK = 16;

/** Chunks kept below the entry item: enough for ENTRY_HISTORY_LIMIT changes, older ones deleted as they leave. */
const CHUNKS_KEPT = Math.ceil(ENTRY_HISTORY_LIMIT / CHUNK) + 1;

/** An entry's changes with their ordinals: the newest ends at `end` (its played count, or more if the history is longer). */
export interface PlacedHistory {
  /** The ordinal of `changes[0]`. */
  readonly first: number;
  readonly changes: readonly RatingChange[];
}

/** The ordinals of an entry's history as given: it ends with the entry's played-th change. */
export function placed(entry: Entry): PlacedHistory {
  return { first: historyStart(entry), changes: entry.history };
}

/** The ordinal one past the newest change. */
const endOf = (h: PlacedHistory) => h.first + h.changes.length;

/** The first ordinal the entry item keeps: the start of the chunk before the open one (never before the history's start). */
export function inlineStart(h: PlacedHistory): number {
  const open = Math.floor(endOf(h) / CHUNK);
  return Math.max(h.first, (open - 1) * CHUNK);
}

/** The changes the entry item keeps, and the ordinal of the first of them. */
export function inlinePart(h: PlacedHistory): PlacedHistory {
  const start = inlineStart(h);
  return { first: start, changes: h.changes.slice(start - h.first) };
}

/** Chunk `index`'s changes within `h` (those of its ordinals the history holds). */
export function chunkPart(h: PlacedHistory, index: number): PlacedHistory {
  const from = Math.max(index * CHUNK, h.first);
  return { first: from, changes: h.changes.slice(from - h.first, (index + 1) * CHUNK - h.first) };
}

/** Every chunk wholly below the entry item's part, oldest first: what a history written whole needs stored. */
export function chunksBelowInline(h: PlacedHistory): number[] {
  const stop = inlineStart(h) / CHUNK;
  const indexes: number[] = [];
  for (let index = Math.floor(h.first / CHUNK); index < stop; index++) indexes.push(index);
  return indexes;
}

/**
 * What appending writes besides the entry item: when its newest change opened
 * a chunk, the chunk the entry item stops keeping (put first), and the chunk
 * that has just left the kept history (deleted). Null between those moments.
 */
export function chunkMoves(h: PlacedHistory): { put: number | null; drop: number | null } | null {
  const end = endOf(h);
  if (end === 0 || end % CHUNK !== 0) return null;
  const open = end / CHUNK;
  const leaving = open - 2;
  return {
    put: leaving >= 0 && (leaving + 1) * CHUNK > h.first ? leaving : null,
    drop: leaving - CHUNKS_KEPT >= 0 ? leaving - CHUNKS_KEPT : null,
  };
}

/**
 * An entry's history put back together: the chunk items' changes (any order,
 * garbage from earlier histories included) below the entry item's own,
 * newest last, at most ENTRY_HISTORY_LIMIT. `start` is the first ordinal
 * of the history as last written whole: chunks below it are left over.
 */
export function assembled(inline: PlacedHistory, start: number, chunks: readonly PlacedHistory[]): RatingChange[] {
  const end = endOf(inline);
  const lowest = Math.max(start, end - ENTRY_HISTORY_LIMIT);
  const byOrdinal = new Map<number, RatingChange>();
  for (const chunk of chunks)
    chunk.changes.forEach((change, k) => {
      const ordinal = chunk.first + k;
      if (ordinal >= lowest && ordinal < inline.first) byOrdinal.set(ordinal, change);
    });
  const older = [...byOrdinal.keys()].sort((a, b) => a - b).map((ordinal) => byOrdinal.get(ordinal)!);
  return [...older, ...inline.changes].slice(-ENTRY_HISTORY_LIMIT);
}

/** The sort key of chunk `index` of a bot's history: sorted by index within the bot. */
export const chunkSortKey = (botId: string, index: number) => `hist#${botId}#${String(index).padStart(9, '0')}`;

/** The bot and chunk index of a chunk sort key, or null for another key. */
export function parseChunkSortKey(sk: string): { botId: string; index: number } | null {
  const match = /^hist#(.+)#(\d{9})$/.exec(sk);
  return match ? { botId: match[1]!, index: Number(match[2]) } : null;
}
