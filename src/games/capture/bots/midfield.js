// Capture (ICPC Challenge 2009): carries its color to the middle of the field
// by laps around a fixed list of circles, each taking in some of its own
// pucks with the grey ones beyond: a loop holding grey pucks and one of its
// own turns them all its own. It moves on to the next circle once a lap has
// closed, and keeps circling the last one. Everything it does depends only on
// what it sees, so two copies of it play mirror-image games; their last
// loops, around the field's middle, close at the same instant around the
// same grey pucks. Bumpers stay still.

// Centers (x, y) and radii in the player's own frame (it starts on the left).
const CIRCLES = [
  [175, 400, 85],
  [325, 400, 85],
  [370, 400, 65],
];

let step = 0;
let trailPoints = 0;

/** The angle a, taken into (-pi, pi]. */
const angle = (a) => a - Math.round(a / (2 * Math.PI)) * 2 * Math.PI;

export default function act(input) {
  const lines = input.split('\n');
  const pucks = Number(lines[1]);
  const at = 2 + pucks + 1 + 4 + 1;
  const [x, y, dir] = lines[at].split(' ').map(Number);
  const points = Number(lines[at + 1].split(' ')[0]);
  // A lap has closed when the trail was cut back to the crossing.
  if (points < trailPoints - 2 && step < CIRCLES.length - 1) step++;
  trailPoints = points;

  // Follow the circle counter-clockwise: along the tangent near it, straight
  // for the center from far away, in between when off by a little.
  const [cx, cy, r] = CIRCLES[step];
  const out = Math.atan2(y - cy, x - cx);
  const off = (Math.hypot(x - cx, y - cy) - r) / r;
  const heading = out + Math.PI / 2 + Math.atan(3 * off);
  const turn = Math.max(-0.5, Math.min(0.5, angle(heading - dir)));
  return `0 0 0 0 ${turn}`;
}
