// Capture engine speed (issue 9): whole 900-turn games simulated in-process,
// with moves from a fixed pseudo-random sequence (no bots), so the figure is
// the physics, sleds and captures alone.
import { initialState, playTurn } from '../dist/games/capture/index.js';

function game(seed) {
  let x = seed;
  const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296) * 2 - 1;
  let s = initialState();
  for (let t = 0; t < 900; t++) {
    const move = () => ({
      accel: [
        [rnd() * 8, rnd() * 8],
        [rnd() * 8, rnd() * 8],
      ],
      turn: rnd() * 0.5,
    });
    s = playTurn(s, [move(), move()]).state;
  }
  return s;
}

export function run(report) {
  game(1);
  const runs = 5;
  const start = performance.now();
  for (let k = 0; k < runs; k++) game(k + 2);
  const ms = (performance.now() - start) / runs;
  report('capture: a 900-turn game, engine only (112 pucks, 4 bumpers, 2 sleds)', ms, 'ms');
}
