import {
  BUMPER_RADIUS,
  FIELD,
  HALF,
  PUCK_RADIUS,
  wrappedTrail,
  type CaptureState,
  type Point,
  type Sled,
} from '../index.js';

/** Red, blue, grey: puck colors; the first two are also the teams'. */
export const COLORS = ['#d8342c', '#1f63d1', '#9aa1aa'];
export const FIELD_BG = '#f8f6ef';
const GRID = '#e8e4d8';
export const HALO = 'rgba(255, 196, 0, 0.75)';
/** The alpha of a closing loop's fill. */
export const LOOP_ALPHA = 0.16;
/** Farther than this between two turns is a wrap or a jump, not motion worth drawing in between. */
const JUMP = 100;

/** A capture of the turn shown: the loop is in the sled owner's frame, unwrapped. */
export interface Capture {
  readonly seat: number;
  readonly at: number;
  readonly pucks: readonly number[];
  readonly to: number | null;
  readonly loop: readonly Point[] | null;
}

/** The state of a turn, `frac` of the way to the next one (0 when paused). */
export interface Scene {
  readonly state: CaptureState;
  readonly next: CaptureState | null;
  readonly frac: number;
  readonly captures: readonly Capture[];
}

const wrap = (v: number) => ((v % FIELD) + FIELD) % FIELD;
/** A point of a sled's frame in field coordinates (unwrapped): blue's frame is rotated 180 degrees. */
const toField = (seat: number, p: Point): Point =>
  seat === 0 ? { x: HALF + p.x, y: HALF + p.y } : { x: HALF - p.x, y: HALF - p.y };

function lerp(a: Point, b: Point | null | undefined, frac: number): Point {
  if (!b || frac <= 0 || Math.abs(b.x - a.x) > JUMP || Math.abs(b.y - a.y) > JUMP) return a;
  return { x: a.x + (b.x - a.x) * frac, y: a.y + (b.y - a.y) * frac };
}

export function drawField(canvas: HTMLCanvasElement, scene: Scene): void {
  const ctx = canvas.getContext('2d')!;
  const k = canvas.width / FIELD;
  // Field units, y up, origin at the field's bottom-left corner.
  ctx.setTransform(k, 0, 0, -k, 0, canvas.height);
  ctx.fillStyle = FIELD_BG;
  ctx.fillRect(0, 0, FIELD, FIELD);
  ctx.strokeStyle = GRID;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let v = 100; v < FIELD; v += 100) {
    ctx.moveTo(v, 0);
    ctx.lineTo(v, FIELD);
    ctx.moveTo(0, v);
    ctx.lineTo(FIELD, v);
  }
  ctx.stroke();

  const { state, next, frac, captures } = scene;
  for (const c of captures) if (c.loop) drawLoop(ctx, c);
  const sleds = state.sleds.map((sled, seat) =>
    sledAt(
      sled,
      next?.sleds[seat],
      frac,
      captures.find((c) => c.seat === seat),
    ),
  );
  sleds.forEach((s, seat) =>
    drawTrail(
      ctx,
      s.trail.map((p) => toField(seat, p)),
      COLORS[seat]!,
    ),
  );

  const capturedAt = new Map<number, number>();
  for (const c of captures) for (const p of c.pucks) capturedAt.set(p, Math.min(c.at, capturedAt.get(p) ?? 1));
  state.pucks.forEach((p, i) => {
    const at = lerp(
      { x: HALF + p.x, y: HALF + p.y },
      next && { x: HALF + next.pucks[i]!.x, y: HALF + next.pucks[i]!.y },
      frac,
    );
    if (capturedAt.has(i)) disc(ctx, at, PUCK_RADIUS + 6, HALO);
    // A captured puck takes its new color once the loop has closed.
    const color = next && frac > 0 && frac >= (capturedAt.get(i) ?? 1) ? next.pucks[i]!.color : p.color;
    disc(ctx, at, PUCK_RADIUS, COLORS[color]!);
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
    ctx.lineWidth = 1;
    ctx.stroke();
  });
  state.bumpers.forEach((b, i) => {
    const n = next?.bumpers[i];
    const at = lerp({ x: HALF + b.x, y: HALF + b.y }, n && { x: HALF + n.x, y: HALF + n.y }, frac);
    disc(ctx, at, BUMPER_RADIUS, '#fff');
    ctx.strokeStyle = COLORS[i < 2 ? 0 : 1]!;
    ctx.lineWidth = 3.5;
    ctx.stroke();
  });
  sleds.forEach((s, seat) => drawSled(ctx, toField(seat, s.at), s.dir + (seat === 0 ? 0 : Math.PI), COLORS[seat]!));
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/**
 * A sled part way through its move: straight from one position to the next
 * (unwrapped, so wrapping the field needs no care), with the trail cut where
 * the turn's loop closed once the sled is past that point.
 */
function sledAt(
  sled: Sled,
  next: Sled | undefined,
  frac: number,
  capture: Capture | undefined,
): { at: Point; dir: number; trail: Point[] } {
  if (!next || frac <= 0) return { at: sled, dir: sled.dir, trail: [...sled.trail] };
  const at = lerp(sled, next, frac);
  const loop = capture?.loop;
  const trail = loop && frac >= capture.at ? [loop[0]!, at] : [...sled.trail, at];
  return { at, dir: next.dir, trail };
}

function disc(ctx: CanvasRenderingContext2D, p: Point, r: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(wrap(p.x), wrap(p.y), r, 0, Math.PI * 2);
  ctx.fill();
}

/** The trail as the players see it, one polyline per stretch between wraps. */
function drawTrail(ctx: CanvasRenderingContext2D, trail: readonly Point[], color: string): void {
  const points = wrappedTrail(trail);
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.8;
  ctx.lineWidth = 2.5;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  points.forEach((p, i) => {
    const prev = points[i - 1];
    // wrappedTrail marks a wrap by an edge point then the opposite edge: no line between them.
    const jump = !prev || Math.abs(p.x - prev.x) >= FIELD / 2 || Math.abs(p.y - prev.y) >= FIELD / 2;
    if (jump) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** A closing loop, filled: drawn at each whole-field offset so the parts that wrap show too. */
function drawLoop(ctx: CanvasRenderingContext2D, capture: Capture): void {
  const points = capture.loop!.map((p) => toField(capture.seat, p));
  const cx = Math.floor(points[0]!.x / FIELD) * FIELD;
  const cy = Math.floor(points[0]!.y / FIELD) * FIELD;
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, FIELD, FIELD);
  ctx.clip();
  ctx.fillStyle = COLORS[capture.seat]!;
  ctx.globalAlpha = LOOP_ALPHA;
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      ctx.beginPath();
      points.forEach((p, i) =>
        (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, p.x - cx + dx * FIELD, p.y - cy + dy * FIELD),
      );
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.restore();
}

/** A triangle pointing along `dir` (radians, counter-clockwise from +x); astride an edge, both halves show. */
function drawSled(ctx: CanvasRenderingContext2D, p: Point, dir: number, color: string): void {
  const c = Math.cos(dir);
  const s = Math.sin(dir);
  ctx.beginPath();
  for (const x of [wrap(p.x) - FIELD, wrap(p.x), wrap(p.x) + FIELD]) {
    for (const y of [wrap(p.y) - FIELD, wrap(p.y), wrap(p.y) + FIELD]) {
      const corner = (along: number, across: number): [number, number] => [
        x + along * c - across * s,
        y + along * s + across * c,
      ];
      ctx.moveTo(...corner(13, 0));
      ctx.lineTo(...corner(-8, 8));
      ctx.lineTo(...corner(-4, 0));
      ctx.lineTo(...corner(-8, -8));
      ctx.closePath();
    }
  }
  ctx.fillStyle = color;
  ctx.fill();
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}
