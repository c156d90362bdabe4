import { stateAt, visibleSpaces, type IcyReplay, type IcyState } from '../index.js';
import { $, loadReplay, readViewerConfig } from '../../../viewer/controls.js';
import { startLogPanel } from '../../../viewer/log-panel.js';
import { drawFrame } from './draw.js';

/**
 * The match viewer: loads the replay, shows any turn (key frame, then at most
 * 19 turns re-simulated with the engine itself), and plays the match on a
 * canvas. The URL's #t=N follows the scrubber.
 */

const config = readViewerConfig();
const logs = startLogPanel(config);

let replay: IcyReplay;
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
let progress = 0;
let playing = false;
let speed = 1;
let viewer: number | null = null;
let last = 0;
const TURN_MS = 700;

const canvas = $<HTMLCanvasElement>('field');
const ctx = canvas.getContext('2d')!;

/** The field as large as the window allows, the controls below it still in view (the frame, when embedded). */
function resize(): void {
  const box = $('stage').getBoundingClientRect();
  const controls = document.querySelector('.controls')!.getBoundingClientRect().height;
  const room = window.innerHeight - box.top - controls - (config.embed ? 16 : 48);
  const side = Math.max(200, Math.floor(Math.min(box.width, room)));
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${side}px`;
  canvas.style.height = `${side}px`;
  canvas.width = Math.floor(side * ratio);
  canvas.height = Math.floor(side * ratio);
  render();
}

function render(): void {
  if (!replay) return;
  const total = replay.turns.length;
  const from = stateOf(turn);
  const to = turn < total ? stateOf(turn + 1) : from;
  let hidden: Uint8Array | null = null;
  if (viewer !== null) {
    hidden = visibleSpaces(from, viewer === 0 ? 0 : 1).map((v) => (v ? 0 : 1));
  }
  drawFrame(ctx, canvas.width, { from, to, turn: replay.turns[turn] ?? null, progress, viewer, hidden });
  const shown = progress >= 1 && turn < total ? to : from;
  $('turn').textContent = `turn ${shown.turn} / ${total}`;
  $('score-red').textContent = String(shown.score[0]);
  $('score-blue').textContent = String(shown.score[1]);
  $('hits-red').textContent = String(shown.hitScore[0]);
  $('hits-blue').textContent = String(shown.hitScore[1]);
  $<HTMLInputElement>('scrub').value = String(turn);
  $('play').textContent = playing ? '❚❚' : '▶';
  document.body.dataset.turn = String(shown.turn);
  logs.show(shown.turn);
  $('view').textContent = viewer === null ? 'view: all' : viewer === 0 ? 'view: red' : 'view: blue';
  renderPanel();
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

function seek(t: number, keepPlaying = false): void {
  turn = Math.max(0, Math.min(replay.turns.length, Math.round(t)));
  progress = 0;
  if (!keepPlaying) playing = false;
  history.replaceState(null, '', `#t=${turn}`);
  render();
}

function tick(now: number): void {
  if (playing && replay) {
    const dt = last ? now - last : 0;
    progress += (dt * speed) / TURN_MS;
    if (progress >= 1) {
      if (turn >= replay.turns.length - 1) {
        turn = replay.turns.length;
        progress = 0;
        playing = false;
      } else {
        turn++;
        progress = 0;
      }
      history.replaceState(null, '', `#t=${turn}`);
    }
    render();
  }
  last = now;
  requestAnimationFrame(tick);
}

function hashTurn(): number | null {
  const m = /t=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

function bind(): void {
  $('play').onclick = () => {
    if (turn >= replay.turns.length) turn = 0;
    playing = !playing;
    render();
  };
  $('prev').onclick = () => seek(turn - 1);
  $('next').onclick = () => seek(turn + 1);
  $('first').onclick = () => seek(0);
  $('last').onclick = () => seek(replay.turns.length);
  $<HTMLInputElement>('scrub').oninput = (e) => seek(Number((e.target as HTMLInputElement).value));
  $<HTMLSelectElement>('speed').onchange = (e) => {
    speed = Number((e.target as HTMLSelectElement).value);
  };
  $('view').onclick = () => {
    viewer = viewer === null ? 0 : viewer === 0 ? 1 : null;
    render();
  };
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const actions: Record<string, () => void> = {
      ' ': () => $('play').click(),
      ArrowLeft: () => seek(turn - 1),
      ArrowRight: () => seek(turn + 1),
      Home: () => seek(0),
      End: () => seek(replay.turns.length),
      v: () => $('view').click(),
      '+': () => setSpeed(speed * 2),
      '-': () => setSpeed(speed / 2),
    };
    const act = actions[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  });
  window.addEventListener('hashchange', () => {
    const t = hashTurn();
    if (t !== null && t !== turn) seek(t);
  });
  window.addEventListener('resize', resize);
}

function setSpeed(v: number): void {
  speed = Math.max(0.25, Math.min(16, v));
  const select = $<HTMLSelectElement>('speed');
  select.value = String(speed);
  if (select.value !== String(speed)) {
    const option = document.createElement('option');
    option.value = option.textContent = String(speed);
    select.appendChild(option);
    select.value = String(speed);
  }
}

async function start(): Promise<void> {
  const loaded = await loadReplay<IcyReplay>(config.replayUrl);
  if (!loaded) return;
  replay = loaded;
  const bots = replay.manifest.bots;
  $('name-red').textContent = bots.red.name ?? 'red';
  $('name-blue').textContent = bots.blue.name ?? 'blue';
  const r = replay.result;
  $('result').textContent = r.forfeit
    ? `${r.forfeit} forfeits`
    : r.winner === 'draw'
      ? 'draw'
      : `${r.winner} wins (${r.decidedBy.replace('_', ' ')})`;
  $<HTMLInputElement>('scrub').max = String(replay.turns.length);
  bind();
  const t = hashTurn();
  seek(t ?? 0);
  resize();
  document.body.dataset.ready = 'true';
  requestAnimationFrame(tick);
}

start().catch((e: Error) => {
  $('error').textContent = e.message;
  document.body.dataset.ready = 'error';
});
