// Writes homing.ant: a forager that keeps its heading in its state (all ants
// start facing east), leaves the way home in markers 0-2 (flag: marker 3)
// while searching, and follows them back when it carries food.
//   node src/games/ants/bots/make-homing.mjs > src/games/ants/bots/homing.ant
const lines = [];
const names = new Map();

function state(name) {
  names.set(name, lines.length);
}
function emit(text) {
  lines.push(text);
}
const ref = (name) => `{${name}}`;

for (let d = 0; d < 6; d++) {
  const left = (d + 5) % 6;
  const right = (d + 1) % 6;
  const back = (d + 3) % 6;
  state(`search${d}`);
  emit(`Sense Ahead ${ref(`food${d}`)} ${ref(`wander${d}`)} Food ; searching, facing ${d}`);
  state(`food${d}`);
  emit(`Move ${ref(`pick${d}`)} ${ref(`wander${d}`)}`);
  state(`pick${d}`);
  emit(`PickUp ${ref(`home${d}`)} ${ref(`search${d}`)}`);
  state(`wander${d}`);
  emit(`Flip 4 ${ref(`tl${d}`)} ${ref(`wander2${d}`)}`);
  state(`wander2${d}`);
  emit(`Flip 3 ${ref(`tr${d}`)} ${ref(`step${d}`)}`);
  state(`tl${d}`);
  emit(`Turn Left ${ref(`search${left}`)}`);
  state(`tr${d}`);
  emit(`Turn Right ${ref(`search${right}`)}`);
  state(`step${d}`);
  emit(`Move ${ref(`mark${d}_0`)} ${ref(`tl${d}`)}`);
  for (let bit = 0; bit < 3; bit++) {
    state(`mark${d}_${bit}`);
    const op = (back >> bit) & 1 ? 'Mark' : 'Unmark';
    emit(`${op} ${bit} ${ref(bit < 2 ? `mark${d}_${bit + 1}` : `flag${d}`)}`);
  }
  state(`flag${d}`);
  emit(`Mark 3 ${ref(`search${d}`)}`);

  state(`home${d}`);
  emit(`Sense Here ${ref(`drop${d}`)} ${ref(`ahead${d}`)} Home ; carrying food, facing ${d}`);
  state(`drop${d}`);
  emit(`Drop ${ref(`search${d}`)}`);
  state(`ahead${d}`);
  emit(`Sense Ahead ${ref(`go${d}`)} ${ref(`read${d}`)} Home`);
  state(`read${d}`);
  emit(`Sense Here ${ref(`b0_${d}`)} ${ref(`lost${d}`)} Marker 3`);
  state(`b0_${d}`);
  emit(`Sense Here ${ref(`b1_${d}_1`)} ${ref(`b1_${d}_0`)} Marker 0`);
  for (const v0 of [0, 1]) {
    state(`b1_${d}_${v0}`);
    emit(`Sense Here ${ref(`b2_${d}_${v0 + 2}`)} ${ref(`b2_${d}_${v0}`)} Marker 1`);
  }
  for (let v = 0; v < 4; v++) {
    state(`b2_${d}_${v}`);
    const high = v + 4 <= 5 ? `face${d}_${v + 4}` : `lost${d}`;
    emit(`Sense Here ${ref(high)} ${ref(`face${d}_${v}`)} Marker 2`);
  }
  for (let target = 0; target < 6; target++) {
    state(`face${d}_${target}`);
    const k = (target - d + 6) % 6;
    if (k === 0) emit(`Move ${ref(`home${d}`)} ${ref(`lost${d}`)}`);
    else if (k <= 3) emit(`Turn Right ${ref(`face${right}_${target}`)}`);
    else emit(`Turn Left ${ref(`face${left}_${target}`)}`);
  }
  state(`go${d}`);
  emit(`Move ${ref(`home${d}`)} ${ref(`lost${d}`)}`);
  state(`lost${d}`);
  emit(`Flip 3 ${ref(`hl${d}`)} ${ref(`lost2${d}`)}`);
  state(`lost2${d}`);
  emit(`Flip 2 ${ref(`hr${d}`)} ${ref(`hstep${d}`)}`);
  state(`hl${d}`);
  emit(`Turn Left ${ref(`home${left}`)}`);
  state(`hr${d}`);
  emit(`Turn Right ${ref(`home${right}`)}`);
  state(`hstep${d}`);
  emit(`Move ${ref(`home${d}`)} ${ref(`hl${d}`)}`);
}

// search0 must be state 0: all ants start facing east in state 0.
if (names.get('search0') !== 0) throw new Error('search0 is not state 0');
const out = lines.map((line) => line.replace(/\{([^}]+)\}/g, (_, name) => {
  if (!names.has(name)) throw new Error(`no state ${name}`);
  return String(names.get(name));
}));
process.stdout.write(out.join('\n') + '\n');
