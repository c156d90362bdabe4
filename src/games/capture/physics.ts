// Continuous-time elastic physics for ICPC Challenge 2009 "Capture", on the
// 800 x 800 field measured from its center.
// Deterministic by construction: only + - * / and Math.sqrt/abs/min/max,
// and every loop runs over array indices in a fixed order.

export interface Body {
  x: number;
  y: number;
  vx: number;
  vy: number;
  readonly r: number;
  readonly m: number;
}

/** Walls at -HALF and HALF: positions are measured from the field's center, so a mirrored scene computes exactly mirrored numbers. */
const HALF = 400;

/** Scans for events per call, at most; past that the rest of the turn is moved freely. */
const MAX_EVENTS = 10_000;
// A pair whose relative velocity is within ~1e-12 radians of tangent to the
// line of centres is treated as sliding, not approaching. Without this,
// rounding in the sign of a near-zero dot product can make a touching pair
// "collide" over and over at t = 0.
const GRAZE2 = 1e-24;
const WALL_X = -1;
const WALL_Y = -2;

/** Time until `pos` (moving at `vel`) is `r` from the wall it moves toward, or -1 if not within `limit`. */
function wallTime(pos: number, vel: number, r: number, limit: number): number {
  // Written so that a mirrored body (-pos, -vel) computes bit for bit the same gap.
  const reach = HALF - r;
  let gap: number;
  if (vel < 0) gap = pos + reach;
  else if (vel > 0) gap = reach - pos;
  else return -1;
  if (gap <= 0) return 0;
  const t = gap / Math.abs(vel);
  return t <= limit ? t : -1;
}

/** Earliest contact time of an approaching pair, or -1 if not within `limit`. */
function pairTime(a: Body, b: Body, limit: number): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const wx = b.vx - a.vx;
  const wy = b.vy - a.vy;
  const dw = dx * wx + dy * wy;
  if (dw >= 0) return -1;
  const dd = dx * dx + dy * dy;
  const ww = wx * wx + wy * wy;
  if (dw * dw <= GRAZE2 * dd * ww) return -1;
  const sum = a.r + b.r;
  const c = dd - sum * sum;
  if (c <= 0) return 0; // touching or overlapping by rounding, and approaching
  const disc = dw * dw - ww * c;
  if (disc < 0) return -1;
  // Smaller root of ww t^2 + 2 dw t + c = 0, written as c / (larger-root
  // numerator) so that nothing cancels (dw < 0).
  const t = c / (-dw + Math.sqrt(disc));
  return t <= limit ? t : -1;
}

function towardWall(pos: number, vel: number): boolean {
  return (vel > 0 && pos > 0) || (vel < 0 && pos < 0);
}

function moveAll(bodies: Body[], t: number): void {
  if (t <= 0) return;
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i]!;
    b.x += b.vx * t;
    b.y += b.vy * t;
  }
}

/** Elastic impulse along the line of centres (unnormalised, so no sqrt is needed). */
function collide(a: Body, b: Body): void {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const k = (dx * (b.vx - a.vx) + dy * (b.vy - a.vy)) / (dx * dx + dy * dy);
  const total = a.m + b.m;
  const ka = ((2 * b.m) / total) * k;
  const kb = ((2 * a.m) / total) * k;
  a.vx += ka * dx;
  a.vy += ka * dy;
  b.vx -= kb * dx;
  b.vy -= kb * dy;
}

function clampInto(b: Body): void {
  const hi = HALF - b.r;
  b.x = Math.min(hi, Math.max(-hi, b.x));
  b.y = Math.min(hi, Math.max(-hi, b.y));
}

/**
 * Moves every body for `duration` with continuous elastic collisions between
 * all pairs and against the four walls. Returns the number of collisions
 * (body-body and body-wall) resolved.
 *
 * All events at the earliest instant are resolved together, one after the
 * other (one that no longer approaches by its turn is skipped); everything is
 * then recomputed. Taking simultaneous events together keeps a mirrored scene
 * exactly mirrored: neither half moves a little before the other collides.
 *
 * `mirror` pairs each body with its mirror image (`mirror[i]` is the index of
 * i's image; by default every body is its own). The events of one instant are
 * resolved in scan order (for i = 0..n-1: i's x wall, i's y wall, then pairs
 * (i, j) for j > i), except that an event and its mirror image both take the
 * place of whichever of them the scan meets first. Two events that share a
 * body are then met in the same order on both halves of a mirrored scene, so
 * a body hit twice at one instant (say by its mirror image and by a third
 * body) is hit in the mirrored order by the mirrored bodies. Events without a
 * shared body commute, so their order does not matter. Without `mirror` the
 * order is the plain scan order.
 */
export function advance(bodies: Body[], duration: number, mirror?: readonly number[]): number {
  const n = bodies.length;
  let remaining = duration;
  let events = 0;
  let scans = 0;
  const found: number[] = [];
  while (remaining > 0) {
    let best = remaining;
    found.length = 0;
    const consider = (t: number, i: number, j: number) => {
      if (t < 0) return;
      if (found.length === 0 || t < best) {
        best = t;
        found.length = 0;
      }
      found.push(i, j);
    };
    if (scans++ < MAX_EVENTS) {
      for (let i = 0; i < n; i++) {
        const a = bodies[i]!;
        consider(wallTime(a.x, a.vx, a.r, best), i, WALL_X);
        consider(wallTime(a.y, a.vy, a.r, best), i, WALL_Y);
        for (let j = i + 1; j < n; j++) consider(pairTime(a, bodies[j]!, best), i, j);
      }
    }
    if (found.length === 0) {
      moveAll(bodies, remaining);
      break;
    }
    moveAll(bodies, best);
    remaining -= best;
    if (mirror && found.length > 2) mirrorOrder(found, n, mirror);
    for (let e = 0; e < found.length; e += 2) {
      const a = bodies[found[e]!]!;
      const j = found[e + 1]!;
      // An earlier event of this instant may have turned this one around already.
      if (j === WALL_X) {
        if (!towardWall(a.x, a.vx)) continue;
        a.vx = -a.vx;
      } else if (j === WALL_Y) {
        if (!towardWall(a.y, a.vy)) continue;
        a.vy = -a.vy;
      } else {
        const b = bodies[j]!;
        if ((b.x - a.x) * (b.vx - a.vx) + (b.y - a.y) * (b.vy - a.vy) >= 0) continue;
        collide(a, b);
      }
      events++;
    }
  }
  for (let i = 0; i < n; i++) clampInto(bodies[i]!);
  return events;
}

/** Where the scan meets event (i, j): i's walls first, then its pairs with later bodies. */
function scanKey(i: number, j: number, n: number): number {
  if (j === WALL_X) return i * (n + 2);
  if (j === WALL_Y) return i * (n + 2) + 1;
  return Math.min(i, j) * (n + 2) + Math.max(i, j) + 2;
}

/** Reorders `found` (pairs i, j) so that each event sits where the scan meets it or its mirror image, whichever comes first (stable). */
function mirrorOrder(found: number[], n: number, mirror: readonly number[]): void {
  const ranked: { rank: number; i: number; j: number }[] = [];
  for (let e = 0; e < found.length; e += 2) {
    const i = found[e]!;
    const j = found[e + 1]!;
    const mj = j < 0 ? j : mirror[j]!;
    ranked.push({ rank: Math.min(scanKey(i, j, n), scanKey(mirror[i]!, mj, n)), i, j });
  }
  ranked.sort((p, q) => p.rank - q.rank);
  ranked.forEach((r, k) => {
    found[2 * k] = r.i;
    found[2 * k + 1] = r.j;
  });
}

// Speeds within this of `amount` stop outright, so float drift (a speed of
// 1 + 1e-15 after nine turns of friction) cannot leave a puck creeping.
const STOP_SLACK = 1e-9;

/** Reduces the body's speed by `amount` toward zero, keeping its direction. */
export function applyFriction(body: Body, amount: number): void {
  const speed = Math.sqrt(body.vx * body.vx + body.vy * body.vy);
  if (speed <= amount + STOP_SLACK) {
    body.vx = 0;
    body.vy = 0;
    return;
  }
  const scale = (speed - amount) / speed;
  body.vx *= scale;
  body.vy *= scale;
}
