import {
  ATTACK_WAIT,
  BLOCK_SQUARES,
  BLOCKS,
  DELTAS,
  FALL_TURNS_PER_BLOCK,
  SQUARES,
  onBoard,
  type BlockDropState,
} from '../index.js';

export const PLAYER_COLORS = ['#1d4fa8', '#2e7d32', '#7b1fa2', '#37474f'];
export const STABLE = '#f7f5ef';
export const DROPPED = '#2b2f38';
/** The ring round the player whose turn it is. */
export const CURRENT = '#f2b705';
const GRID = '#dfdbd0';
const BLOCK_EDGE = '#8d939e';
/** The longest countdown an attack sets: the far side of the board. */
export const LONGEST = (BLOCKS - 1) * FALL_TURNS_PER_BLOCK;

/** Yellow for a long countdown to deep red for the last turn. */
export function warmth(t: number): string {
  const k = Math.min(1, (t - 1) / Math.max(1, LONGEST - 1));
  return `hsl(${Math.round(2 + 48 * k)}, 90%, ${Math.round(48 + 20 * k)}%)`;
}

/** The board before a turn; `current` is the player whose turn it is (ringed). */
export function drawBoard(canvas: HTMLCanvasElement, state: BlockDropState, current: number | null): void {
  const ctx = canvas.getContext('2d')!;
  const cell = Math.floor(canvas.width / SQUARES);
  const side = cell * SQUARES;
  const blockSide = cell * BLOCK_SQUARES;
  if (canvas.height !== canvas.width) canvas.height = canvas.width;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';

  state.blocks.forEach((t, b) => {
    const left = (b % BLOCKS) * blockSide;
    const top = Math.floor(b / BLOCKS) * blockSide;
    ctx.fillStyle = t === 0 ? STABLE : t > 0 ? warmth(t) : DROPPED;
    ctx.fillRect(left, top, blockSide, blockSide);
  });

  ctx.strokeStyle = GRID;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let k = 1; k < SQUARES; k++) {
    if (k % BLOCK_SQUARES === 0) continue;
    ctx.moveTo(k * cell + 0.5, 0);
    ctx.lineTo(k * cell + 0.5, side);
    ctx.moveTo(0, k * cell + 0.5);
    ctx.lineTo(side, k * cell + 0.5);
  }
  ctx.stroke();
  ctx.strokeStyle = BLOCK_EDGE;
  ctx.lineWidth = 2;
  for (let r = 0; r < BLOCKS; r++) {
    for (let c = 0; c < BLOCKS; c++) ctx.strokeRect(c * blockSide + 1, r * blockSide + 1, blockSide - 2, blockSide - 2);
  }

  state.blocks.forEach((t, b) => {
    if (t === 0) return;
    ctx.font = `bold ${Math.round(blockSide * (t > 0 ? 0.42 : 0.3))}px system-ui, sans-serif`;
    ctx.fillStyle = t > 0 ? 'rgba(40, 10, 0, 0.55)' : 'rgba(255, 255, 255, 0.6)';
    ctx.fillText(
      t > 0 ? String(t) : `↻${-t}`,
      ((b % BLOCKS) + 0.5) * blockSide,
      (Math.floor(b / BLOCKS) + 0.5) * blockSide,
    );
  });

  state.players.forEach((p, k) => {
    if (!onBoard(p)) return;
    const x = p.col * cell + cell / 2;
    const y = p.row * cell + cell / 2;
    const radius = cell * 0.36;
    const [dr, dc] = DELTAS[p.dir];
    // The facing marker: a triangle just outside the disc, pointing the player's way.
    ctx.fillStyle = PLAYER_COLORS[k]!;
    ctx.beginPath();
    ctx.moveTo(x + dc * cell * 0.5, y + dr * cell * 0.5);
    ctx.lineTo(x + dc * radius * 0.9 - dr * radius * 0.6, y + dr * radius * 0.9 - dc * radius * 0.6);
    ctx.lineTo(x + dc * radius * 0.9 + dr * radius * 0.6, y + dr * radius * 0.9 + dc * radius * 0.6);
    ctx.closePath();
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.fill();
    if (k === current) {
      ctx.strokeStyle = CURRENT;
      ctx.lineWidth = Math.max(2, cell / 10);
      ctx.beginPath();
      ctx.arc(x, y, radius + ctx.lineWidth, 0, Math.PI * 2);
      ctx.stroke();
    }
    if (p.cooldown > 0) {
      // Sitting out turns after an attack: a white arc, shrinking with each turn sat out (the wait reads 2, then 1).
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
      ctx.lineWidth = Math.max(1.5, cell / 14);
      ctx.beginPath();
      ctx.arc(x, y, radius * 0.78, -Math.PI / 2, -Math.PI / 2 + (Math.PI * 2 * p.cooldown) / (ATTACK_WAIT - 1));
      ctx.stroke();
    }
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.round(radius * 1.1)}px system-ui, sans-serif`;
    ctx.fillText(String(k), x, y + 1);
  });
}
