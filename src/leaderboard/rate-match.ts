import { rankRatings, shown, type Rating, type ShownRating } from '../ratings/index.js';
import { ENTRY_HISTORY_LIMIT, type Entry, type Leaderboard, type ResultLine } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { boardIsFrozen } from './boards.js';
import type { LeaderboardDeps } from './deps.js';
import { newId } from './new-id.js';
import type { WebhookEvent } from './webhooks.js';

/** How many rating changes an entry keeps. */
export const RATING_HISTORY = ENTRY_HISTORY_LIMIT;

/** What rating needs of a finished match, whatever the game. */
export interface Outcome {
  readonly id: string;
  /** Bot ids by seat. */
  readonly seats: readonly string[];
  /** Each seat's place, 1 best; equal places tie. */
  readonly ranks: readonly number[];
  /** The export line's game-specific part: seats, scores, winner. */
  readonly line: Readonly<Record<string, unknown>>;
}

/** An entry's unconfirmed matches are checked against their ledgers once there are this many. */
const PRUNE_UNCONFIRMED_AT = 4;

/**
 * Rates a match into its entries, tells the webhooks and stores its result
 * line, once however often it is retried. The match's rating ledger, written
 * once, fixes when it was rated and the ratings it is rated against; the
 * result line, stored last, marks the rating complete. Each entry's update
 * lists the match in the entry's `unconfirmed` (one write, no second one in
 * the ledger), so a retry finds the entries already rated and rates the
 * others; an entry forgets the match once its result line is stored. A
 * crash after the webhooks were told and before the result line tells them
 * again on the retry: deliveries are at least once.
 */
export async function rateOnce(
  deps: LeaderboardDeps,
  board: Leaderboard,
  job: RoundJob,
  record: Outcome,
): Promise<void> {
  // A frozen board's standings are final: a match that finishes after the freeze changes no rating.
  if (boardIsFrozen(board)) return;
  // Only the seats' entries: a board of thousands of entries costs a rated match no more than one of two.
  const start = await deps.leaderboards.entriesOfBots(board.id, record.seats);
  const ledger = await deps.ratings.open(board.id, record.id, {
    at: new Date().toISOString(),
    before: Object.fromEntries(start.map((e) => [e.botId, e.rating])),
  });
  if (ledger.complete) return;
  const at = ledger.at;
  // A retry: the result line, stored last, says whether an earlier attempt finished.
  if (!ledger.created && (await deps.leaderboards.hasResult(board.id, at, record.id))) return;
  const changes: Record<string, { rating: number; uncertainty: number }> = { ...ledger.seats };
  const before = record.seats.map((id) => ledger.before[id]);
  if (before.some((r) => !r)) return;
  // Each entry moves once, rated against the others as they stood when the match was first rated:
  // the entries are updated side by side (each its own item, its own version).
  const views = await Promise.all(
    record.seats.map((botId, seat) => {
      // A bot in two seats is one entry, moved by its first seat.
      if (changes[botId] || record.seats.indexOf(botId) !== seat) return null;
      return rateSeat(
        deps,
        board,
        record,
        seat,
        { at, before: before as Rating[] },
        start.find((e) => e.botId === botId),
      );
    }),
  );
  for (const [seat, view] of views.entries()) if (view) changes[record.seats[seat]!] = view;
  const line: ResultLine = {
    match: record.id,
    round: job.round,
    finishedAt: at,
    map: job.map,
    ...record.line,
    ratings: changes,
  };
  if (deps.notify) {
    const hooks = await deps.leaderboards.webhooks(board.id);
    const events: [WebhookEvent, unknown][] = [
      ['match.finished', { leaderboard: board.id, ...line }],
      ...Object.entries(changes).map(([botId, view]): [WebhookEvent, unknown] => [
        'rating.changed',
        { leaderboard: board.id, botId, match: record.id, ...view },
      ]),
    ];
    const deliveries = hooks.flatMap((hook) =>
      events.map(([event, data]) => ({ hook, id: newId('dlv'), event, body: JSON.stringify({ event, data }) })),
    );
    // The match is rated already: a delivery that cannot be handed over is logged, never a reason to fail the match.
    try {
      if (deliveries.length > 0) await deps.notify(deliveries);
    } catch (e) {
      console.error(`leaderboard ${board.id}: webhook deliveries of ${record.id} not queued: ${(e as Error).message}`);
    }
  }
  await deps.leaderboards.appendResult(board.id, line);
}

/**
 * Updates one seat's entry with a match, or finds it updated by an earlier
 * attempt; the rating shown after, or null if the entry is gone or stayed
 * contended. An entry that changed meanwhile (optimistic versions) is re-read
 * and rated again.
 */
async function rateSeat(
  deps: LeaderboardDeps,
  board: Leaderboard,
  record: Outcome,
  seat: number,
  rated: { at: string; before: readonly Rating[] },
  first: Entry | undefined,
): Promise<ShownRating | null> {
  const botId = record.seats[seat]!;
  const best = Math.min(...record.ranks);
  const tiedBest = record.ranks.filter((r) => r === best).length;
  for (let attempt = 0; attempt < 10; attempt++) {
    const fresh = attempt === 0 ? first : (await deps.leaderboards.entriesOfBots(board.id, [botId]))[0];
    if (!fresh) return null;
    if (fresh.unconfirmed?.includes(record.id)) {
      const change = changeOf(fresh, record.id) ?? changeOf(await wholeEntry(deps, board.id, botId), record.id);
      return change ? { rating: change.rating, uncertainty: change.uncertainty } : shown(fresh.rating);
    }
    const ratings = rated.before.map((r, k) => (k === seat ? fresh.rating : r));
    const rating = rankRatings(board.rating, ratings, record.ranks)[seat]!;
    const view = shown(rating);
    const won = record.ranks[seat] === best && tiedBest === 1;
    const drew = record.ranks[seat] === best && tiedBest > 1;
    const next: Entry = {
      ...fresh,
      rating,
      wins: fresh.wins + (won ? 1 : 0),
      losses: fresh.losses + (won || drew ? 0 : 1),
      draws: fresh.draws + (drew ? 1 : 0),
      played: fresh.played + 1,
      history: [...fresh.history, { match: record.id, at: rated.at, ...view }].slice(-RATING_HISTORY),
      unconfirmed: [...(await stillUnconfirmed(deps, board.id, fresh)), record.id],
      version: fresh.version + 1,
    };
    if (await deps.leaderboards.putEntry(board.id, next)) return view;
  }
  return null;
}

/** The change `match` made to the entry, if its history (as read) still has it. */
const changeOf = (entry: Entry | undefined, match: string) =>
  entry ? [...entry.history].reverse().find((h) => h.match === match) : undefined;

/**
 * The entry with its whole history: a retry whose change is older than the newest ones an
 * entry is read with (many matches rated it since) finds it there. Rare: it reads the board.
 */
async function wholeEntry(deps: LeaderboardDeps, boardId: string, botId: string): Promise<Entry | undefined> {
  return (await deps.leaderboards.entries(boardId)).find((e) => e.botId === botId);
}

/**
 * An entry's unconfirmed matches, less those whose rating is complete (checked once the list is
 * long): its result line is stored, found by the time the entry's history gives the match; a
 * match the history as read does not have (or one a version before completed) asks its ledger.
 */
async function stillUnconfirmed(deps: LeaderboardDeps, boardId: string, entry: Entry): Promise<string[]> {
  const list = entry.unconfirmed ?? [];
  if (list.length < PRUNE_UNCONFIRMED_AT) return [...list];
  const kept: string[] = [];
  for (const match of list) {
    const at = changeOf(entry, match)?.at;
    const complete =
      (at !== undefined && (await deps.leaderboards.hasResult(boardId, at, match))) ||
      (await deps.ratings.seatConfirmed(boardId, match, entry.botId));
    if (!complete) kept.push(match);
  }
  return kept;
}
