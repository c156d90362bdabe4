// A first block-drop bot: attack a player in line with us, else walk on stable blocks.
type Dir = 'U' | 'R' | 'D' | 'L';
const STEP: Record<Dir, [number, number]> = { U: [-1, 0], R: [0, 1], D: [1, 0], L: [0, -1] };
const block = (square: number): number => Math.floor(square / 3);

export default function act(input: string): string {
  if (input.trim() === '') return 'READY'; // the first call: say we are ready
  const lines = input.trim().split('\n');
  const id = Number(lines[0]);
  const timers = lines.slice(2, 8).map((line) => line.split(' ').map(Number));
  // Each player's line: column, row, direction, wait (column first).
  const players = lines.slice(8, 12).map((line) => line.split(' '));
  const [col, row, wait] = [Number(players[id]![0]), Number(players[id]![1]), Number(players[id]![3])];
  const dir = players[id]![2] as Dir;
  if (wait > 0) return 'N'; // still resting after an attack
  const stable = (r: number, c: number) => r >= 0 && c >= 0 && r < 18 && c < 18 && timers[block(r)]![block(c)] === 0;
  for (const [c, r] of players.filter((p, k) => k !== id && p[0] !== '-1').map((p) => p.map(Number))) {
    let toward: Dir | null = null;
    if (block(r!) === block(row) && block(c!) !== block(col)) toward = c! > col ? 'R' : 'L';
    if (block(c!) === block(col) && block(r!) !== block(row)) toward = r! > row ? 'D' : 'U';
    if (toward && stable(row, col)) return toward === dir ? 'A' : toward; // face it, then attack
  }
  for (const d of [dir, 'U', 'R', 'D', 'L'] as Dir[]) {
    if (stable(row + STEP[d][0], col + STEP[d][1])) return d; // keep going while the way is safe
  }
  return 'N';
}
