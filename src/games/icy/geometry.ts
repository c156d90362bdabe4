/**
 * Linear path interpolation of section 4.2. Rounding is away from zero at
 * halves, so a path and its 180-degree rotation are mirror images.
 */
export function roundAway(numerator: number, denominator: number): number {
  // Exact in integers: the halves that Java's Math.round would send upwards
  // are decided on the magnitude, then the sign is restored.
  const negative = numerator < 0 !== denominator < 0;
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor((2 * n + d) / (2 * d));
  return negative ? -q : q;
}

/** Number of single-space steps of a move from (x1, y1) to (x2, y2). */
export function stepCount(dx: number, dy: number): number {
  return Math.max(Math.abs(dx), Math.abs(dy));
}

/** Offset from the start after step `t` of `n` along (dx, dy). */
export function stepOffset(t: number, n: number, delta: number): number {
  return roundAway(t * delta, n);
}
