import { Ground, stateAt, visibleSpaces, type IcyReplay, type IcyState } from '../index.js';
import { $, bindTurnControls, hashTurn, loadReplay, readViewerConfig } from '../../../viewer/controls.js';
import { startLogPanel } from '../../../viewer/log-panel.js';
import { startReveal, type Reveal } from '../../../viewer/reveal.js';
import { scrubMarks } from '../../../viewer/scrub-marks.js';
import { drawFrame } from './draw.js';

/**
 * The match viewer: loads the replay, shows any turn (key frame, then at most
 * 19 turns re-simulated with the engine itself), and plays the match on a
 * canvas with the shared controls. The URL's #t=N follows the scrubber.
 */

const config = readViewerConfig();
const marks = scrubMarks();
const logs = startLogPanel(config, marks.failures);
/** One turn takes this long at 1×. */
const TURN_MS = 700;

let replay: IcyReplay;
let reveal: Reveal;
let names: [string, string] = ['red', 'blue'];
const states = new Map<number, IcyState>();
const stateOf = (t: number) => {
  let s = states.get(t);
  if (!s) {
    s = stateAt(replay, t);
    states.set(t, s);
  }
  return s;
};

let turn = 0;
let viewer: number | null = null;

const canvas = $<HTMLCanvasElement>('field');
const ctx = canvas.getContext('2d')!;
const total = () => replay.turns.length;

/** The field as large as the window allows, the controls below it still in view (the frame, when embedded). */
function resize(): void {
  const box = $('stage').getBoundingClientRect();
  const controls = document.querySelector('.controls')!.getBoundingClientRect().height;
  const room = window.innerHeight - box.top - controls - (config.embed ? 16 : 48);
  const side = Math.max(160, Math.floor(Math.min(box.width, Math.max(room, 280))));
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${side}px`;
  canvas.style.height = `${side}px`;
  canvas.width = Math.floor(side * ratio);
  canvas.height = Math.floor(side * ratio);
  paint(0);
}

/** The field `progress` (0..1) of the way through the turn shown. */
function paint(progress: number): void {
  if (!replay) return;
  const from = stateOf(turn);
  const to = turn < total() ? stateOf(turn + 1) : from;
  const hidden = viewer === null ? null : visibleSpaces(from, viewer === 0 ? 0 : 1).map((v) => (v ? 0 : 1));
  drawFrame(ctx, canvas.width, { from, to, turn: replay.turns[turn] ?? null, progress, viewer, hidden });
}

function render(): void {
  const shown = stateOf(turn);
  $('turn').textContent = `turn ${shown.turn} / ${total()}`;
  $('score-red').textContent = String(shown.score[0]);
  $('score-blue').textContent = String(shown.score[1]);
  $('hits-red').textContent = String(shown.hitScore[0]);
  $('hits-blue').textContent = String(shown.hitScore[1]);
  $<HTMLInputElement>('scrub').value = String(turn);
  document.body.dataset.turn = String(shown.turn);
  reveal.show(turn, total());
  logs.show(shown.turn);
  $('view').textContent = viewer === null ? 'view: all' : viewer === 0 ? 'view: red' : 'view: blue';
  renderPanel();
  paint(0);
}

/** The turn in words: the running score and what stands on the field. */
function describe(): string {
  const s = stateOf(turn);
  const snowmen = [Ground.RED_SNOWMAN, Ground.BLUE_SNOWMAN].map((g) => s.ground.filter((x) => x === g).length);
  const dazed = s.children.filter((c) => c.dazed > 0).length;
  const side = (k: 0 | 1) =>
    `${k ? 'blue' : 'red'} ${names[k]} ${s.score[k]} (${s.hitScore[k]} from hits, ${snowmen[k]} snowm${snowmen[k] === 1 ? 'a' : 'e'}n)`;
  const result = reveal.shown();
  return `Turn ${s.turn} of ${total()}. ${side(0)}; ${side(1)}. ${dazed} of 8 children dazed.${result ? ` Result: ${result}.` : ''}`;
}

function renderPanel(): void {
  const t = replay.turns[turn];
  const rows = $('moves');
  rows.textContent = '';
  for (let c = 0; c < 8; c++) {
    const tr = document.createElement('tr');
    tr.className = c < 4 ? 'red' : 'blue';
    const o = t?.o[c] ?? '';
    const cells = [
      c < 4 ? `red ${c}` : `blue ${c - 4}`,
      t ? (t.a[c] ?? '') : '—',
      t
        ? o === ''
          ? 'done'
          : o.startsWith('b') && /^b\d+$/.test(o)
            ? `blocked at step ${o.slice(1)}`
            : o.replace(/_/g, ' ')
        : '',
    ];
    for (const text of cells) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    rows.appendChild(tr);
  }
  const calls =
    t?.c?.map(
      (call, seat) =>
        `${seat ? 'blue' : 'red'}: ${call.f.toLocaleString('en')} fuel${call.x ? ` — ${call.x}${call.d ? ` (${call.d})` : ''}` : ''}`,
    ) ?? [];
  $('calls').textContent = calls.join('\n');
}

function go(t: number): void {
  turn = Math.max(0, Math.min(total(), Math.round(t)));
  history.replaceState(null, '', `#t=${turn}`);
  render();
}

function resultText(r: IcyReplay['result']): string {
  if (r.forfeit) return r.forfeit === 'both' ? 'both forfeit' : `${r.forfeit} forfeits`;
  return r.winner === 'draw' ? 'draw' : `${r.winner} wins (${r.decidedBy.replace(/_/g, ' ')})`;
}

async function start(): Promise<void> {
  const loaded = await loadReplay<IcyReplay>(config.replayUrl);
  if (!loaded) return;
  replay = loaded;
  const bots = replay.manifest.bots;
  names = [bots.red.name ?? 'red', bots.blue.name ?? 'blue'];
  $('name-red').textContent = names[0];
  $('name-blue').textContent = names[1];
  $<HTMLInputElement>('scrub').max = String(total());
  marks.total(total());
  reveal = startReveal(resultText(replay.result), () => controls.announce());
  const controls = bindTurnControls(
    { go, current: () => turn, total, paint, describe },
    $<HTMLInputElement>('scrub'),
    $<HTMLSelectElement>('speed'),
    { stepsPerUnit: 1000 / TURN_MS, field: canvas },
  );
  $('view').onclick = () => {
    viewer = viewer === null ? 0 : viewer === 0 ? 1 : null;
    render();
  };
  window.addEventListener('keydown', (e) => {
    if (e.key !== 'v' || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    e.preventDefault();
    $('view').click();
  });
  window.addEventListener('resize', resize);
  controls.show(hashTurn() ?? 0);
  resize();
  document.body.dataset.ready = 'true';
}

start().catch((e: Error) => {
  $('error').textContent = e.message;
  document.body.dataset.ready = 'error';
});
