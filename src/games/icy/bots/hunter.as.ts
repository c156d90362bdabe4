// A WebAssembly Icy Projectile bot in AssemblyScript, following umpire's bot ABI
// (docs/wasm-abi.md): the engine writes the turn's input with alloc() and calls act().
// Each child gathers snow, makes a snowball, and throws at the nearest enemy it sees.

export function alloc(len: i32): usize {
  return heap.alloc(<usize>len);
}

let answer: ArrayBuffer = new ArrayBuffer(0);

export function act(ptr: usize, len: i32): i64 {
  const input = String.UTF8.decodeUnsafe(ptr, <usize>len);
  answer = String.UTF8.encode(decide(input));
  return (i64(changetype<usize>(answer)) << 32) | i64(answer.byteLength);
}

class Child {
  constructor(
    public x: i32,
    public y: i32,
    public standing: bool,
    public holding: string,
    public dazed: i32,
    public visible: bool,
  ) {}
}

function readChild(line: string): Child {
  if (line.length < 2) return new Child(0, 0, false, 'a', 0, false);
  const w = line.split(' ');
  return new Child(I32.parseInt(w[0]), I32.parseInt(w[1]), w[2] == 'S', w[3], I32.parseInt(w[4]), true);
}

function height(rows: string[], x: i32, y: i32): i32 {
  if (x < 0 || y < 0 || x > 30 || y > 30) return -1;
  const cell = rows[x].split(' ')[y];
  if (cell == '**' || cell.charAt(1) == 'b') return -1;
  return I32.parseInt(cell.charAt(0));
}

function decide(input: string): string {
  const lines = input.split('\n');
  if (lines.length < 41) return '';
  const rows = lines.slice(2, 33);
  const mine: Child[] = [];
  const enemies: Child[] = [];
  for (let i = 0; i < 4; i++) mine.push(readChild(lines[33 + i]));
  for (let i = 0; i < 4; i++) enemies.push(readChild(lines[37 + i]));
  const moves: string[] = [];
  for (let i = 0; i < 4; i++) moves.push(move(mine[i], enemies, rows, i));
  return moves.join('\n') + '\n';
}

function move(c: Child, enemies: Child[], rows: string[], index: i32): string {
  if (c.dazed > 0) return 'idle';
  const small = c.holding == 'e' || c.holding == 'f' || c.holding == 'g';
  if (small && c.standing) {
    let best = -1;
    let bestDist = 1 << 30;
    for (let k = 0; k < enemies.length; k++) {
      const e = enemies[k];
      if (!e.visible) continue;
      const d = (e.x - c.x) * (e.x - c.x) + (e.y - c.y) * (e.y - c.y);
      if (d < bestDist) {
        bestDist = d;
        best = k;
      }
    }
    // Throw past the target so the snowball is still high when it gets there.
    if (best >= 0 && bestDist <= 144) {
      const e = enemies[best];
      return 'throw ' + (c.x + 2 * (e.x - c.x)).toString() + ' ' + (c.y + 2 * (e.y - c.y)).toString();
    }
    // Walk toward the enemy's corner to find someone.
    const dx = c.x < 28 ? 1 : c.x > 28 ? -1 : 0;
    const dy = c.y < 28 ? 1 : c.y > 28 ? -1 : 0;
    if (dx == 0 && dy == 0) return 'idle';
    return 'run ' + (c.x + dx).toString() + ' ' + (c.y + dy).toString();
  }
  if (c.holding == 'b' || c.holding == 'c' || c.holding == 'd') return 'crush';
  if (small) return 'stand';
  if (c.holding != 'a') return 'drop ' + (c.x == 0 ? 1 : c.x - 1).toString() + ' ' + c.y.toString();
  if (c.standing) return 'crouch';
  // Pick up one unit of snow from a neighbour that has some.
  for (let k = 0; k < 8; k++) {
    const dx = [1, -1, 0, 0, 1, 1, -1, -1][(k + index) % 8];
    const dy = [0, 0, 1, -1, 1, -1, 1, -1][(k + index) % 8];
    if (height(rows, c.x + dx, c.y + dy) > 0) return 'pickup ' + (c.x + dx).toString() + ' ' + (c.y + dy).toString();
  }
  return 'idle';
}
