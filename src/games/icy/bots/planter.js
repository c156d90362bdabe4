// Planter: each child builds snowmen to claim territory. It walks to a spot of its
// own, stacks a large, a medium and a small snowball on the space beside it, then
// moves on. Globals keep each child's plan from turn to turn.

const SPOTS = [
  [6, 10], [10, 6], [4, 16], [16, 4],
  [12, 12], [8, 20], [20, 8], [14, 17],
];
const plans = [0, 1, 2, 3].map((k) => ({ spot: k, stage: 'walk' }));

function parse(input) {
  const lines = input.split('\n');
  const field = lines.slice(2, 33).map((row) => row.split(' '));
  const mine = lines.slice(33, 37).map((line) => {
    const [x, y, stance, holding, dazed] = line.split(' ');
    return { x: +x, y: +y, standing: stance === 'S', holding, dazed: +dazed };
  });
  return { field, mine };
}

const cell = (field, x, y) => (x < 0 || y < 0 || x > 30 || y > 30 ? '**' : field[x][y]);
const height = (c) => (c === '**' || c[1] === 'b' ? -1 : parseInt(c, 10));

/** A neighbour with loose snow to pick up, not the building space. */
function snowSource(field, c, site) {
  for (const [dx, dy] of [[0, 1], [0, -1], [-1, 0], [-1, 1], [-1, -1], [1, 1], [1, -1]]) {
    const x = c.x + dx;
    const y = c.y + dy;
    if ((x !== site[0] || y !== site[1]) && height(cell(field, x, y)) > 0 && cell(field, x, y)[1] === 'a') return `pickup ${x} ${y}`;
  }
  return null;
}

// Building stages: [powder to gather, what the site must show before dropping it].
const LAYERS = { large: 3, medium: 2, small: 1 };
const NEXT = { large: 'medium', medium: 'small', small: 'done' };

function decide(view, c, plan, k) {
  if (c.dazed > 0) return 'idle';
  const [sx, sy] = SPOTS[plan.spot % SPOTS.length];
  const site = [sx + 1, sy];
  if (plan.stage === 'walk') {
    if (c.x === sx && c.y === sy) {
      plan.stage = 'large';
    } else {
      if (!c.standing) return 'stand';
      const dx = Math.max(-2, Math.min(2, sx - c.x));
      const dy = Math.max(-2, Math.min(2, sy - c.y));
      const step = Math.abs(dx) + Math.abs(dy) > 2 || (Math.abs(dx) === 2 && dy !== 0) ? [Math.sign(dx), Math.sign(dy)] : [dx, dy];
      return `run ${c.x + step[0]} ${c.y + step[1]}`;
    }
  }
  if (plan.stage === 'done') {
    plan.spot += 4;
    plan.stage = 'walk';
    return 'stand';
  }
  const need = LAYERS[plan.stage];
  if (c.standing && c.holding === 'a') return 'crouch';
  const powder = { a: 0, b: 1, c: 2, d: 3 }[c.holding];
  if (powder !== undefined && powder < need) {
    if (c.standing) return 'crouch';
    return snowSource(view.field, c, site) ?? ((plan.spot += 4), (plan.stage = 'walk'), 'stand');
  }
  if (powder === need) return 'crush';
  // Holding the snowball of this stage: put it on the site.
  plan.stage = NEXT[plan.stage];
  return `drop ${site[0]} ${site[1]}`;
}

export default function act(input) {
  const view = parse(input);
  return view.mine.map((c, k) => decide(view, c, plans[k], k)).join('\n') + '\n';
}
