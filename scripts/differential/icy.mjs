#!/usr/bin/env node
// Differential play for Icy Projectile: the original 2011 engine (icypc.jar) and umpire play the
// same players on the same map with the same seed, and every byte the original writes is compared:
// its turn history (states and moves) with umpire's `--turns`, what it sent each player with
// umpire's views, and its final score line with umpire's result. Games that agree are kept as
// fixtures (the original's history and the players' raw answers), which CI replays without Java.
//
//   npm run build && node scripts/differential/icy.mjs [--games N] [--first K] [--jobs J]
//       [--jar PATH] [--out DIR] [--keep DIR]
//
// Needs Java 17 and the original engine (default ../shared/reference/icypc-2011/icypc.jar), and
// clang for wasm32-wasi to build the fuzz players. A development tool: tests never run it.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { BLUE, RED, compareView, ruleSet, verifyHistory } from '../../dist/games/icy/index.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '320' },
    first: { type: 'string', default: '0' },
    jobs: { type: 'string', default: '3' },
    jar: { type: 'string', default: resolve(ROOT, '../shared/reference/icypc-2011/icypc.jar') },
    out: { type: 'string', default: join(ROOT, 'test/fixtures/icy-differential') },
    keep: { type: 'string', default: '/tmp/umpire-differential-icy' },
  },
});
const rules = ruleSet('queue2011');
const MAPS = [
  'default',
  'box-map',
  'empty',
  'hedgerow-map',
  'map1',
  'map2',
  'map3',
  'map4',
  'map5',
  'map32',
  'map60',
  'map96',
  'plus-map',
];
const BUILD = join(ROOT, 'build/differential');

/** The players, by short name: files umpire takes as they are (WASI modules prepared once, as umpire would). */
async function players() {
  mkdirSync(BUILD, { recursive: true });
  const wasi = {
    fuzz: { source: 'scripts/differential/players/icy-fuzz.c' },
    hunterc: { source: 'src/games/icy/bots/hunter.c' },
  };
  const found = {
    hunterjs: join(ROOT, 'src/games/icy/bots/hunter.js'),
    planterjs: join(ROOT, 'src/games/icy/bots/planter.js'),
    randomjs: join(ROOT, 'src/games/icy/bots/random.js'),
    hunterpy: join(ROOT, 'src/games/icy/bots/hunter.py'),
  };
  for (const [name, { source }] of Object.entries(wasi)) {
    if (!existsSync(join(ROOT, source))) {
      console.warn(`no ${source}: games with ${name} will not run`);
      continue;
    }
    const raw = join(BUILD, `${name}.wasm`);
    const prepared = join(BUILD, `${name}.prepared.wasm`);
    await run('clang', ['--target=wasm32-wasi', '--sysroot=/usr', '-O2', '-o', raw, join(ROOT, source), '-lm']);
    await run(process.execPath, [join(ROOT, 'bin/umpire.mjs'), 'prepare-wasi', raw, prepared]);
    found[name] = prepared;
  }
  return found;
}

/** Who plays game i: mostly fuzz players (their seeds differ by seat and game), and every example bot. */
const PAIRS = [
  ['fuzz', 'fuzz'],
  ['fuzz', 'hunterjs'],
  ['fuzz', 'fuzz'],
  ['randomjs', 'fuzz'],
  ['fuzz', 'fuzz'],
  ['fuzz', 'hunterc'],
  ['fuzz', 'fuzz'],
  ['planterjs', 'fuzz'],
  ['fuzz', 'fuzz'],
  ['hunterpy', 'fuzz'],
  ['fuzz', 'fuzz'],
  ['hunterjs', 'planterjs'],
  ['fuzz', 'randomjs'],
];

function gameSpec(i) {
  const map = MAPS[i % MAPS.length];
  const [red, blue] = PAIRS[Math.floor(i / MAPS.length) % PAIRS.length];
  return { i, map, red, blue, seed: 1000 + i, name: `d${String(i).padStart(3, '0')}_${map}_${red}-${blue}` };
}

async function playOne(spec, files) {
  for (const who of [spec.red, spec.blue]) if (!files[who]) throw new Error(`no player ${who}`);
  const dir = join(values.keep, spec.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const runner = join(ROOT, 'scripts/differential/seat-runner.mjs');
  const seat = (k, who) => [
    '-player',
    'syncpipe',
    '9',
    process.execPath,
    runner,
    '--seed',
    String(spec.seed),
    '--seat',
    String(k),
    '--record',
    join(dir, `${k === 0 ? 'red' : 'blue'}.json`),
    files[who],
  ];
  const mapArgs = spec.map === 'default' ? [] : ['-map', join(ROOT, 'src/games/icy/maps', `${spec.map}.txt`)];
  const original = await run(
    'java',
    [
      '-Djava.awt.headless=true',
      '-cp',
      values.jar,
      'icpc.challenge.main.Game',
      ...mapArgs,
      ...seat(0, spec.red),
      ...seat(1, spec.blue),
      '-view',
      'turns',
      join(dir, 'original.turns'),
    ],
    { cwd: dir, maxBuffer: 64 << 20 },
  );
  const scoreLine = original.stdout.split('\n').find((l) => l.startsWith('Score:'));
  const mine = await run(
    process.execPath,
    [
      join(ROOT, 'bin/umpire.mjs'),
      'match',
      '--red',
      files[spec.red],
      '--blue',
      files[spec.blue],
      '--map',
      spec.map,
      '--seed',
      String(spec.seed),
      '--turns',
      join(dir, 'umpire.turns'),
    ],
    { maxBuffer: 64 << 20 },
  );
  const summary = JSON.parse(mine.stdout);
  const theirs = readFileSync(join(dir, 'original.turns'));
  const ours = readFileSync(join(dir, 'umpire.turns'));
  const problems = [];
  if (!theirs.equals(ours))
    problems.push(`turn history differs at byte ${firstDifference(theirs, ours)}: ${describeAt(theirs, ours)}`);
  const verified = verifyHistory(theirs, rules, { keepStates: true });
  if (verified.mismatch) problems.push(`verify-turns: turn ${verified.mismatch.turn}: ${verified.mismatch.message}`);
  const recorded = {};
  for (const [side, team] of [
    ['red', RED],
    ['blue', BLUE],
  ]) {
    recorded[side] = JSON.parse(readFileSync(join(dir, `${side}.json`), 'utf8'));
    const diff = compareView(verified.states, team, rules, `${recorded[side].inputs.join('')}-1\n`);
    if (diff) problems.push(`${side} input: ${diff.message}`);
  }
  const expectedLine = `Score: ${summary.scores.red} (${summary.hitScores.red} ${summary.domainSums.red}) ${summary.scores.blue} (${summary.hitScores.blue} ${summary.domainSums.blue})`;
  if (scoreLine !== expectedLine) problems.push(`score line: original '${scoreLine}', umpire '${expectedLine}'`);
  if (problems.length === 0) {
    writeFileSync(join(values.out, `${spec.name}.turns.gz`), gzipSync(theirs, { level: 9 }));
    writeFileSync(
      join(values.out, `${spec.name}.answers.json.gz`),
      gzipSync(JSON.stringify({ red: recorded.red.answers, blue: recorded.blue.answers }), { level: 9 }),
    );
    rmSync(dir, { recursive: true, force: true });
  }
  return { ...spec, scoreLine, problems };
}

function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

function describeAt(a, b) {
  const at = firstDifference(a, b);
  const lineOf = (buf) => {
    const start = buf.lastIndexOf(10, at - 1) + 1;
    const end = buf.indexOf(10, at);
    return buf.subarray(start, end < 0 ? buf.length : end).toString('latin1');
  };
  const turn = a.subarray(0, at).toString('latin1').split('\n\n').length - 1;
  return `turn ${turn}: original '${lineOf(a)}', umpire '${lineOf(b)}'`;
}

const files = await players();
mkdirSync(values.out, { recursive: true });
const specs = Array.from({ length: Number(values.games) }, (_, k) => gameSpec(Number(values.first) + k));
const results = [];
let next = 0;
await Promise.all(
  Array.from({ length: Number(values.jobs) }, async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      const r = await playOne(spec, files).catch((e) => ({
        ...spec,
        scoreLine: null,
        problems: [`did not run: ${e.message.split('\n')[0]}`],
      }));
      results.push(r);
      console.log(`${r.name}: ${r.problems.length === 0 ? 'identical' : r.problems.join('; ')}`);
    }
  }),
);
results.sort((a, b) => a.i - b.i);
const manifest = join(values.out, 'MANIFEST.tsv');
const rows = new Map(
  existsSync(manifest)
    ? readFileSync(manifest, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => [l.split('\t')[0], l])
    : [],
);
for (const r of results)
  if (r.problems.length === 0) rows.set(r.name, [r.name, r.map, r.red, r.blue, r.seed, r.scoreLine].join('\t'));
writeFileSync(
  manifest,
  ['name\tmap\tred\tblue\tseed\toriginal score line', ...[...rows.keys()].sort().map((k) => rows.get(k))].join('\n') +
    '\n',
);
const same = results.filter((r) => r.problems.length === 0).length;
console.log(`${results.length} games, ${same} identical, ${results.length - same} different (kept in ${values.keep})`);
process.exit(same === results.length ? 0 : 1);
