import { gameById } from '../games/catalog.js';
import { entryStatusOf, type Entry, type Leaderboard } from '../store/contract/leaderboards.js';
import { boardSettings, newEntry, newLeaderboard } from './boards.js';
import { type FrozenVersion, versionCutoff } from './manifest.js';
import { standings } from './standings.js';

/** The most entries a final takes, whatever the board's limits. */
export const MAX_FINAL_ENTRIES = 64;

/** The top `top` active entries of a board, ranked as its table ranks them. */
export function topEntries(board: Leaderboard, entries: readonly Entry[], top: number): Entry[] {
  const active = entries.filter((e) => entryStatusOf(e) === 'active');
  const ranked = standings(active, false, gameById(board.game).leaderboard.rankBy === 'points');
  return ranked.slice(0, top).map((row) => active.find((e) => e.botId === row.botId)!);
}

/**
 * The final of a frozen board: a new board of the same game, rating and settings, named after it and
 * linked to it, owned by the same key. Its deadline is the frozen board's (or the freeze, if earlier
 * or there is none), so each entry plays the version it had at the freeze: its pin, or the latest
 * version uploaded before then.
 */
export function finalOf(board: Leaderboard, now: Date): Leaderboard {
  const deadline = versionCutoff(board, board.frozenAt ?? now.toISOString());
  return newLeaderboard(
    {
      ...boardSettings(board),
      name: `${board.name} final`.slice(0, 100),
      game: board.game,
      rating: board.rating,
      owner: board.owner,
      deadline,
      finalOf: board.id,
      ...(board.hidden === true ? { hidden: true } : {}),
    },
    now,
  );
}

/**
 * An entry of the final: the same bot and entrant as on the frozen board, rated afresh, pinned to
 * the version the manifest lists for it (`frozen`), so that disabling or enabling versions later
 * changes nothing in the final.
 */
export function finalEntry(final: Leaderboard, entry: Entry, frozen: FrozenVersion | null | undefined): Entry {
  const pin = frozen?.number ?? entry.pin;
  return {
    ...newEntry(final, { id: entry.botId, name: entry.name, sha256: frozen?.sha256 ?? entry.sha256 }),
    ...(pin !== undefined ? { pin } : {}),
    ...(entry.enteredBy !== undefined ? { enteredBy: entry.enteredBy } : {}),
    ...(entry.team !== undefined ? { team: entry.team } : {}),
  };
}
