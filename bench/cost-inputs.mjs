// The measured inputs of the cost model (docs/cost.md): for three Icy matches (idle, example bots,
// full budget) the CPU and wall time of a match, the peak memory of a process that plays them, the
// size of the gzip replay and of the match record, and the storage requests per match
// (bench/requests.mjs). Each kind is measured in a fresh child process, so its peak RSS is its own.
//
//   node bench/cost-inputs.mjs            prints the inputs
//   node bench/cost-inputs.mjs --write    also writes bench/cost-inputs.json (what docs/cost.md is made from)
//   node bench/cost-inputs.mjs --verify-full   plays one whole full-budget match (minutes) to check the extrapolation
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median } from './median.mjs';

const SELF = fileURLToPath(import.meta.url);
export const INPUTS_FILE = fileURLToPath(new URL('./cost-inputs.json', import.meta.url));

/** Milliseconds of budget the full-budget bot leaves unused per call (its clock counts whole ms). */
const MARGIN_MS = 1;
/** The later turns' budget of the scaled-down full-budget match; the default is 500 ms. */
const SCALED_TURN_MS = 10;

/**
 * A bot that spends its whole budget every turn: ordinary arithmetic in short rounds (a few
 * microseconds each, so reading the clock is a small part of the work), until the virtual clock
 * (start of the call plus the fuel used, in ms) is MARGIN_MS short of the turn's budget: it never
 * goes over and never forfeits. The first call has the first turn's budget.
 */
export function fullBudgetBot(firstTurnMs, turnMs) {
  return [
    `let budget = ${firstTurnMs - MARGIN_MS};`,
    'let x = 1;',
    'export default function act() {',
    '  const start = Date.now();',
    '  while (Date.now() - start < budget) {',
    '    for (let i = 0; i < 500; i++) x = (x * 31 + i) % 1000003;',
    '  }',
    `  budget = ${turnMs - MARGIN_MS};`,
    "  return 'idle\\nidle\\nidle\\nidle\\n';",
    '}',
  ].join('\n');
}

const tenth = (x) => Math.round(x * 10) / 10;

/** Plays `count` matches of one kind in this process (after one warm-up) and prints what it measured. */
async function child(kind, count) {
  const { DEFAULT_MAP, ruleSet } = await import('../dist/games/icy/index.js');
  const { icyGame } = await import('../dist/games/icy/game.js');
  const { runMatch } = await import('../dist/match/run-match.js');
  const { budgetsForTurnFuel, defaultBudgets } = await import('../dist/match/budgets.js');
  const { FUEL_PER_MS } = await import('../dist/sandbox/policy.js');
  const { nodeBotLoader } = await import('../dist/sandbox/node-sources.js');

  const js = (path) => ({ kind: 'js', code: readFileSync(path, 'utf8') });
  const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
  const defaults = defaultBudgets('icy');
  let bots = [js('src/games/icy/bots/idle.js'), js('src/games/icy/bots/idle.js')];
  let budgets = defaults;
  if (kind === 'example') bots = [js('src/games/icy/bots/hunter.js'), js('src/games/icy/bots/planter.js')];
  if (kind === 'scaled-full' || kind === 'full') {
    const turnMs = kind === 'full' ? defaults.turnFuel / FUEL_PER_MS : SCALED_TURN_MS;
    budgets = budgetsForTurnFuel('icy', turnMs * FUEL_PER_MS);
    const code = fullBudgetBot(budgets.firstTurnFuel / FUEL_PER_MS, turnMs);
    bots = [
      { kind: 'js', code },
      { kind: 'js', code },
    ];
  }
  const play = (seed) => runMatch({ game: icyGame, options, seed, budgets, bots, load: nodeBotLoader });
  if (kind !== 'full') await play(0);
  // From the process's start to the end of its first match: Node, the modules, compiling QuickJS.
  const firstMatchDoneMs = performance.now();
  const samples = [];
  let last;
  for (let i = 0; i < count; i++) {
    // The example bots play a different match per seed; the others play the same one.
    const seed = i + 1;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    last = await play(seed);
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    samples.push({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
  const { result, replay } = last;
  const record = { ...result, seats: result.seats.map(({ log, ...seat }) => seat) };
  const out = {
    kind,
    samples,
    turns: result.turns,
    budgets,
    fuel: result.seats.reduce((sum, s) => sum + s.fuel, 0),
    overBudget: result.seats.reduce((sum, s) => sum + s.overBudget, 0),
    forfeits: result.forfeits.length,
    replayGzipBytes: gzipSync(JSON.stringify(replay)).length,
    logsGzipBytes: gzipSync(JSON.stringify(result.seats.map((s) => s.log))).length,
    recordBytes: Buffer.byteLength(JSON.stringify(record)),
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    firstMatchDoneMs,
  };
  process.stdout.write(JSON.stringify(out));
}

function measureKind(kind, count) {
  const out = execFileSync(process.execPath, [SELF, '--child', kind, String(count)], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out);
}

/** A measured kind as the model reads it: medians, the wall-time sample, sizes, memory. */
function summary(m) {
  return {
    cpuMs: tenth(median(m.samples.map((s) => s.cpuMs))),
    wallMs: tenth(median(m.samples.map((s) => s.wallMs))),
    cpuSamplesMs: m.samples.map((s) => tenth(s.cpuMs)),
    wallSamplesMs: m.samples.map((s) => tenth(s.wallMs)),
    fuel: m.fuel,
    turns: m.turns,
    replayGzipBytes: m.replayGzipBytes,
    logsGzipBytes: m.logsGzipBytes,
    recordBytes: m.recordBytes,
    peakRssMB: Math.round(m.peakRssMB),
    coldStartMs: Math.round(m.firstMatchDoneMs - median(m.samples.map((s) => s.wallMs))),
  };
}

/**
 * The full-budget match, from a scaled-down one: the same bot on 1/50 of the budgets burns fuel at
 * the same CPU cost per unit, so CPU(full) = CPU(idle) + (fuel(full) - fuel(idle)) * cost per fuel,
 * with fuel(full) = every call of both seats using its whole budget (the most a match can cost).
 */
function extrapolateFull(idle, scaled, defaults) {
  const cpuPerFuel = (median(scaled.samples.map((s) => s.cpuMs)) - idle.cpuMs) / (scaled.fuel - idle.fuel);
  const wallPerFuel = (median(scaled.samples.map((s) => s.wallMs)) - idle.wallMs) / (scaled.fuel - idle.fuel);
  const fuel = 2 * (defaults.firstTurnFuel + (idle.turns - 1) * defaults.turnFuel);
  const cpuMs = idle.cpuMs + (fuel - idle.fuel) * cpuPerFuel;
  const wallMs = idle.wallMs + (fuel - idle.fuel) * wallPerFuel;
  return {
    ...summary(scaled),
    cpuMs: Math.round(cpuMs),
    wallMs: Math.round(wallMs),
    cpuSamplesMs: [Math.round(cpuMs)],
    wallSamplesMs: [Math.round(wallMs)],
    fuel,
    cpuMsPerBillionFuel: tenth(cpuPerFuel * 1e9),
    scaledFrom: {
      turnMs: SCALED_TURN_MS,
      cpuMs: tenth(median(scaled.samples.map((s) => s.cpuMs))),
      fuel: scaled.fuel,
      overBudget: scaled.overBudget,
      forfeits: scaled.forfeits,
    },
  };
}

async function requestsPerMatch() {
  try {
    const mod = await import('./requests.mjs');
    const measured = await mod.measureRequests();
    return { ...measured, standIn: mod.STAND_IN === true };
  } catch (e) {
    if (e?.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw e;
  }
}

/** Measures every input (about a minute). */
export async function measureCostInputs({ samples = 9 } = {}) {
  const { defaultBudgets } = await import('../dist/match/budgets.js');
  const idle = summary(measureKind('idle', samples));
  const example = summary(measureKind('example', samples));
  const scaled = measureKind('scaled-full', 3);
  const full = extrapolateFull(idle, scaled, defaultBudgets('icy'));
  return {
    measuredOn: {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
    },
    command: 'node bench/cost-inputs.mjs --write',
    kinds: { idle, example, full },
    requests: await requestsPerMatch(),
  };
}

export async function run(report) {
  const inputs = await measureCostInputs();
  for (const [kind, m] of Object.entries(inputs.kinds)) {
    const how = kind === 'full' ? 'extrapolated from 1/50 of the budgets' : 'median';
    report(`cost inputs: ${kind} Icy match, CPU per match (${how})`, m.cpuMs, 'ms');
    report(`cost inputs: ${kind} Icy match, gzip replay`, m.replayGzipBytes / 1024, 'KB');
    report(`cost inputs: ${kind} Icy match, peak RSS of the process`, m.peakRssMB, 'MB');
  }
  const r = inputs.requests;
  if (r) {
    report('cost inputs: storage requests per batch match', sumRequests(r.batch), 'requests');
    // What the model prices DynamoDB by: the table's write units, the index's, and read units.
    const b = r.batch;
    report(
      'cost inputs: DynamoDB write units per batch match, table + index',
      b.writeUnits + (b.indexWriteUnits ?? 0),
      `(${b.writeUnits.toFixed(2)} + ${(b.indexWriteUnits ?? 0).toFixed(2)}), read units ${b.readUnits.toFixed(2)}`,
    );
  }
  return inputs;
}

/** Requests of every `Service:Operation`, not the totals derived from them (writes, reads, item writes, units). */
const sumRequests = (perMatch) =>
  Object.entries(perMatch).reduce((sum, [key, n]) => (key.includes(':') ? sum + n : sum), 0);

if (process.argv[1] === SELF) {
  const args = process.argv.slice(2);
  if (args[0] === '--child') await child(args[1], Number(args[2]));
  else if (args[0] === '--verify-full') process.stdout.write(`${JSON.stringify(summary(measureKind('full', 1)))}\n`);
  else {
    const inputs = await measureCostInputs();
    const text = `${JSON.stringify(inputs, null, 2)}\n`;
    process.stdout.write(text);
    if (args.includes('--write')) writeFileSync(INPUTS_FILE, text);
  }
}
