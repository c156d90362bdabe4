import { roundStatus } from '../leaderboard/round-status.js';
import { standings } from '../leaderboard/standings.js';
import {
  entryStatusOf,
  type Entry,
  type Leaderboard,
  type LeaderboardStore,
  type ResultLine,
  type Round,
} from '../store/contract/leaderboards.js';
import { findGame } from '../games/catalog.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import type { BotStore } from '../store/contract/bots.js';
import { sha256Hex } from '../match/digest.js';

/**
 * Leaderboards as readers see them. Entries are named by an entry id (derived
 * from the board and the bot, so older entries and results have one too) and
 * the bot's name; the bot id itself is shown only where the reader may use
 * the bot: its owner's, or a public one.
 */

export async function entryId(boardId: string, botId: string): Promise<string> {
  return `ent_${(await sha256Hex(new TextEncoder().encode(`${boardId}\n${botId}`))).slice(0, 24)}`;
}

/** Whether `reader` may see a bot's id; each bot is looked up once per view. */
export function botIdVisibility(bots: BotStore, reader: ApiKeyRecord | null): (botId: string) => Promise<boolean> {
  const seen = new Map<string, Promise<boolean>>();
  return (botId) => {
    let visible = seen.get(botId);
    if (!visible) {
      visible = bots
        .get(botId)
        .then((record) => !!record && (record.public === true || (reader !== null && record.owner === reader.id)));
      seen.set(botId, visible);
    }
    return visible;
  };
}

type Visible = (botId: string) => Promise<boolean>;

/** `{ entryId, botId? }` for one entry of a board. */
async function entryRef(
  boardId: string,
  botId: string,
  visible: Visible,
): Promise<{ entryId: string; botId?: string }> {
  return { entryId: await entryId(boardId, botId), ...((await visible(botId)) ? { botId } : {}) };
}

export async function presentTable(boardId: string, rows: ReturnType<typeof standings>, visible: Visible) {
  return Promise.all(
    rows.map(async ({ rank, botId, ...rest }) => ({ rank, ...(await entryRef(boardId, botId, visible)), ...rest })),
  );
}

const SERVICE_FIELDS = new Set(['match', 'round', 'finishedAt', 'map', 'ratings']);

/** A seat of a result line: an object naming its bot. */
const isSeat = (v: unknown): v is { botId: string } =>
  typeof v === 'object' && v !== null && typeof (v as { botId?: unknown }).botId === 'string';

/** A result line of the export, its seats (the game's fields naming a bot, alone or in a list) and ratings by entry id. */
export async function presentResultLine(boardId: string, line: ResultLine, visible: Visible) {
  const seat = async ({ botId, ...rest }: { botId: string }) => ({
    ...(await entryRef(boardId, botId, visible)),
    ...rest,
  });
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) {
    if (SERVICE_FIELDS.has(key)) shown[key] = value;
    else if (isSeat(value)) shown[key] = await seat(value);
    else if (Array.isArray(value) && value.every(isSeat)) shown[key] = await Promise.all(value.map(seat));
    else shown[key] = value;
  }
  const ratings: Record<string, { rating: number; uncertainty: number }> = {};
  for (const [botId, change] of Object.entries(line.ratings)) ratings[await entryId(boardId, botId)] = change;
  return { ...shown, ratings };
}

/** A board's table, ranked as GET /v1/leaderboards/:id ranks it (by points first where its game says so). */
export function boardStandings(board: Leaderboard, entries: Parameters<typeof standings>[0], withHistory: boolean) {
  return standings(entries, withHistory, findGame(board.game)?.leaderboard.rankBy === 'points');
}

/** Every board a bot is on, with its standing there: its rank in the board's table (null if the table does not have it yet). */
export async function boardsOfBot(store: LeaderboardStore, botId: string) {
  const found = await store.boardsOfBot(botId);
  const rows = await Promise.all(found.map(({ boardId, entry }) => standingOn(store, boardId, botId, entry)));
  return rows.filter((r) => r !== null);
}

/** A bot's standing on one board, from the board's current entries (the indexed entry if they lack it). */
async function standingOn(store: LeaderboardStore, boardId: string, botId: string, indexed: Entry) {
  const board = await store.getBoard(boardId);
  if (!board) return null;
  const entries = await store.entries(boardId, { history: false });
  const entry = entries.find((e) => e.botId === botId);
  const row = entry ? boardStandings(board, entries, false).find((r) => r.botId === botId)! : null;
  const shown = row ?? boardStandings(board, [indexed], false)[0]!;
  const e = entry ?? indexed;
  return {
    leaderboard: { id: board.id, name: board.name, game: board.game },
    rank: row ? row.rank : null,
    rating: shown.rating,
    uncertainty: shown.uncertainty,
    played: e.played,
    wins: e.wins,
    losses: e.losses,
    draws: e.draws,
    // What the organizer set on the entry, which its team is shown (absent: active), and its pinned version.
    ...(entryStatusOf(e) !== 'active' ? { status: entryStatusOf(e) } : {}),
    ...(e.reason !== undefined ? { reason: e.reason } : {}),
    ...(e.pin !== undefined ? { pin: e.pin } : {}),
  };
}

/** A round with its status, as GET /v1/leaderboards/:id/rounds/:rid shows it (`schedule` absent: a round robin). */
export function presentRound(round: Round) {
  const { revision: _revision, ...shown } = round;
  return { ...shown, status: roundStatus(round) };
}

/** A listed board as GET /v1/leaderboards lists it. */
export function presentListedBoard({ board, entries }: { board: Leaderboard; entries: number }) {
  return {
    id: board.id,
    name: board.name,
    game: board.game,
    rating: board.rating,
    createdAt: board.createdAt,
    entries,
  };
}
