import type { AntsState, World } from '../index.js';

export const ROCK = '#5b6472';
export const CLEAR = '#f7f5ef';
export const HILL = ['#f6c9c5', '#c9ccd3'] as const;
export const ANT = ['#c62828', '#1d2330'] as const;
export const MARK = ['#e57373', '#8d939e'] as const;
export const FOOD_CARRIED = '#e0a800';
/** Food on a cell: the more, the darker (up to 6 pieces and more). */
export const foodColor = (f: number) => `rgba(46, 125, 50, ${Math.min(1, 0.25 + f / 8)})`;

/** The world's drawing is at most this wide (it scales down with the page). */
const WORLD_PX = 800;

/** The hex world, odd rows shifted half a cell right as in the world files; the canvas is cut to fit it. */
export function drawWorld(canvas: HTMLCanvasElement, world: World, state: AntsState | null): void {
  const ctx = canvas.getContext('2d')!;
  const cell = Math.max(2, Math.floor(WORLD_PX / (world.width + 0.5)));
  const rowHeight = cell * 0.87;
  const fitWidth = Math.ceil((world.width + 0.5) * cell);
  const fit = Math.ceil(world.height * rowHeight + 1);
  if (canvas.width !== fitWidth) canvas.width = fitWidth;
  if (canvas.height !== fit) canvas.height = fit;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const food = state ? state.food : world.food;
  for (let y = 0; y < world.height; y++) {
    for (let x = 0; x < world.width; x++) {
      const i = y * world.width + x;
      const left = x * cell + (y % 2 === 1 ? cell / 2 : 0);
      const top = y * rowHeight;
      ctx.fillStyle = world.rock[i] ? ROCK : world.hill[i] ? HILL[world.hill[i]! - 1]! : CLEAR;
      ctx.fillRect(left, top, cell, rowHeight + 1);
      const f = food[i]!;
      if (f > 0 && !world.rock[i]) {
        ctx.fillStyle = foodColor(f);
        ctx.fillRect(left + 1, top + 1, cell - 2, rowHeight - 1);
      }
      if (!state) continue;
      for (let c = 0; c < 2; c++) {
        if (state.markers[c]![i]) {
          ctx.strokeStyle = MARK[c]!;
          ctx.lineWidth = Math.max(1, cell / 8);
          ctx.strokeRect(left + (c ? cell / 2 : 0) + 0.5, top + 0.5, cell / 2 - 1, rowHeight - 1);
        }
      }
      const ant = state.antAt[i]!;
      if (ant >= 0) {
        ctx.fillStyle = ANT[state.antColor[ant]!]!;
        ctx.beginPath();
        ctx.arc(left + cell / 2, top + rowHeight / 2, cell * 0.42, 0, Math.PI * 2);
        ctx.fill();
        if (state.antFood[ant]) {
          ctx.fillStyle = FOOD_CARRIED;
          ctx.beginPath();
          ctx.arc(left + cell / 2, top + rowHeight / 2, cell * 0.2, 0, Math.PI * 2);
          ctx.fill();
        }
      }
    }
  }
}

/**
 * Food on each anthill over the match up to round `until` (the round shown,
 * so that the chart tells no more than the field; the last one once the
 * result may show), with a line at the round shown.
 */
export function drawChart(
  canvas: HTMLCanvasElement,
  allFood: readonly (readonly [number, number, number])[],
  rounds: number,
  round: number,
  until: number,
): void {
  const ctx = canvas.getContext('2d')!;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  const food = until >= rounds ? allFood : allFood.filter(([r]) => r <= until);
  const max = Math.max(1, ...food.map(([, r, b]) => Math.max(r, b)));
  const x = (r: number) => (rounds > 0 ? (r / rounds) * (width - 2) + 1 : 1);
  const y = (v: number) => height - 4 - (v / max) * (height - 8);
  for (const side of [1, 2] as const) {
    ctx.strokeStyle = ANT[side - 1]!;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    food.forEach((point, k) => {
      const px = x(point[0]);
      if (k === 0) ctx.moveTo(px, y(point[side]));
      else {
        ctx.lineTo(px, y(food[k - 1]![side]));
        ctx.lineTo(px, y(point[side]));
      }
    });
    const lastPoint = food[food.length - 1];
    if (lastPoint) ctx.lineTo(x(Math.min(until, rounds)), y(lastPoint[side]));
    ctx.stroke();
  }
  ctx.strokeStyle = '#1d4fa8';
  ctx.beginPath();
  ctx.moveTo(x(round), 0);
  ctx.lineTo(x(round), height);
  ctx.stroke();
}
