// A first Capture bot: the sled drives in circles, closing a loop every lap, and each
// bumper heads for the nearest grey puck. Colors: 0 yours, 1 the opponent's, 2 grey.
export default function act(state: string): string {
  const lines = state.split('\n');
  const n = Number(lines[1]); // the puck count; then "x y vx vy color" per puck
  const pucks = lines.slice(2, 2 + n).map((line) => line.split(' ').map(Number));
  // After the pucks: the bumper count (4), then "x y vx vy" per bumper, your two first.
  const bumpers = lines.slice(3 + n, 5 + n).map((line) => line.split(' ').map(Number));
  const move: number[] = [];
  for (const [bx = 0, by = 0, vx = 0, vy = 0] of bumpers) {
    let goal = [400, 400];
    let best = Infinity;
    for (const [px = 0, py = 0, , , color] of pucks) {
      const d = (px - bx) ** 2 + (py - by) ** 2;
      if (color === 2 && d < best) [best, goal] = [d, [px, py]];
    }
    // Accelerate toward the goal, braking by half the speed (the engine caps it at 8).
    move.push((goal[0]! - bx) / 10 - vx / 2, (goal[1]! - by) / 10 - vy / 2);
  }
  move.push(0.2); // the sled turns left 0.2 rad a turn: a lap is 32 turns, short enough to close
  return `${move.map((v) => v.toFixed(3)).join(' ')}\n`;
}
