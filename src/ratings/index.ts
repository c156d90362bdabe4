import { ordinal, rate, rating as openskillRating } from 'openskill';

/**
 * Ratings of matches of two or more players: OpenSkill (Weng-Lin, the
 * `openskill` library) by default, or Elo (pairwise for more than two).
 * Pure functions over plain data.
 */
export type RatingSystem = 'openskill' | 'elo';

export type Rating = { readonly mu: number; readonly sigma: number } | { readonly elo: number };

/** What a table shows: the rating and how uncertain it is (0 for Elo, which does not say). */
export interface ShownRating {
  readonly rating: number;
  readonly uncertainty: number;
}

/** 1 when the first player won, 0 when it lost, 0.5 for a draw. */
export type Score = 1 | 0 | 0.5;

const ELO_START = 1500;
const ELO_K = 32;

export function initialRating(system: RatingSystem): Rating {
  if (system === 'elo') return { elo: ELO_START };
  const r = openskillRating();
  return { mu: r.mu, sigma: r.sigma };
}

export function updateRatings(system: RatingSystem, a: Rating, b: Rating, score: Score): [Rating, Rating] {
  const [na, nb] = rankRatings(system, [a, b], score === 1 ? [1, 2] : score === 0 ? [2, 1] : [1, 1]);
  return [na!, nb!];
}

/**
 * New ratings after a match of any number of players, given each one's
 * place (1 is best; equal places tie). Elo plays every pair, with K shared
 * out over the opponents.
 */
export function rankRatings(system: RatingSystem, ratings: readonly Rating[], ranks: readonly number[]): Rating[] {
  if (system === 'elo') {
    const elo = ratings.map((r) => (r as { elo: number }).elo);
    const k = ELO_K / Math.max(1, elo.length - 1);
    return elo.map((ri, i) => {
      let delta = 0;
      elo.forEach((rj, j) => {
        if (j === i) return;
        const actual = ranks[i]! < ranks[j]! ? 1 : ranks[i] === ranks[j] ? 0.5 : 0;
        delta += k * (actual - 1 / (1 + 10 ** ((rj - ri) / 400)));
      });
      return { elo: ri + delta };
    });
  }
  const rated = rate(
    ratings.map((r) => [r as { mu: number; sigma: number }]),
    { rank: [...ranks] },
  );
  return rated.map(([r]) => ({ mu: r!.mu, sigma: r!.sigma }));
}

export function shown(r: Rating): ShownRating {
  if ('elo' in r) return { rating: r.elo, uncertainty: 0 };
  return { rating: ordinal(r), uncertainty: r.sigma };
}
