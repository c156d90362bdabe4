// `npm run calibrate`: measures how much fuel the metered QuickJS burns per
// millisecond of bot work on this machine, at steady state (after V8 has
// optimized the engine). The result sets FUEL_PER_MS in src/sandbox/policy.ts,
// from which the default budgets (1 s first turn, 0.5 s later turns) follow.
import { readFileSync } from 'node:fs';
import { JsBot } from '../dist/sandbox/quickjs/js-bot.js';
import { nodeQuickJSModule } from '../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../dist/sandbox/types.js';
import { FUEL_PER_MS, PYTHON_INSTRUCTIONS_PER_MS } from '../dist/sandbox/policy.js';
import { DEFAULT_MAP, encodeView, initialState, ruleSet } from '../dist/games/icy/index.js';

// A bot-like mix: parse the turn's input, scan the field, build objects and strings.
const WORKLOAD = `
export default function act(input) {
  const rounds = Number(input.slice(0, input.indexOf('|')));
  const view = input.slice(input.indexOf('|') + 1);
  let acc = 0;
  for (let r = 0; r < rounds; r++) {
    const lines = view.split('\\n');
    const field = lines.slice(2, 33).map((row) => row.split(' '));
    const kids = lines.slice(33, 41).map((l) => l.split(' ').map(Number));
    const seen = new Map();
    for (let x = 0; x < 31; x++) for (let y = 0; y < 31; y++) {
      const cell = field[x][y];
      if (cell !== '**') seen.set(x * 31 + y, { h: cell.charCodeAt(0) - 48, g: cell[1] });
    }
    for (const [x, y] of kids) acc += (seen.get(x * 31 + y)?.h ?? 0) + Math.sqrt(x * x + y * y);
    acc += JSON.stringify(kids).length + [...seen.keys()].sort((a, b) => b - a)[0];
  }
  return String(acc);
}`;

const view = encodeView(initialState(DEFAULT_MAP), 0, ruleSet('queue2011'));
const loaded = await JsBot.load(nodeQuickJSModule, WORKLOAD, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 });
if (!loaded.ok) throw new Error(loaded.failure.message);
const bot = loaded.bot;
const call = async (rounds) => {
  const start = performance.now();
  const r = await bot.act(`${rounds}|${view}`, { fuel: 1e12, wallMs: 0 });
  if (r.failure) throw new Error(r.detail);
  return { fuel: r.fuel, ms: performance.now() - start };
};
for (let i = 0; i < 20; i++) await call(50); // let V8 optimize the engine
const rates = [];
for (let i = 0; i < 7; i++) {
  const { fuel, ms } = await call(400);
  rates.push(fuel / ms);
}
rates.sort((a, b) => a - b);
const median = rates[3];
console.log(`fuel per ms of bot work (median of 7 runs of ~${(await call(400)).ms.toFixed(0)} ms): ${Math.round(median).toLocaleString('en')}`);
console.log(`FUEL_PER_MS in src/sandbox/policy.ts: ${FUEL_PER_MS.toLocaleString('en')} (${((100 * FUEL_PER_MS) / median).toFixed(0)}% of the measurement)`);
console.log(`so a 0.5 s turn is ${(500 * FUEL_PER_MS).toExponential(2)} fuel and the 1 s first turn ${(1000 * FUEL_PER_MS).toExponential(2)}`);

// The same rate for two other kinds of work, to compare with it: bulk copies
// (QuickJS's memmove, charged per byte) and a tight WebAssembly loop in a bot.
const copier = await JsBot.load(
  nodeQuickJSModule,
  'const b = new Uint8Array(48e6); export default function (n) { for (let i = 0; i < Number(n); i++) b.copyWithin(0, 1); return ""; }',
  { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e10 },
);
if (!copier.ok) throw new Error(copier.failure.message);
const rateOf = async (bot, input) => {
  const list = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const r = await bot.act(input, { fuel: 1e12, wallMs: 0 });
    list.push(r.fuel / (performance.now() - start));
  }
  return list.sort((a, b) => a - b)[2];
};
console.log(`copyWithin over 48 MB: ${Math.round(await rateOf(copier.bot, '10')).toLocaleString('en')} fuel per ms`);

// A bot whose act counts down from its input length a million times: (loop (br_if ...)).
const { meterWasm } = await import('../dist/sandbox/wasm/meter.js');
const spin = Uint8Array.from([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 1, 127, 0, 3, 2, 1, 0, 7, 8, 1, 4, 115, 112, 105, 110, 0, 0,
  10, 16, 1, 14, 0, 3, 64, 32, 0, 65, 1, 107, 34, 0, 13, 0, 11, 11,
]);
const spinner = new WebAssembly.Instance(new WebAssembly.Module(meterWasm(spin).bytes)).exports;
const wasmRates = [];
for (let i = 0; i < 5; i++) {
  spinner.umpire_fuel.value = 10n ** 15n;
  const start = performance.now();
  spinner.spin(200_000_000);
  wasmRates.push(Number(10n ** 15n - spinner.umpire_fuel.value) / (performance.now() - start));
}
console.log(`a tight WebAssembly loop: ${Math.round(wasmRates.sort((a, b) => a - b)[2]).toLocaleString('en')} fuel per ms`);

// The same rate for Python bots (MicroPython, metered by the same counter): the same kind of
// work written in Python. One FUEL_PER_MS serves both when the two rates are close; the
// line says how close.
const { PyBot } = await import('../dist/sandbox/python/py-bot.js');
const { nodeMicroPythonModule } = await import('../dist/sandbox/node-sources.js');
const PY_WORKLOAD = `
def act(text):
    rounds = int(text[:text.index('|')])
    view = text[text.index('|') + 1:]
    acc = 0
    for r in range(rounds):
        lines = view.split('\\n')
        field = [row.split(' ') for row in lines[2:33]]
        kids = [[int(v) if v.lstrip('-').isdigit() else 0 for v in l.split(' ')] for l in lines[33:41]]
        seen = {}
        for x in range(31):
            for y in range(31):
                cell = field[x][y]
                if cell != '**':
                    seen[x * 31 + y] = (ord(cell[0]) - 48, cell[1])
        for k in kids:
            acc += seen.get(k[0] * 31 + k[1], (0,))[0] + (k[0] * k[0] + k[1] * k[1]) ** 0.5
        acc += len(str(kids)) + sorted(seen.keys(), reverse=True)[0]
    return str(acc)
`;
const python = await PyBot.load(nodeMicroPythonModule, PY_WORKLOAD, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e10 });
if (!python.ok) throw new Error(python.failure.message);
for (let i = 0; i < 10; i++) await python.bot.act(`20|${view}`, { fuel: 1e12, wallMs: 0 });
const pyRate = await rateOf(python.bot, `100|${view}`);
console.log(`Python (MicroPython) bot work: ${Math.round((pyRate * PYTHON_INSTRUCTIONS_PER_MS) / FUEL_PER_MS).toLocaleString('en')} interpreter instructions per ms, ${((100 * ((pyRate * PYTHON_INSTRUCTIONS_PER_MS) / FUEL_PER_MS)) / median).toFixed(0)}% of QuickJS's rate (PYTHON_INSTRUCTIONS_PER_MS in src/sandbox/policy.ts: ${PYTHON_INSTRUCTIONS_PER_MS.toLocaleString('en')}, ${((100 * PYTHON_INSTRUCTIONS_PER_MS) / FUEL_PER_MS).toFixed(0)}% of FUEL_PER_MS)`);
