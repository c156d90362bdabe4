import { boardIsFrozen } from '../leaderboard/boards.js';
import type { Entry, Leaderboard, LeaderboardStore } from '../store/contract/leaderboards.js';
import { scopeOf, type ApiKeyRecord } from '../store/contract/keys.js';
import { ApiProblem } from './problems.js';
import { checkId } from './schemas.js';

/**
 * Who may see and change a board: its owner changes it; anyone reads it, except a hidden board,
 * which only its owner and its entrants (the keys that entered a bot, and their teams) see: to
 * anyone else it does not exist (404, as for an id that was never made).
 */

const notFound = (id: string) => new ApiProblem(404, 'NOT_FOUND', `no leaderboard '${id}'`);

export async function findBoard(store: LeaderboardStore, id: string): Promise<Leaderboard> {
  const board = await store.getBoard(checkId('id', id));
  if (!board) throw notFound(id);
  return board;
}

/**
 * Whether `reader` entered `entry` on `board`: the key that entered it, or another key of its team that
 * the board's owner minted (a team name alone proves nothing: other organizers and sign-ups pick names too).
 */
export const isEntrant = (board: Leaderboard, entry: Entry, reader: ApiKeyRecord | null): boolean =>
  reader !== null &&
  (entry.enteredBy === reader.id ||
    (reader.team !== undefined &&
      entry.team === reader.team &&
      reader.createdBy === board.owner &&
      reader.boards === undefined));

/** A board `reader` may read (a hidden one: its owner and entrants only). */
export async function readableBoard(store: LeaderboardStore, id: string, reader: ApiKeyRecord | null) {
  const board = await findBoard(store, id);
  if (board.hidden !== true || (reader !== null && (reader.id === board.owner || isInvited(board, reader))))
    return board;
  const entries = await store.entries(board.id, { history: false });
  if (!entries.some((e) => isEntrant(board, e, reader))) throw notFound(id);
  return board;
}

/** A board `owner` created, or 403 FORBIDDEN (404 for a hidden board of someone else). */
export async function ownBoard(store: LeaderboardStore, id: string, owner: ApiKeyRecord): Promise<Leaderboard> {
  const board = await readableBoard(store, id, owner);
  if (board.owner !== owner.id)
    throw new ApiProblem(403, 'FORBIDDEN', 'only the key that created a leaderboard changes it');
  return board;
}

/** 409 BOARD_FROZEN: a frozen board's standings and entries are final. */
export function refuseFrozen(board: Leaderboard, what: string): void {
  if (boardIsFrozen(board))
    throw new ApiProblem(409, 'BOARD_FROZEN', `${what}: the leaderboard was frozen at ${board.frozenAt}`, {
      frozenAt: board.frozenAt,
    });
}

/** 409 DEADLINE_PASSED once the board's deadline is past. */
export function refuseAfterDeadline(board: Leaderboard, now: Date, what: string): void {
  if (board.deadline !== undefined && now.getTime() >= Date.parse(board.deadline))
    throw new ApiProblem(409, 'DEADLINE_PASSED', `${what}: the leaderboard's deadline was ${board.deadline}`, {
      deadline: board.deadline,
    });
}

/**
 * Team keys an organizer minted through the API (`createdBy`) play on boards, they do not run them:
 * 403 ADMIN_KEY_REQUIRED. Keys made by `umpire keys create` belong to whoever holds the storage, and
 * keep creating boards as they always could.
 */
export function refuseTeamBoards(caller: ApiKeyRecord): void {
  if (scopeOf(caller) === 'team' && caller.createdBy !== undefined)
    throw new ApiProblem(
      403,
      'ADMIN_KEY_REQUIRED',
      `leaderboards are created by an organizer's admin key; this is the team key of '${caller.team ?? ''}'`,
    );
}

/** Whether a team key was invited to a board: signed up with one of its invite codes, or minted by its owner for boards that take teams. */
export const isInvited = (board: Leaderboard, caller: ApiKeyRecord): boolean =>
  scopeOf(caller) === 'team' &&
  (caller.boards !== undefined
    ? caller.boards.includes(board.id)
    : board.teams === true && caller.createdBy === board.owner);

/** A board `caller` may enter a bot on: its own, or one it is invited to (else 403 FORBIDDEN). */
export async function mayEnter(store: LeaderboardStore, id: string, caller: ApiKeyRecord): Promise<Leaderboard> {
  const board = await findBoard(store, id);
  if (board.owner === caller.id || isInvited(board, caller)) return board;
  if (board.hidden === true) throw notFound(id);
  throw new ApiProblem(403, 'FORBIDDEN', "only the leaderboard's owner, and teams it invited, enter bots on it");
}

/** 409 ROUND_RUNNING while the board's latest round still has matches to play: its ratings must hold still. */
export async function refuseRunningRound(store: LeaderboardStore, board: Leaderboard, what: string): Promise<void> {
  const latest = await store.latestRound(board.id);
  if (latest && latest.done + latest.failed < latest.total)
    throw new ApiProblem(409, 'ROUND_RUNNING', `${what}: round ${latest.id} is still being played`, {
      round: latest.id,
    });
}
