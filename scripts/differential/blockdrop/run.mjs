#!/usr/bin/env node
// The block-drop differential: plays the same players in the original JavaChallenge 2015 engine
// (compiled from ../shared, driven by java/umpire/blockdrop/Harness.java) and in umpire, and
// compares every byte the engine sends each player and every outcome (start squares, handshakes,
// commands played, falls, winner, turn count); the bots' answers too, as the same bot must give
// the same answers. Each game is also replayed in umpire from the engine's recorded answers, as
// test/games/blockdrop/differential.unit.test.ts does in CI.
//
//   npm run build && node scripts/differential/blockdrop/run.mjs [--games 130] [--from 0] [--jobs 2]
//       [--record test/fixtures/blockdrop-differential] [--engine /tmp/umpire-blockdrop-engine]
//
// Needs a JDK (17), Debian's libcommons-lang-java libguava-java libcommons-cli-java, clang with
// wasi-libc (the fuzz player), and the reference engine at ../shared/reference/javachallenge2015.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { bundleKindOfFile, botFromBytes } from '../../../dist/match/seats.js';
import { asyncifyWasi } from '../../../dist/sandbox/webassembly/wasi-prepare.js';
import { playEngine } from './engine.mjs';
import { plan, PLAYERS } from './plan.mjs';
import { engineTrace, firstDifference } from './trace.mjs';
import { playLive, playRecorded } from './umpire.mjs';

const here = new URL('.', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '130' },
    from: { type: 'string', default: '0' },
    jobs: { type: 'string', default: '2' },
    record: { type: 'string' },
    engine: { type: 'string', default: '/tmp/umpire-blockdrop-engine' },
    fuzz: { type: 'string', default: '/tmp/umpire-blockdrop/blockdrop-fuzz.wasm' },
  },
});

if (!existsSync(join(values.engine, 'classes/umpire/blockdrop/Harness.class')))
  execFileSync(join(here, 'build-engine.sh'), [values.engine], { stdio: 'inherit' });
mkdirSync(join(values.fuzz, '..'), { recursive: true });
execFileSync('clang', [
  '--target=wasm32-wasi',
  '--sysroot=/usr',
  '-O2',
  '-o',
  values.fuzz,
  join(here, '../players/blockdrop-fuzz.c'),
  '-lm',
]);

/** A WASI player made suspendable once, by umpire's own preparation (`umpire prepare-wasi`), instead of in every process. */
async function prepared(path) {
  const out = join(values.fuzz, '..', basename(path).replace(/\.wasm$/, '.prepared.wasm'));
  writeFileSync(out, await asyncifyWasi(readFileSync(path)));
  return out;
}
const paths = { ...PLAYERS, F: await prepared(values.fuzz), C: await prepared(PLAYERS.C) };
if (values.record) mkdirSync(values.record, { recursive: true });

const bundleOf = (path) => {
  const bytes = readFileSync(path);
  return botFromBytes(bundleKindOfFile(basename(path), bytes), bytes, basename(path));
};
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

async function one(game) {
  const bots = [...game.mix].map((letter) => paths[letter]);
  const engine = await playEngine(values.engine, game.seed, bots);
  const expected = engineTrace(engine.record);
  const answers = engine.calls.map((calls) => calls.map((c) => c.output));
  // The players got what the engine says it sent.
  for (let seat = 0; seat < 4; seat++) {
    const got = engine.calls[seat].slice(1).map((c) => c.input);
    if (!same(got, expected.inputs[seat]))
      return { game, verdict: `seat ${seat}: the player's inputs are not what the engine logged` };
  }
  const live = await playLive(game.seed, bots.map(bundleOf));
  const liveDiff = firstDifference(expected, live.trace);
  if (liveDiff) return { game, verdict: `live: ${liveDiff}` };
  for (let seat = 0; seat < 4; seat++) {
    const got = live.calls[seat].map((c) => c.output);
    if (!same(got, answers[seat]))
      return { game, verdict: `live: seat ${seat} answered differently in umpire (a nondeterministic bot?)` };
  }
  const replayed = await playRecorded(game.seed, answers);
  const replayDiff = firstDifference(expected, replayed.trace);
  if (replayDiff) return { game, verdict: `replayed: ${replayDiff}` };
  if (values.record) {
    const name = `${game.mix}-${game.seed}.json.gz`;
    const fixture = {
      seed: game.seed,
      mix: game.mix,
      bots: [...game.mix].map((letter) => basename(PLAYERS[letter] ?? 'blockdrop-fuzz.wasm')),
      answers,
      engine: engine.record,
    };
    writeFileSync(join(values.record, name), gzipSync(JSON.stringify(fixture), { level: 9 }));
  }
  const fell = expected.turns.reduce((n, t) => n + t.fell.length, 0);
  tally(live.match, engine);
  return { game, verdict: 'identical', turns: expected.turnCount, winner: expected.winner, fell };
}

/** What the identical games covered: outcomes, reasons (their kind), endings, forfeits, bots the engine killed. */
const coverage = {};
const count = (key) => (coverage[key] = (coverage[key] ?? 0) + 1);
function tally(match, engine) {
  for (const t of match.replay.turns) {
    count(`outcome ${t.step.outcome}`);
    if (t.step.reason) count(`reason ${t.step.reason.replace(/'.*'$/, "'...'").replace(/player \d/, 'player k')}`);
  }
  const standing = match.result.details.fellAt.filter((f) => f === null).length;
  count(
    standing === 1
      ? 'end: a winner'
      : standing === 0
        ? 'end: nobody standing, played to turn 1000'
        : 'end: several standing at turn 1000',
  );
  for (const _seat of match.result.forfeits) count('handshake without READY (forfeit)');
  const killed = (engine.stderr.match(/Terminated the thread/g) ?? []).length;
  for (let k = 0; k < killed; k++) count('engine time-outs (no READY, or no line to read)');
}

const games = plan(Number(values.from), Number(values.games));
const results = [];
let next = 0;
async function worker() {
  while (next < games.length) {
    const game = games[next++];
    let r;
    try {
      r = await one(game);
    } catch (e) {
      r = { game, verdict: `failed: ${e.message}` };
    }
    results.push(r);
    const tail = r.verdict === 'identical' ? ` (${r.turns} turns, winner ${r.winner ?? 'none'}, ${r.fell} falls)` : '';
    console.log(`game ${game.index} seed ${game.seed} ${game.mix}: ${r.verdict}${tail}`);
  }
}
await Promise.all(Array.from({ length: Number(values.jobs) }, worker));
const identical = results.filter((r) => r.verdict === 'identical').length;
console.log(
  `games played: ${results.length}, identical: ${identical}, different: ${results.filter((r) => r.verdict !== 'identical' && !r.verdict.startsWith('failed')).length}, failed: ${results.filter((r) => r.verdict.startsWith('failed')).length}`,
);
console.log(`covered: ${JSON.stringify(Object.fromEntries(Object.entries(coverage).sort()), null, 1)}`);
process.exit(identical === results.length ? 0 : 1);
