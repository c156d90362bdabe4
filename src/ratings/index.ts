import { ordinal, rate, rating as openskillRating } from 'openskill';

/**
 * Ratings of two-player matches: OpenSkill (Weng-Lin, the `openskill`
 * library) by default, or Elo. Pure functions over plain data.
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
  if (system === 'elo') {
    const ra = (a as { elo: number }).elo;
    const rb = (b as { elo: number }).elo;
    const expected = 1 / (1 + 10 ** ((rb - ra) / 400));
    const delta = ELO_K * (score - expected);
    return [{ elo: ra + delta }, { elo: rb - delta }];
  }
  const rank = score === 1 ? [1, 2] : score === 0 ? [2, 1] : [1, 1];
  const [[na], [nb]] = rate([[a as { mu: number; sigma: number }], [b as { mu: number; sigma: number }]], { rank });
  return [
    { mu: na.mu, sigma: na.sigma },
    { mu: nb.mu, sigma: nb.sigma },
  ];
}

export function shown(r: Rating): ShownRating {
  if ('elo' in r) return { rating: r.elo, uncertainty: 0 };
  return { rating: ordinal(r), uncertainty: r.sigma };
}
