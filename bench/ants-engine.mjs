// Ants engine speed (issue 7): full 100,000-round matches of two real brains
// on sample worlds, with and without the replay (snapshots, food per round).
import { readFileSync } from 'node:fs';
import { createState, parseBrain, parseWorld, playRounds } from '../dist/games/ants/index.js';
import { runAntsMatch } from '../dist/games/ants/match.js';

const brain = (path) => {
  const parsed = parseBrain(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.problems[0].message}`);
  return parsed.value;
};
const worldText = (name) => readFileSync(`src/games/ants/maps/${name}.world`, 'utf8');
const PAIRS = [
  ['homing', 'example'],
  ['homing', 'homing'],
];
const WORLDS = ['sample0', 'sample5'];
const ROUNDS = 100_000;

export function run(report) {
  let slowest = 0;
  let totalMs = 0;
  let matches = 0;
  for (const worldName of WORLDS) {
    const parsed = parseWorld(worldText(worldName));
    if (!parsed.ok) throw new Error(parsed.problems[0].message);
    for (const [red, black] of PAIRS) {
      const brains = [brain(`src/games/ants/bots/${red}.ant`), brain(`src/games/ants/bots/${black}.ant`)];
      const state = createState(parsed.value, brains, 12345, ROUNDS);
      const start = performance.now();
      playRounds(state, ROUNDS);
      const ms = performance.now() - start;
      slowest = Math.max(slowest, ms);
      totalMs += ms;
      matches++;
    }
  }
  report('ants: 100,000-round match, slowest of 4 (2 brain pairs x 2 sample worlds)', slowest, 'ms', '< 1000 ms');
  report('ants: rounds per second (182 ants)', (matches * ROUNDS) / (totalMs / 1000) / 1000, 'thousand rounds/s');
  const texts = {
    red: readFileSync('src/games/ants/bots/homing.ant', 'utf8'),
    black: readFileSync('src/games/ants/bots/example.ant', 'utf8'),
  };
  const parsed = parseWorld(worldText('sample0'));
  const start = performance.now();
  const { replay } = runAntsMatch({
    world: parsed.value,
    worldText: worldText('sample0'),
    brains: texts,
    seed: 1,
    rounds: ROUNDS,
  });
  report('ants: 100,000-round match with its replay', performance.now() - start, 'ms');
  report('ants: replay JSON', JSON.stringify(replay).length / 1024, 'KB before gzip');
}
