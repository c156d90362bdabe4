/**
 * The viewers' playing speeds: a number is steps a second (times the game's
 * steps per unit), and WHOLE_MATCH plays any match end to end in
 * MATCH_SECONDS, however many steps it has (Ants' 100,000 rounds too).
 */

export const WHOLE_MATCH = 'match';
export const MATCH_SECONDS = 10;

/** The #speed choice that plays the whole match in MATCH_SECONDS, for a page's list of speeds. */
export const WHOLE_MATCH_SPEED = { value: WHOLE_MATCH, label: `whole match in ${MATCH_SECONDS} s` } as const;

/** Steps a second at the chosen speed. */
export function stepsPerSecond(value: string, total: number, stepsPerUnit = 1): number {
  if (value === WHOLE_MATCH) return Math.max(1, total) / MATCH_SECONDS;
  return Number(value) * stepsPerUnit;
}
