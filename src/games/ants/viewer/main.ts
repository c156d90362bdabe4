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
import { $, bindTurnControls, fail, hashTurn, loadReplay, readViewerConfig } from '../../../viewer/controls.js';
import { startLogPanel } from '../../../viewer/log-panel.js';
import { startReveal, type Reveal } from '../../../viewer/reveal.js';
import { scrubMarks } from '../../../viewer/scrub-marks.js';
import type { AntsReplay } from '../match.js';
import { drawChart, drawWorld } from './draw.js';

/**
 * The ants viewer: rebuilds the world and brains from the replay and
 * re-simulates with the engine itself. Seeking starts from the nearest
 * stored snapshot, so any round is at most `snapshotEvery` rounds away; while
 * playing fast, a frame jumps as many rounds as its time is worth and draws
 * only the last.
 */

const config = readViewerConfig();
const marks = scrubMarks('round');
const logs = startLogPanel(config, marks.failures);
const worldCanvas = $<HTMLCanvasElement>('world');
const chartCanvas = $<HTMLCanvasElement>('chart');
const scrub = $<HTMLInputElement>('scrub');
const speedSelect = $<HTMLSelectElement>('speed');

let replay: AntsReplay;
let reveal: Reveal;
let world: World;
let names = ['red', 'black'];
let brains: [Brain, Brain] | null = null;
let state: AntsState | null = null;
let target = 0;

const total = () => replay.result.rounds;

/** The state at `round`, re-simulated from the closest snapshot (or the current state when that is closer). */
function seek(round: number): void {
  target = Math.max(0, Math.min(total(), Math.round(round)));
  if (!brains) return;
  if (!state || state.round > target || target - state.round > replay.snapshotEvery) {
    const snapshot = [...replay.snapshots].reverse().find((s) => s.round <= target);
    state = snapshot
      ? restoreSnapshot(world, brains, snapshot, replay.rounds)
      : createState(world, brains, replay.seed, replay.rounds);
  }
  playRounds(state, target - state.round);
}

/** Ants alive of each colony. */
function alive(): [number, number] {
  const counts: [number, number] = [0, 0];
  state?.antPos.forEach((p, id) => {
    if (p >= 0) counts[state!.antColor[id]! === 0 ? 0 : 1]++;
  });
  return counts;
}

function render(): void {
  const food = state ? [state.hillFood[0]!, state.hillFood[1]!] : [0, 0];
  $('score-red').textContent = String(food[0]);
  $('score-black').textContent = String(food[1]);
  if (state) {
    const [red, black] = alive();
    $('alive-red').textContent = String(red);
    $('alive-black').textContent = String(black);
  }
  $('turn').textContent = `round ${target} / ${total()}`;
  scrub.value = String(target);
  document.body.dataset.round = String(target);
  reveal.show(target, total());
  logs.show(target);
  drawWorld(worldCanvas, world, state);
  drawChart(chartCanvas, replay.food, total(), target, reveal.shown() ? total() : target);
  history.replaceState(null, '', `#r=${target}`);
}

/** The round in words: food on each anthill and ants alive. */
function describe(): string {
  const [red, black] = alive();
  const food = state ? [state.hillFood[0]!, state.hillFood[1]!] : [0, 0];
  const result = reveal.shown();
  return (
    `Round ${target} of ${total()}. Food on the anthills: red ${names[0]} ${food[0]}, black ${names[1]} ${food[1]}.` +
    (state ? ` Ants alive: red ${red}, black ${black}.` : '') +
    (result ? ` Result: ${result}.` : '')
  );
}

function go(round: number): void {
  seek(round);
  render();
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
  const given = (replay.manifest as { names?: Record<string, string | null> }).names;
  names = [given?.red ?? 'red', given?.black ?? 'black'];
  $('name-red').textContent = names[0]!;
  $('name-black').textContent = names[1]!;
  scrub.max = String(total());
  marks.total(total());
  const r = replay.result;
  reveal = startReveal(r.winner === 'draw' ? `draw (${r.decidedBy})` : `${r.winner} wins (${r.decidedBy})`, () => {
    render();
    controls.announce();
  });
  const controls = bindTurnControls({ go, current: () => target, total, describe }, scrub, speedSelect, {
    hashKey: 'r',
    field: worldCanvas,
  });
  controls.show(hashTurn('r') ?? 0);
  document.body.dataset.ready = 'true';
}

main().catch((e: unknown) => fail(`the viewer failed: ${(e as Error).message}`));
