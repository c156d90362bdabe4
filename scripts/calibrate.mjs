// `npm run calibrate`: is fuel time, in every language?
//
// 1. Measures how much fuel the metered QuickJS burns per millisecond of
//    bot-like work on this machine, at steady state: the rate FUEL_PER_MS in
//    src/sandbox/policy.ts stands for (it sets the budgets: 1 s first turn,
//    0.5 s later turns), and the same for Python (PYTHON_INSTRUCTIONS_PER_MS).
// 2. Runs a set of micro-benchmarks per language (scripts/calibrate/): each
//    repeats one kind of work (plain loops, calls, builtins on big data,
//    bulk copies, exceptions, host calls, costly WebAssembly instructions)
//    and takes its wall time per unit of fuel over that of the reference
//    workload, in calls alternated with it. A ratio of 1 means the fuel a
//    benchmark burns stands for as much time as the reference's; above 1 the
//    bot gets more time than its budget says. A ratio does not depend on the
//    machine's speed, only on how the two kinds of work compare on it.
// 3. Prints a table per language and its worst ratio, and exits with 1 when
//    a language's worst is over the target (3), unless --no-fail.
//
// Options: --no-fail, --only=js,python,wasm (the languages' calibration ids), --filter=TEXT (benchmarks whose
// name contains it), --rounds=N (pairs of calls per benchmark, 5).
import { FUEL_PER_MS, PYTHON_INSTRUCTIONS_PER_MS } from '../dist/sandbox/policy.js';
import { LANGUAGES } from '../dist/sandbox/language-catalog.js';
import { TARGET_MS, median, ratio } from './calibrate/measure.mjs';
import { jsReference, pythonReference } from './calibrate/reference.mjs';

const TARGET = 3;
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const noFail = args.includes('--no-fail');
// Each language's benchmarks, where it has some (its registry entry's calibration).
const calibrated = LANGUAGES.flatMap((l) => (l.calibration ? [l.calibration] : []));
const only = option('only')?.split(',') ?? calibrated.map((c) => c.id);
const filterText = option('filter');
const filter = filterText ? (name) => name.includes(filterText) : null;
const rounds = Number(option('rounds') ?? 5);
const started = performance.now();
const fmt = (n) => Math.round(n).toLocaleString('en');

// The reference: bot-like QuickJS work, the kind FUEL_PER_MS was calibrated on.
const reference = await jsReference();
for (let i = 0; i < 20; i++) await reference.run(50); // let V8 optimize the engine
// Sized by the time it takes here, once: every other call is sized by fuel, to the same fuel.
const probe = await reference.run(100);
const referenceN = Math.max(1, Math.round((100 * TARGET_MS) / probe.ms));
const rates = [];
for (let i = 0; i < 7; i++) {
  const { fuel, ms } = await reference.run(referenceN);
  rates.push(fuel / ms);
}
const rate = median(rates);
const targetFuel = rate * TARGET_MS;
console.log(`QuickJS bot work burns ${fmt(rate)} fuel per ms here (median of 7 calls of ~${TARGET_MS} ms).`);
console.log(
  `FUEL_PER_MS in src/sandbox/policy.ts: ${fmt(FUEL_PER_MS)} (${((100 * FUEL_PER_MS) / rate).toFixed(0)}% of the measurement):`,
);
console.log(
  `a 0.5 s turn is ${(500 * FUEL_PER_MS).toExponential(2)} fuel and the 1 s first turn ${(1000 * FUEL_PER_MS).toExponential(2)}.`,
);
console.log(
  "A ratio below is a benchmark's wall time per unit of fuel over the reference's, taken in turns: 1 is the pace " +
    'FUEL_PER_MS stands for, above 1 a bot gets more time than its fuel says, below 1 less.',
);

if (only.includes('python')) {
  // The same workload in Python: at the ratio 1, PYTHON_INSTRUCTIONS_PER_MS makes a Python turn as long as anyone's.
  const py = await pythonReference();
  for (let i = 0; i < 5; i++) await py.run(10);
  const r = await ratio(py, reference, referenceN, rounds, targetFuel);
  console.log(
    `The same workload in Python (MicroPython): ratio ${r.ratio.toFixed(2)} with PYTHON_INSTRUCTIONS_PER_MS in ` +
      `src/sandbox/policy.ts at ${fmt(PYTHON_INSTRUCTIONS_PER_MS)} (${(FUEL_PER_MS / PYTHON_INSTRUCTIONS_PER_MS).toFixed(2)} fuel an instruction); ` +
      `${fmt(PYTHON_INSTRUCTIONS_PER_MS / r.ratio)} would make it 1.`,
  );
}

const suites = calibrated.map((c) => [
  c.id,
  c.title,
  async () => (await import(new URL(`../${c.script}`, import.meta.url).href)).benches(filter),
]);

const worst = [];
for (const [key, title, make] of suites) {
  if (!only.includes(key)) continue;
  const benches = await make();
  if (benches.length === 0) continue;
  console.log(`\n${title}: wall time per unit of fuel over the reference's (target <= ${TARGET})`);
  console.log(
    `${'benchmark'.padEnd(44)} ${'fuel a call'.padStart(15)} ${'ms a call'.padStart(10)} ${'ratio'.padStart(7)}`,
  );
  const rows = [];
  const notes = [];
  for (const bench of benches) {
    let r;
    try {
      r = await ratio(bench, reference, referenceN, rounds, targetFuel);
    } catch (e) {
      // A benchmark that fails is reported, and fails the run: its ratio is unknown.
      console.log(`${bench.name.padEnd(44)} failed: ${e.message}`);
      r = { ratio: Infinity, fuel: 0, ms: 0 };
    }
    bench.dispose?.();
    rows.push({ name: bench.name, ...r });
    if (r.fuel === 0) continue;
    const mark = r.ratio > TARGET ? '  over' : '';
    if (bench.note) notes.push([bench.name, bench.note]);
    console.log(
      `${bench.name.padEnd(44)} ${fmt(r.fuel).padStart(15)} ${r.ms.toFixed(1).padStart(10)} ${r.ratio.toFixed(2).padStart(7)}${mark}`,
    );
  }
  for (const note of new Set(notes.map(([, text]) => text))) {
    console.log(
      `note on ${notes
        .filter(([, text]) => text === note)
        .map(([name]) => name)
        .join('; ')}: ${note}`,
    );
  }
  const high = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const low = rows.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  console.log(
    `${title}: worst ratio ${high.ratio.toFixed(2)} (${high.name}); lowest ${low.ratio.toFixed(2)} (${low.name})`,
  );
  worst.push({ title, ...high });
}

console.log('\nworst ratio per language (target <= 3):');
for (const w of worst) console.log(`  ${w.title.padEnd(40)} ${w.ratio.toFixed(2)}  ${w.name}`);
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
if (!noFail && worst.some((w) => w.ratio > TARGET)) {
  console.log(`a language's worst ratio is over ${TARGET}: fuel is not time there (--no-fail to only report)`);
  process.exit(1);
}
