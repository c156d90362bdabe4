import { Ground, Holding, SIZE, domainOwners, roundAway, type IcyState } from '../index.js';
import type { EncodedTurn } from '../replay.js';

/** Canvas drawing of one moment of a match: the field, the children, snowballs in flight. */

export const TEAM = ['#d9362b', '#2563c9'] as const;
/** A domain's tint, laid over the snow. */
export const DOMAIN_ALPHA = 0.16;
const TEAM_SOFT = TEAM.map((hex) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r},${g},${b},${DOMAIN_ALPHA})`;
});
export const TREE_GROUND = '#5c7a4b';
export const BARE_GROUND = '#a89a84';
export const DAZED = '#f2b705';
export const OUTCOME = '#f25f05';
export const POWDER = '#dbe7f3';

export interface Frame {
  /** The state at the start of the turn being shown. */
  readonly from: IcyState;
  /** The state at its end (equal to `from` at the last turn). */
  readonly to: IcyState;
  /** What happened during the turn, or null at the end of the match. */
  readonly turn: EncodedTurn | null;
  /** How far through the turn: 0 shows `from`, 1 shows `to`. */
  readonly progress: number;
  /** Whose view is shown (0 red, 1 blue), or null for everything. */
  readonly viewer: number | null;
  /** With a viewer: 1 for each space that player could not see. */
  readonly hidden: Uint8Array | null;
}

/** Pixel size of one space on a canvas `width` pixels wide. */
export const cellSize = (width: number) => width / SIZE;

export function drawFrame(ctx: CanvasRenderingContext2D, width: number, f: Frame): void {
  const s = cellSize(width);
  const state = f.progress < 1 ? f.from : f.to;
  const owners = domainOwners(state.ground);
  ctx.clearRect(0, 0, width, width);
  for (let x = 0; x < SIZE; x++) {
    for (let y = 0; y < SIZE; y++) {
      const i = x * SIZE + y;
      const px = x * s;
      const py = (SIZE - 1 - y) * s;
      ctx.fillStyle = snowColor(state.height[i]!, state.ground[i] === Ground.TREE);
      ctx.fillRect(px, py, s, s);
      const owner = owners[i]!;
      if (owner >= 0) {
        ctx.fillStyle = TEAM_SOFT[owner]!;
        ctx.fillRect(px, py, s, s);
      }
      drawContents(ctx, state.ground[i]!, px, py, s);
    }
  }
  ctx.strokeStyle = 'rgba(60,70,90,0.08)';
  ctx.lineWidth = 1;
  for (let k = 0; k <= SIZE; k++) {
    ctx.beginPath();
    ctx.moveTo(k * s, 0);
    ctx.lineTo(k * s, width);
    ctx.moveTo(0, k * s);
    ctx.lineTo(width, k * s);
    ctx.stroke();
  }
  drawChildren(ctx, s, f);
  if (f.turn?.t && f.progress > 0 && f.progress < 1) drawFlights(ctx, s, f);
  if (f.hidden) {
    ctx.fillStyle = 'rgba(10,16,28,0.55)';
    for (let i = 0; i < SIZE * SIZE; i++) {
      if (f.hidden[i]) ctx.fillRect(Math.floor(i / SIZE) * s, (SIZE - 1 - (i % SIZE)) * s, s, s);
    }
  }
}

export function snowColor(height: number, tree: boolean): string {
  if (tree) return TREE_GROUND;
  if (height === 0) return BARE_GROUND;
  const shade = Math.min(height, 9);
  // More snow, brighter; 6 and more (impassable) turns blue-grey.
  if (shade >= 6) return `hsl(210, 22%, ${86 - (shade - 6) * 4}%)`;
  return `hsl(205, 30%, ${78 + shade * 4}%)`;
}

function ball(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number, fill = '#ffffff'): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = '#7b8799';
  ctx.lineWidth = Math.max(1, r / 6);
  ctx.stroke();
}

/** Snowballs, stacks and snowmen, drawn as balls bottom to top. */
function drawContents(ctx: CanvasRenderingContext2D, g: number, px: number, py: number, s: number): void {
  if (g === Ground.EMPTY) return;
  if (g === Ground.TREE) {
    ctx.fillStyle = '#2f5d2a';
    ctx.beginPath();
    ctx.moveTo(px + s / 2, py + s * 0.08);
    ctx.lineTo(px + s * 0.88, py + s * 0.8);
    ctx.lineTo(px + s * 0.12, py + s * 0.8);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#6b4a2b';
    ctx.fillRect(px + s * 0.44, py + s * 0.8, s * 0.12, s * 0.16);
    return;
  }
  const sizes: Record<number, number[]> = {
    [Ground.SMALL]: [1],
    [Ground.MEDIUM]: [2],
    [Ground.SMALL_ON_MEDIUM]: [2, 1],
    [Ground.LARGE]: [3],
    [Ground.MEDIUM_ON_LARGE]: [3, 2],
    [Ground.SMALL_ON_LARGE]: [3, 1],
    [Ground.RED_SNOWMAN]: [3, 2, 1],
    [Ground.BLUE_SNOWMAN]: [3, 2, 1],
  };
  const stack = sizes[g] ?? [];
  // A snowman's head wears its owner's color, and its space is outlined in it.
  const head = g === Ground.RED_SNOWMAN ? TEAM[0] : g === Ground.BLUE_SNOWMAN ? TEAM[1] : '#ffffff';
  if (head !== '#ffffff') {
    ctx.strokeStyle = head;
    ctx.lineWidth = Math.max(2, s / 10);
    ctx.strokeRect(px + 1, py + 1, s - 2, s - 2);
  }
  let y = py + s * 0.92;
  stack.forEach((size, k) => {
    const r = s * (0.1 + size * 0.07);
    y -= r;
    ball(ctx, px + s / 2, y, r, k === 2 ? head : '#ffffff');
    y -= r * 0.7;
  });
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

function drawChildren(ctx: CanvasRenderingContext2D, s: number, f: Frame): void {
  const t = Math.min(1, Math.max(0, f.progress));
  f.to.children.forEach((end, c) => {
    const start = f.from.children[c]!;
    const team = c < 4 ? 0 : 1;
    const x = lerp(start.x, end.x, t);
    const y = lerp(start.y, end.y, t);
    if (f.hidden && f.viewer !== team && f.hidden[Math.round(x) * SIZE + Math.round(y)]) return;
    const now = t < 1 ? start : end;
    const cx = (x + 0.5) * s;
    const cy = (SIZE - 1 - y + 0.5) * s;
    const r = s * (now.standing ? 0.42 : 0.3);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = TEAM[team];
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, s / 12);
    ctx.strokeStyle = now.standing ? '#ffffff' : '#1d2330';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.font = `bold ${Math.round(s * 0.42)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(c % 4), cx, cy + 1);
    drawHolding(ctx, now.holding, cx + r * 0.85, cy - r * 0.85, s);
    if (now.dazed > 1) {
      ctx.fillStyle = DAZED;
      ctx.font = `bold ${Math.round(s * 0.5)}px system-ui, sans-serif`;
      ctx.fillText('?', cx - r, cy - r);
    }
    const outcome = f.turn?.o[c] ?? '';
    if (outcome !== '' && outcome !== 'dazed' && t > 0) {
      ctx.fillStyle = OUTCOME;
      ctx.font = `bold ${Math.round(s * 0.5)}px system-ui, sans-serif`;
      ctx.fillText('!', cx + r, cy + r * 0.6);
    }
  });
}

function drawHolding(ctx: CanvasRenderingContext2D, h: number, x: number, y: number, s: number): void {
  if (h === Holding.EMPTY) return;
  if (h <= Holding.POWDER_3) {
    for (let k = 0; k < h; k++) {
      ctx.fillStyle = POWDER;
      ctx.fillRect(x - s * 0.12 + k * s * 0.09, y - s * 0.05, s * 0.07, s * 0.07);
    }
    return;
  }
  const count = h <= Holding.SMALL_3 ? h - Holding.SMALL_1 + 1 : 1;
  const r = s * (h === Holding.LARGE ? 0.17 : h === Holding.MEDIUM ? 0.13 : 0.09);
  for (let k = 0; k < count; k++) ball(ctx, x + k * r * 1.6 - (count - 1) * r * 0.8, y, r);
}

/** Snowballs in flight: each moves along its path, stepping at the times k/n of the turn. */
function drawFlights(ctx: CanvasRenderingContext2D, s: number, f: Frame): void {
  for (const [thrower, steps, end] of f.turn!.t!) {
    const from = f.from.children[thrower]!;
    const [, tx, ty] = f.turn!.a[thrower]!.split(' ').map(Number);
    if (tx === undefined || ty === undefined) continue;
    const dx = tx - from.x;
    const dy = ty - from.y;
    const n = Math.max(Math.abs(dx), Math.abs(dy));
    const k = Math.min(steps, Math.floor(f.progress * n));
    ctx.setLineDash([s * 0.15, s * 0.15]);
    ctx.strokeStyle = 'rgba(29,35,48,0.35)';
    ctx.beginPath();
    ctx.moveTo((from.x + 0.5) * s, (SIZE - 1 - from.y + 0.5) * s);
    for (let t = 1; t <= steps; t++) {
      ctx.lineTo((from.x + roundAway(t * dx, n) + 0.5) * s, (SIZE - 1 - (from.y + roundAway(t * dy, n)) + 0.5) * s);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    if (k >= steps && f.progress * n >= steps) {
      if (end === 'child' || end === 'snowman_head') {
        const ex = from.x + roundAway(steps * dx, n);
        const ey = from.y + roundAway(steps * dy, n);
        ctx.fillStyle = 'rgba(242,95,5,0.8)';
        ctx.beginPath();
        ctx.arc((ex + 0.5) * s, (SIZE - 1 - ey + 0.5) * s, s * 0.5, 0, Math.PI * 2);
        ctx.fill();
      }
      continue;
    }
    const bx = from.x + roundAway(k * dx, n);
    const by = from.y + roundAway(k * dy, n);
    ball(ctx, (bx + 0.5) * s, (SIZE - 1 - by + 0.5) * s, s * 0.16, '#ffffff');
  }
}
