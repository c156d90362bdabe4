import {
  createState,
  parseBrain,
  parseWorld,
  playRounds,
  restoreSnapshot,
  type AntsState,
  type Brain,
  type World,
} from '../index.js';
import { $, fail, loadReplay, readViewerConfig } from '../../../viewer/controls.js';
import type { AntsReplay } from '../match.js';
import { drawChart, drawWorld } from './draw.js';

/**
 * The ants viewer: rebuilds the world and brains from the replay and
 * re-simulates with the engine itself. Seeking starts from the nearest
 * stored snapshot, so any round is at most `snapshotEvery` rounds away.
 */

const config = readViewerConfig();
const worldCanvas = $<HTMLCanvasElement>('world');
const chartCanvas = $<HTMLCanvasElement>('chart');
const scrub = $<HTMLInputElement>('scrub');
const speedSelect = $<HTMLSelectElement>('speed');

let replay: AntsReplay;
let world: World;
let brains: [Brain, Brain] | null = null;
let state: AntsState | null = null;
let target = 0;
let playing = false;

/** The state at `round`, re-simulated from the closest snapshot (or the current state when that is closer). */
function seek(round: number): void {
  target = Math.max(0, Math.min(replay.result.rounds, round));
  if (!brains) return;
  if (!state || state.round > target || target - state.round > replay.snapshotEvery) {
    const snapshot = [...replay.snapshots].reverse().find((s) => s.round <= target);
    state = snapshot
      ? restoreSnapshot(world, brains, snapshot, replay.rounds)
      : createState(world, brains, replay.seed, replay.rounds);
  }
  playRounds(state, target - state.round);
}

function render(): void {
  const food = state ? [state.hillFood[0]!, state.hillFood[1]!] : [0, 0];
  $('score-red').textContent = String(food[0]);
  $('score-black').textContent = String(food[1]);
  if (state) {
    let red = 0;
    let black = 0;
    state.antPos.forEach((p, id) => {
      if (p >= 0) state!.antColor[id] === 0 ? red++ : black++;
    });
    $('alive-red').textContent = String(red);
    $('alive-black').textContent = String(black);
  }
  $('turn').textContent = `round ${target} / ${replay.result.rounds}`;
  scrub.value = String(target);
  document.body.dataset.round = String(target);
  const atEnd = target === replay.result.rounds;
  const r = replay.result;
  $('result').textContent = atEnd
    ? r.winner === 'draw'
      ? `draw (${r.decidedBy})`
      : `${r.winner} wins (${r.decidedBy})`
    : '';
  drawWorld(worldCanvas, world, state);
  drawChart(chartCanvas, replay.food, replay.result.rounds, target);
  history.replaceState(null, '', `#r=${target}`);
}

function go(round: number): void {
  seek(round);
  render();
}

function frame(): void {
  if (!playing) return;
  if (target >= replay.result.rounds) {
    setPlaying(false);
    return;
  }
  go(target + Number(speedSelect.value));
  requestAnimationFrame(frame);
}

function setPlaying(on: boolean): void {
  playing = on;
  $('play').textContent = on ? '❚❚' : '▶';
  if (on) requestAnimationFrame(frame);
}

function bindControls(): void {
  $('first').onclick = () => go(0);
  $('prev').onclick = () => go(target - 1);
  $('next').onclick = () => go(target + 1);
  $('last').onclick = () => go(replay.result.rounds);
  $('play').onclick = () => setPlaying(!playing);
  scrub.oninput = () => go(Number(scrub.value));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const options = speedSelect.options;
    if (e.key === 'ArrowRight') go(target + 1);
    else if (e.key === 'ArrowLeft') go(target - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(replay.result.rounds);
    else if (e.key === ' ') setPlaying(!playing);
    else if (e.key === '+' && speedSelect.selectedIndex < options.length - 1) speedSelect.selectedIndex++;
    else if (e.key === '-' && speedSelect.selectedIndex > 0) speedSelect.selectedIndex--;
    else return;
    e.preventDefault();
  });
}

async function main(): Promise<void> {
  const loaded = await loadReplay<AntsReplay>(config.replayUrl);
  if (!loaded) return;
  replay = loaded;
  const parsedWorld = parseWorld(replay.world);
  if (!parsedWorld.ok) return fail(`the replay's world is invalid: ${parsedWorld.problems[0].message}`);
  world = parsedWorld.value;
  const red = parseBrain(replay.brains.red);
  const black = parseBrain(replay.brains.black);
  if (red.ok && black.ok) brains = [red.value, black.value];
  else $('error').textContent = 'a brain did not parse: the match was a forfeit';
  const names = (replay.manifest as { names?: Record<string, string | null> }).names;
  $('name-red').textContent = names?.red ?? 'red';
  $('name-black').textContent = names?.black ?? 'black';
  scrub.max = String(replay.result.rounds);
  bindControls();
  const fromHash = /^#r=(\d+)$/.exec(location.hash);
  go(fromHash ? Number(fromHash[1]) : 0);
  document.body.dataset.ready = 'true';
}

main().catch((e: unknown) => fail(`the viewer failed: ${(e as Error).message}`));
