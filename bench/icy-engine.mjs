// Icy engine throughput on the conformance corpus (issue 2): how many recorded
// 180-turn matches per second are re-simulated and checked state by state.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { TurnReader, advance, blockActions, ruleSet, stateFromBlock, verifyHistory } from '../dist/games/icy/index.js';

const rules = ruleSet('queue2011');
const DIRS = ['test/fixtures/icy-queue2011', 'test/fixtures/icy-queue2011-views'];
const files = DIRS.flatMap((d) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.turns.gz'))
    .map((f) => `${d}/${f}`),
);

/** Runs `body` (which handles `n` matches) until `seconds` have passed; returns matches per second. */
function rate(n, body, seconds = 2) {
  body(); // warm up
  let matches = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    body();
    matches += n;
  }
  return matches / ((performance.now() - start) / 1000);
}

export function run(report) {
  const gz = files.map((f) => readFileSync(f));
  const verifyRate = rate(gz.length, () => {
    for (const g of gz) if (verifyHistory(gunzipSync(g), rules).mismatch) throw new Error('corpus mismatch');
  });

  // Simulation alone: moves parsed beforehand, one state advanced 180 turns.
  const games = gz.map((g) => {
    const reader = new TurnReader(gunzipSync(g), rules);
    reader.atEnd();
    const first = reader.state();
    const moves = [blockActions(reader.moves())];
    while (!reader.atEnd()) {
      reader.state();
      moves.push(blockActions(reader.moves()));
    }
    return { first, moves };
  });
  const simulateRate = rate(games.length, () => {
    for (const { first, moves } of games) {
      const s = stateFromBlock(first);
      for (let t = 0; t < moves.length - 1; t++) advance(s, moves[t], rules);
    }
  });

  // The CLI as a user runs it, process start-up included.
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    execFileSync(process.execPath, ['bin/umpire.mjs', 'verify-turns', ...files], { stdio: 'ignore' });
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  const median = runs[2];

  report(
    'icy: verify-turns in-process (gunzip, parse, re-simulate, compare every state)',
    verifyRate,
    'matches/s',
    '>= 500',
  );
  report('icy: simulation only (180 turns, moves pre-parsed)', simulateRate, 'matches/s');
  report(
    `icy: \`umpire verify-turns\` process on ${files.length} files (median of 5, start-up included)`,
    files.length / (median / 1000),
    `matches/s (${median.toFixed(0)} ms)`,
  );
}
