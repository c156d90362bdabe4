import { initialState, moveSled, playTurn, steer, type CaptureState } from '../index.js';
import { CAPTURE_REPLAY_FORMAT, fromNumbers, type CaptureReplay, type MoveNumbers } from '../replay.js';
import { drawField, type Capture } from './draw.js';
import { bindTurnControls, hashTurn, $, fail, loadReplay, readViewerConfig } from '../../../viewer/controls.js';
import { startLogPanel } from '../../../viewer/log-panel.js';
import { startReveal, type Reveal } from '../../../viewer/reveal.js';
import { scrubMarks } from '../../../viewer/scrub-marks.js';

/**
 * The Capture viewer: every turn rebuilt by replaying the moves with the
 * engine from the fixed start, each state kept so scrubbing costs nothing.
 * While playing, pieces move smoothly from one turn to the next. The URL's
 * #t=N follows the turn.
 */

const config = readViewerConfig();
const marks = scrubMarks();
const logs = startLogPanel(config, marks.failures);
const canvas = $<HTMLCanvasElement>('field');
const scrub = $<HTMLInputElement>('scrub');
const speedSelect = $<HTMLSelectElement>('speed');
const SIDES = ['red', 'blue'] as const;

let replay: CaptureReplay;
let reveal: Reveal;
let names: string[] = [];
const states: CaptureState[] = [];
let turn = 0;

const total = () => replay.turns.length;

/** The state after `t` turns, stepping on from the last one computed. */
function stateAt(t: number): CaptureState {
  while (states.length <= t) {
    const n = states.length - 1;
    const step = replay.turns[n]!;
    const { state, record } = playTurn(states[n]!, [fromNumbers(step.m[0]), fromNumbers(step.m[1])]);
    if ((record.owned[0] !== step.o[0] || record.owned[1] !== step.o[1]) && !$('error').textContent) {
      $('error').textContent =
        `the engine disagrees with the replay at turn ${n}: owned ${record.owned.join('/')}, recorded ${step.o.join('/')}`;
    }
    states.push(state);
  }
  return states[t]!;
}

/** Turn `t`'s captures, with each loop rebuilt by moving its sled the same way the engine does. */
function capturesOf(t: number): Capture[] {
  const step = replay.turns[t];
  if (!step?.c) return [];
  const state = stateAt(t);
  return step.c.map((c) => {
    const moved = moveSled(steer(state.sleds[c.s]!, fromNumbers(step.m[c.s]!).turn));
    return { seat: c.s, at: c.at, pucks: c.p, to: c.to, loop: moved.loop?.points ?? null };
  });
}

function paint(frac: number): void {
  const next = turn < total() ? stateAt(turn + 1) : null;
  drawField(canvas, { state: stateAt(turn), next, frac, captures: capturesOf(turn) });
}

function render(): void {
  const state = stateAt(turn);
  SIDES.forEach(
    (side, k) => ($(`score-${side}`).textContent = String(state.pucks.filter((p) => p.color === k).length)),
  );
  $('turn').textContent = `turn ${turn} / ${total()}`;
  scrub.value = String(turn);
  document.body.dataset.turn = String(turn);
  logs.show(turn);
  reveal.show(turn, total());
  renderMoves();
  paint(0);
  history.replaceState(null, '', `#t=${turn}`);
}

const round = (v: number) => String(Math.round(v * 100) / 100);
const moveText = (m: MoveNumbers) =>
  `(${round(m[0])}, ${round(m[1])}) (${round(m[2])}, ${round(m[3])}) turn ${round(m[4])}`;

function row(className: string, cells: readonly string[]): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.className = className;
  for (const text of cells) {
    const td = document.createElement('td');
    td.textContent = text;
    tr.appendChild(td);
  }
  return tr;
}

/** The turn played next on the field shown: both moves, why one was null, what it captures. */
function renderMoves(): void {
  const rows = $('moves');
  rows.textContent = '';
  const step = replay.turns[turn];
  if (!step) {
    rows.appendChild(row('', ['the match is over']));
    return;
  }
  SIDES.forEach((side, k) => {
    rows.appendChild(row(side, [names[k]!, moveText(step.m[k]!)]));
    const reason = step.r?.[k];
    if (reason) rows.appendChild(row(`${side} note`, ['', `null move: ${reason}`]));
  });
  for (const c of step.c ?? []) {
    const to = c.to === null ? '' : ` → ${['red', 'blue', 'grey'][c.to]}`;
    const what = c.p.length === 0 ? 'no pucks' : `${c.p.length} puck${c.p.length === 1 ? '' : 's'}${to}`;
    rows.appendChild(row(`${SIDES[c.s]} capture`, [`${names[c.s]}`, `loop closes at ${round(c.at)}: ${what}`]));
  }
}

/** The turn in words: the pucks of each colour, and the loops closing in it. */
function describe(): string {
  const counts = [0, 1, 2].map((k) => stateAt(turn).pucks.filter((p) => p.color === k).length);
  const loops = (replay.turns[turn]?.c ?? []).filter((c) => c.p.length > 0);
  const closing = loops.map((c) => `${SIDES[c.s]}'s loop takes ${c.p.length} puck${c.p.length === 1 ? '' : 's'}`);
  const result = reveal.shown();
  return (
    `Turn ${turn} of ${total()}. Pucks: red ${names[0]} ${counts[0]}, blue ${names[1]} ${counts[1]}, grey ${counts[2]}.` +
    (closing.length ? ` Next: ${closing.join('; ')}.` : '') +
    (result ? ` Result: ${result}.` : '')
  );
}

function go(t: number): void {
  turn = Math.max(0, Math.min(total(), Math.round(t)));
  render();
}

async function main(): Promise<void> {
  const loaded = await loadReplay<CaptureReplay>(config.replayUrl, { format: CAPTURE_REPLAY_FORMAT, what: 'Capture' });
  if (!loaded) return;
  replay = loaded;
  states.push(initialState());
  const given = (replay.manifest as { names?: Partial<Record<string, unknown>> }).names;
  names = SIDES.map((side) => {
    const name = given?.[side];
    return typeof name === 'string' && name !== '' ? name : side;
  });
  SIDES.forEach((side, k) => ($(`name-${side}`).textContent = names[k]!));
  scrub.max = String(total());
  marks.total(total());
  const r = replay.result;
  reveal = startReveal(r.winner === 'draw' ? 'draw' : `${r.winner} wins (${r.decidedBy})`, () => controls.announce());
  const controls = bindTurnControls({ go, current: () => turn, total, paint, describe }, scrub, speedSelect, {
    field: canvas,
  });
  controls.show(hashTurn() ?? 0);
  document.body.dataset.ready = 'true';
}

main().catch((e: unknown) => fail(`the viewer failed: ${(e as Error).message}`));
