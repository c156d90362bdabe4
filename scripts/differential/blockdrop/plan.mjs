// The games of the block-drop differential: seeds and four-seat player mixes, the same every run.
//   H hunter.js   R random.js   P hunter.py (MicroPython)   F blockdrop-fuzz (C, wasm32-wasi)
//   C the C hunter (src/games/blockdrop/bots/hunter.c, wasm32-wasi)   A the AssemblyScript one (hunter.as.ts)
export const PLAYERS = {
  H: 'src/games/blockdrop/bots/hunter.js',
  R: 'src/games/blockdrop/bots/random.js',
  P: 'src/games/blockdrop/bots/hunter.py',
  C: 'build/bots/blockdrop-hunter-wasi.wasm',
  A: 'build/bots/blockdrop.wasm',
  // F: the fuzz player, compiled by run.mjs.
};

// Every letter in every seat, the fuzz player most of all: alone, in pairs, against each bot.
const MIXES = [
  'HRPF',
  'FHRP',
  'PFHR',
  'RPFH',
  'FFFF',
  'HHFF',
  'FRFR',
  'FFPP',
  'HPHP',
  'RRRR',
  'HHHH',
  'FCAF',
  'CAFH',
  'AFRC',
  'FFFH',
  'RFFF',
  'FPFF',
  'FFCF',
  'HRHR',
  'PPRR',
  'FAFA',
  'CCFF',
  'RFHF',
  'FHPA',
];

/** The seeds: 0 and 1000 (the engine's sample logs) first, then small ones, then spread over 32 bits. */
function seeds(count) {
  const out = [0, 1000, 1, 2, 3, 5, 7, 42, 2000, 65535, 4294967295];
  let x = 20151128;
  while (out.length < count) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(x);
  }
  return out.slice(0, count);
}

/** Games found by playing umpire alone, for what the mixes above rarely reach. */
const SPECIAL = [
  // Players 0 and 3 fall together at turn 41, the last ones standing: nobody wins, and the engine plays on to turn 1000.
  { seed: 176, mix: 'HHHH' },
];

/** Games `from` to `from + count - 1` of the list (their seeds and mixes), then the special ones. */
export function plan(from, count) {
  const listed = seeds(from + count).map((seed, i) => ({ index: i, seed, mix: MIXES[i % MIXES.length] }));
  return [...listed.slice(from), ...SPECIAL.map((g, k) => ({ index: `special ${k}`, ...g }))];
}
