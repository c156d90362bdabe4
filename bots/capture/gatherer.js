// Capture (ICPC Challenge 2009): captures grey pucks on purpose. The sled
// heads for a point just to the right of the nearest grey puck, then turns
// hard left for a full circle, so the loop it closes holds that puck.
// Bumpers stay still.
const RADIUS = 32;
let circling = 0;

function read(input) {
  const lines = input.split('\n');
  const n = Number(lines[1]);
  const pucks = lines.slice(2, 2 + n).map((l) => l.split(' ').map(Number));
  const sled = lines[2 + n + 1 + 4 + 1].split(' ').map(Number);
  return { pucks, sled: { x: sled[0], y: sled[1], dir: sled[2] } };
}

/** The shortest way from a to b on the wrapping field. */
const delta = (a, b) => ((((b - a) % 800) + 1200) % 800) - 400;

export default function act(input) {
  const { pucks, sled } = read(input);
  if (circling > 0) {
    circling--;
    return '0 0 0 0 0.5';
  }
  let best = null;
  for (const [x, y, , , color] of pucks) {
    if (color !== 2) continue;
    const d = Math.hypot(delta(sled.x, x), delta(sled.y, y));
    if (d > 2 * RADIUS && (!best || d < best.d)) best = { x, y, d };
  }
  if (!best) return '0 0 0 0 0';
  // Aim at the point RADIUS to the right of the puck, seen along the way there.
  const dx = delta(sled.x, best.x);
  const dy = delta(sled.y, best.y);
  const aimX = dx + (dy / best.d) * RADIUS;
  const aimY = dy - (dx / best.d) * RADIUS;
  const want = Math.atan2(aimY, aimX);
  let turn = want - sled.dir;
  turn -= Math.round(turn / (2 * Math.PI)) * 2 * Math.PI;
  if (Math.hypot(aimX, aimY) < 20 && Math.abs(turn) < 0.6) circling = 13;
  return `0 0 0 0 ${Math.max(-0.5, Math.min(0.5, turn))}`;
}
