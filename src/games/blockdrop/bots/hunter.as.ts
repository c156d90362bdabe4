// A WebAssembly block-drop (JavaChallenge 2015) bot in AssemblyScript, on umpire's
// bot ABI (docs/wasm-abi.md). It answers READY to the empty handshake input, then
// lines up with the nearest player's row or column of blocks, faces it and attacks.

export function alloc(len: i32): usize {
  return heap.alloc(<usize>len);
}

let answer: ArrayBuffer = new ArrayBuffer(0);

export function act(ptr: usize, len: i32): i64 {
  const input = String.UTF8.decodeUnsafe(ptr, <usize>len);
  answer = String.UTF8.encode(decide(input));
  return (i64(changetype<usize>(answer)) << 32) | i64(answer.byteLength);
}

function blockOf(n: i32): i32 {
  return n / 3;
}

function safe(blocks: string[], row: i32, col: i32): bool {
  if (row < 0 || col < 0 || row > 17 || col > 17) return false;
  const t = I32.parseInt(blocks[blockOf(row)].split(' ')[blockOf(col)]);
  return t == 0 || t > 8;
}

function decide(input: string): string {
  if (input.trim().length == 0) return 'READY';
  const lines = input.split('\n');
  if (lines.length < 12) return 'N';
  const id = I32.parseInt(lines[0]);
  const blocks = lines.slice(2, 8);
  const rows = new Array<i32>(4);
  const cols = new Array<i32>(4);
  const dirs = new Array<string>(4);
  for (let k = 0; k < 4; k++) {
    const w = lines[8 + k].split(' ');
    // The engine writes each player's column first, then its row.
    cols[k] = I32.parseInt(w[0]);
    rows[k] = I32.parseInt(w[1]);
    dirs[k] = w[2];
    if (k == id && I32.parseInt(w[3]) > 0) return 'N';
  }
  let target = -1;
  let best = 1000;
  for (let k = 0; k < 4; k++) {
    if (k == id || rows[k] < 0) continue;
    const d = abs(rows[k] - rows[id]) + abs(cols[k] - cols[id]);
    if (d < best) {
      best = d;
      target = k;
    }
  }
  if (target < 0) return 'N';
  const br = blockOf(rows[id]);
  const bc = blockOf(cols[id]);
  const tr = blockOf(rows[target]);
  const tc = blockOf(cols[target]);
  let want = '';
  if (br == tr && bc != tc) want = tc > bc ? 'R' : 'L';
  else if (bc == tc && br != tr) want = tr > br ? 'D' : 'U';
  if (want.length > 0) return dirs[id] == want ? 'A' : want;
  const vertical = tr > br ? 'D' : 'U';
  const horizontal = tc > bc ? 'R' : 'L';
  const order = abs(tr - br) <= abs(tc - bc) ? [vertical, horizontal, 'U', 'R', 'D', 'L'] : [horizontal, vertical, 'U', 'R', 'D', 'L'];
  for (let i = 0; i < order.length; i++) {
    const d = order[i];
    const dr = d == 'U' ? -1 : d == 'D' ? 1 : 0;
    const dc = d == 'L' ? -1 : d == 'R' ? 1 : 0;
    if (safe(blocks, rows[id] + dr, cols[id] + dc)) return d;
  }
  return 'N';
}
