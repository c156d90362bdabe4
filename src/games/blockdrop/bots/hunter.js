// Block drop (JavaChallenge 2015): hunts the nearest player. It lines up with
// the target's row or column of blocks, faces it and attacks, and it never
// steps onto a block that is about to drop or has dropped.
const STEP = { U: [-1, 0], R: [0, 1], D: [1, 0], L: [0, -1] };

function parse(input) {
  const lines = input.trim().split('\n');
  const id = Number(lines[0]);
  const blocks = lines.slice(2, 8).map((l) => l.trim().split(/\s+/).map(Number));
  const players = lines.slice(8, 12).map((l) => {
    // The engine writes each player's column first, then its row.
    const [c, r, d, s] = l.trim().split(/\s+/);
    return { row: Number(r), col: Number(c), dir: d, cooldown: Number(s) };
  });
  return { id, blocks, players };
}

const block = (n) => Math.floor(n / 3);

function safe(blocks, row, col) {
  if (row < 0 || col < 0 || row > 17 || col > 17) return false;
  const t = blocks[block(row)][block(col)];
  return t === 0 || t > 8;
}

export default function act(input) {
  if (input.trim() === '') return 'READY';
  const { id, blocks, players } = parse(input);
  const me = players[id];
  if (me.cooldown > 0) return 'N';
  const others = players.filter((p, k) => k !== id && p.row >= 0);
  if (others.length === 0) return 'N';
  const dist = (p) => Math.abs(p.row - me.row) + Math.abs(p.col - me.col);
  const target = others.reduce((a, b) => (dist(b) < dist(a) ? b : a));
  const [br, bc, tr, tc] = [block(me.row), block(me.col), block(target.row), block(target.col)];
  let want;
  if (br === tr && bc !== tc) want = tc > bc ? 'R' : 'L';
  else if (bc === tc && br !== tr) want = tr > br ? 'D' : 'U';
  if (want) return me.dir === want ? 'A' : want;
  // Line up on the axis that is closer, moving only onto safe squares.
  const options = Math.abs(tr - br) <= Math.abs(tc - bc) ? [tr > br ? 'D' : 'U', tc > bc ? 'R' : 'L'] : [tc > bc ? 'R' : 'L', tr > br ? 'D' : 'U'];
  for (const d of [...options, 'U', 'R', 'D', 'L']) {
    const [dr, dc] = STEP[d];
    if (safe(blocks, me.row + dr, me.col + dc)) return d;
  }
  return 'N';
}
