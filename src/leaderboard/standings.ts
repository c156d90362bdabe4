import { shown } from '../ratings/index.js';
import { entryStatusOf, type Entry } from '../store/contract/leaderboards.js';

/** 2 points a win, 1 a draw (section 3.2 of the 2004 task). */
export const points = (e: Entry) => 2 * e.wins + e.draws;

/** The ranked table of a board: by rating, or by points first where the game ranks so. */
export function standings(entries: readonly Entry[], withHistory: boolean, byPoints = false) {
  return [...entries]
    .map((e) => ({ e, view: shown(e.rating) }))
    .sort(
      (a, b) =>
        (byPoints ? points(b.e) - points(a.e) : 0) ||
        b.view.rating - a.view.rating ||
        a.e.botId.localeCompare(b.e.botId),
    )
    .map(({ e, view }, k) => ({
      rank: k + 1,
      botId: e.botId,
      name: e.name,
      rating: view.rating,
      uncertainty: view.uncertainty,
      points: points(e),
      wins: e.wins,
      losses: e.losses,
      draws: e.draws,
      played: e.played,
      // Only entries that sit out new rounds say so: a table of active entries reads as it always did.
      ...(entryStatusOf(e) !== 'active' ? { status: entryStatusOf(e) } : {}),
      // A contest's entries are its teams': the table names them.
      ...(e.team !== undefined ? { team: e.team } : {}),
      ...(withHistory ? { history: e.history } : {}),
    }));
}
