// Capture (ICPC Challenge 2009): captures grey pucks on purpose. A loop holding
// grey pucks and one of our own turns them all ours, so the sled picks the
// grey puck closest to one of ours, heads for a point beside the pair, and
// then circles around both. Bumpers stay still.
const RADIUS = 55;
const RATE = 15 / RADIUS;
const LAP = Math.ceil((2 * Math.PI) / RATE) + 1;
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

/** The middle of the closest (own puck, grey puck) pair, nearest the sled first. */
function target(pucks, sled) {
  let best = null;
  for (const [ox, oy, , , own] of pucks) {
    if (own !== 0) continue;
    for (const [gx, gy, , , grey] of pucks) {
      if (grey !== 2 || Math.hypot(delta(ox, gx), delta(oy, gy)) > 75) continue;
      const mx = ox + delta(ox, gx) / 2;
      const my = oy + delta(oy, gy) / 2;
      const d = Math.hypot(delta(sled.x, mx), delta(sled.y, my));
      if (d > RADIUS - 10 && (!best || d < best.d)) best = { x: mx, y: my, d };
    }
  }
  return best;
}

const angle = (a) => a - Math.round(a / (2 * Math.PI)) * 2 * Math.PI;

export default function act(input) {
  const { pucks, sled } = read(input);
  if (circling > 0) {
    circling--;
    return `0 0 0 0 ${RATE}`;
  }
  const goal = target(pucks, sled);
  if (!goal) return '0 0 0 0 0';
  // Aim at the point RADIUS to the right of the pair's middle, seen along the way there.
  const dx = delta(sled.x, goal.x);
  const dy = delta(sled.y, goal.y);
  const aimX = dx + (dy / goal.d) * RADIUS;
  const aimY = dy - (dx / goal.d) * RADIUS;
  // Circle once the pair's middle is RADIUS away on the left, with the sled heading along the circle.
  const tangent = Math.atan2(-dx, dy);
  if (Math.abs(goal.d - RADIUS) < 10 && Math.abs(angle(tangent - sled.dir)) < 0.35) {
    circling = LAP - 1;
    return `0 0 0 0 ${RATE}`;
  }
  const turn = angle(Math.atan2(aimY, aimX) - sled.dir);
  return `0 0 0 0 ${Math.max(-0.5, Math.min(0.5, turn))}`;
}
