// Picks a random action for each child every turn (Math.random is seeded by the match).
const KINDS = ['idle', 'crouch', 'stand', 'crush', 'run', 'crawl', 'pickup', 'drop', 'throw', 'catch'];
const REACH = { run: 2, crawl: 1, pickup: 1, drop: 1, throw: 12, catch: 10 };

function pick(n) {
  return Math.floor(Math.random() * n);
}

export default function act(input) {
  const lines = input.split('\n');
  const moves = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = lines[33 + i].split(' ').map(Number);
    const kind = KINDS[pick(KINDS.length)];
    const r = REACH[kind];
    moves.push(r === undefined ? kind : `${kind} ${x + pick(2 * r + 1) - r} ${y + pick(2 * r + 1) - r}`);
  }
  return moves.join('\n') + '\n';
}
