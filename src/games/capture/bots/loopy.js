// Capture (ICPC Challenge 2009): like the built-in LoopyPlayer, every piece
// drives in circular arcs: the sled turns a little each turn, and each bumper
// accelerates at right angles to its velocity once it is moving.

function bumpers(input) {
  const lines = input.split('\n');
  const pucks = Number(lines[1]);
  return [0, 1].map((k) => lines[3 + pucks + k].split(' ').slice(2, 4).map(Number));
}

export default function act(input) {
  const accel = bumpers(input).map(([vx, vy]) => {
    const speed = Math.sqrt(vx * vx + vy * vy);
    if (speed < 4) return [2, 1];
    return [(-vy / speed) * 2, (vx / speed) * 2];
  });
  return `${accel[0][0]} ${accel[0][1]} ${accel[1][0]} ${accel[1][1]} 0.2`;
}
