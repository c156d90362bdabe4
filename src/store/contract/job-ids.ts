import { base64UrlEncode } from '../../core/base64url.js';

export const jobId = (round: string, index: number): string => `${round}.${index}`;

/** The index of a job in its round, from its id; null unless the id is `<round>.<index>`. */
export function jobIndex(id: string, round: string): number | null {
  if (!id.startsWith(`${round}.`)) return null;
  const rest = id.slice(round.length + 1);
  return /^(0|[1-9][0-9]{0,6})$/.test(rest) ? Number(rest) : null;
}

/**
 * The match a job plays, the same on every delivery and after a crash: its id
 * (22 URL-safe characters, like any match id) and its seed, both from SHA-256
 * of the job id. A second delivery finds the match under that id instead of
 * playing another, and its rating (keyed by match id) is applied once; were it
 * played twice at once, both plays would store the same bytes.
 */
export async function jobMatch(id: string): Promise<{ readonly matchId: string; readonly seed: number }> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`umpire leaderboard job ${id}`)),
  );
  return { matchId: base64UrlEncode(digest.subarray(0, 16)), seed: new DataView(digest.buffer).getUint32(16) };
}
