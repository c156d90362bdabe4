import { BLOCKS, playTurn, type BlockDropState, type Command, type TurnOutcome } from '../index.js';
import { BLOCKDROP_REPLAY_FORMAT, type BlockDropReplay, type BlockDropReplayTurn } from '../replay.js';
import { drawBoard } from './draw.js';
import { bindTurnControls, hashTurn, $, fail, loadReplay, readViewerConfig } from '../../../viewer/controls.js';
import { startLogPanel } from '../../../viewer/log-panel.js';
import { startReveal, type Reveal } from '../../../viewer/reveal.js';
import { scrubMarks } from '../../../viewer/scrub-marks.js';

/**
 * The block-drop viewer: rebuilds every turn from the replay's start and
 * commands with the engine itself, one turn at a time, keeping each state so
 * scrubbing back and forth costs nothing. The URL's #t=N follows the turn.
 */

const config = readViewerConfig();
const marks = scrubMarks();
const logs = startLogPanel(config, marks.failures);
const canvas = $<HTMLCanvasElement>('board');
const scrub = $<HTMLInputElement>('scrub');
const speedSelect = $<HTMLSelectElement>('speed');

const COMMANDS: Record<Command, string> = {
  U: 'move up',
  R: 'move right',
  D: 'move down',
  L: 'move left',
  A: 'attack',
  N: 'nothing',
};
const OUTCOMES: Record<TurnOutcome, string> = {
  fallen: 'has fallen',
  idle: 'idle',
  moved: 'moved',
  turned: 'turned only',
  attacked: 'attacked',
  cooling: 'sits out after its attack',
};

let replay: BlockDropReplay;
let reveal: Reveal;
let names: string[] = [];
const states: BlockDropState[] = [];
let turn = 0;

/** The state before turn `t`, stepping on from the last one computed. */
function stateAt(t: number): BlockDropState {
  while (states.length <= t) {
    const n = states.length - 1;
    const step = replay.turns[n]!;
    const { state, record } = playTurn(states[n]!, step.c);
    if (record.outcome !== step.o && !$('error').textContent)
      $('error').textContent =
        `the engine disagrees with the replay at turn ${n}: ${record.outcome}, recorded ${step.o}`;
    states.push(state);
  }
  return states[t]!;
}

const total = () => replay.turns.length;

function render(): void {
  const state = stateAt(turn);
  const step = replay.turns[turn];
  state.players.forEach((p, k) => {
    const forfeit = replay.result.forfeits.includes(k) ? ' · no bot' : '';
    $(`status-${k}`).textContent = (p.fellAt === null ? 'standing' : `fell at turn ${p.fellAt}`) + forfeit;
    $(`player-${k}`).classList.toggle('fallen', p.fellAt !== null);
  });
  $('turn').textContent = `turn ${turn} / ${total()}`;
  scrub.value = String(turn);
  document.body.dataset.turn = String(turn);
  logs.show(turn);
  reveal.show(turn, total());
  renderMoves();
  drawBoard(canvas, state, step ? step.p : null);
  history.replaceState(null, '', `#t=${turn}`);
}

/** The turn about to be played on the board shown, after the three before it. */
function renderMoves(): void {
  const rows = $('moves');
  rows.textContent = '';
  for (let t = Math.max(0, turn - 3); t <= Math.min(turn, total() - 1); t++) {
    const s = replay.turns[t]!;
    const tr = document.createElement('tr');
    tr.className = `p${s.p}${t === turn ? ' current' : ''}`;
    for (const text of [String(t), `${s.p} ${names[s.p]}`, `${s.c} (${COMMANDS[s.c]})`, OUTCOMES[s.o], notes(s)]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    rows.appendChild(tr);
  }
  if (turn === total()) {
    const tr = document.createElement('tr');
    const td = document.createElement('td');
    td.colSpan = 5;
    td.textContent = 'the match is over';
    tr.appendChild(td);
    rows.appendChild(tr);
  }
}

function notes(s: BlockDropReplayTurn): string {
  const parts: string[] = [];
  if (s.r) parts.push(s.r);
  if (s.k?.x) parts.push(`bot: ${s.k.x}${s.k.d ? ` (${s.k.d})` : ''}`);
  if (s.terminated) parts.push('bot terminated');
  if (s.d) parts.push(`dropped ${s.d.map((b) => `block (${Math.floor(b / BLOCKS)}, ${b % BLOCKS})`).join(', ')}`);
  if (s.f) parts.push(s.f.map((k) => `player ${k} fell`).join(', '));
  return parts.join('; ');
}

/** The turn in words: who still stands, whose move is next, the blocks falling and fallen. */
function describe(): string {
  const state = stateAt(turn);
  const standing = state.players.flatMap((p, k) => (p.fellAt === null ? [`${k} ${names[k]}`] : []));
  const falling = state.blocks.filter((b) => b > 0).length;
  const dropped = state.blocks.filter((b) => b < 0).length;
  const next = replay.turns[turn];
  const result = reveal.shown();
  return (
    `Turn ${turn} of ${total()}. Standing: ${standing.length ? standing.join(', ') : 'no one'}. ` +
    `${falling} block${falling === 1 ? '' : 's'} counting down, ${dropped} dropped.` +
    (next ? ` Next to move: player ${next.p}.` : '') +
    (result ? ` Result: ${result}.` : '')
  );
}

function go(t: number): void {
  turn = Math.max(0, Math.min(total(), Math.round(t)));
  render();
}

async function main(): Promise<void> {
  const loaded = await loadReplay<BlockDropReplay>(config.replayUrl, {
    format: BLOCKDROP_REPLAY_FORMAT,
    what: 'block-drop',
  });
  if (!loaded) return;
  replay = loaded;
  states.push(replay.initial);
  const given = (replay.manifest as { names?: unknown }).names;
  names = replay.initial.players.map((_, k) => {
    const name = Array.isArray(given) ? given[k] : undefined;
    return typeof name === 'string' && name !== '' ? name : `player ${k}`;
  });
  names.forEach((name, k) => ($(`name-${k}`).textContent = name));
  scrub.max = String(total());
  marks.total(total());
  const r = replay.result;
  reveal = startReveal(r.winner === null ? 'draw' : `player ${r.winner} wins`, () => controls.announce());
  const controls = bindTurnControls({ go, current: () => turn, total, describe }, scrub, speedSelect, {
    field: canvas,
  });
  controls.show(hashTurn() ?? 0);
  document.body.dataset.ready = 'true';
}

main().catch((e: unknown) => fail(`the viewer failed: ${(e as Error).message}`));
