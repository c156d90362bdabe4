// Hunter: every child makes snowballs and throws them at the nearest enemy it can see.
// A throw aims twice as far as the target, so the snowball is still high when it passes it.

function parse(input) {
  const lines = input.split('\n');
  const field = lines.slice(2, 33).map((row) => row.split(' '));
  const child = (line) => {
    if (!line || line === '*') return null;
    const [x, y, stance, holding, dazed] = line.split(' ');
    return { x: +x, y: +y, standing: stance === 'S', holding, dazed: +dazed };
  };
  return {
    field,
    mine: lines.slice(33, 37).map(child),
    enemies: lines.slice(37, 41).map(child).filter(Boolean),
  };
}

function snowAt(field, x, y) {
  if (x < 0 || y < 0 || x > 30 || y > 30) return -1;
  const cell = field[x][y];
  if (cell === '**' || cell[1] === 'b') return -1;
  return parseInt(cell, 10);
}

const smalls = (h) => (h === 'e' ? 1 : h === 'f' ? 2 : h === 'g' ? 3 : 0);

function decide(view, c, k) {
  if (c.dazed > 0) return 'idle';
  let target = null;
  let best = Infinity;
  for (const e of view.enemies) {
    const d = (e.x - c.x) ** 2 + (e.y - c.y) ** 2;
    if (d < best) {
      best = d;
      target = e;
    }
  }
  if (smalls(c.holding) > 0) {
    if (!c.standing) return 'stand';
    if (target && best <= 144) return `throw ${c.x + 2 * (target.x - c.x)} ${c.y + 2 * (target.y - c.y)}`;
    const goal = target ?? { x: 28, y: 28 }; // the enemy starts in the far corner
    const dx = Math.sign(goal.x - c.x);
    const dy = Math.sign(goal.y - c.y);
    return dx || dy ? `run ${c.x + dx} ${c.y + dy}` : 'idle';
  }
  if ('bcd'.includes(c.holding)) return 'crush';
  if (c.holding !== 'a') return `drop ${c.x > 0 ? c.x - 1 : 1} ${c.y}`;
  if (c.standing) return 'crouch';
  return pickupSnow(view, c, k);
}

function pickupSnow(view, c, k) {
  const around = [[1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [1, -1], [-1, -1]];
  const taken = (x, y) => [...view.mine, ...view.enemies].some((o) => o && o.x === x && o.y === y);
  for (let i = 0; i < 8; i++) {
    const [dx, dy] = around[(i + k) % 8];
    const x = c.x + dx;
    const y = c.y + dy;
    if (snowAt(view.field, x, y) > 0 && !taken(x, y)) return `pickup ${x} ${y}`;
  }
  return 'stand';
}

export default function act(input) {
  const view = parse(input);
  return view.mine.map((c, k) => decide(view, c, k)).join('\n') + '\n';
}
