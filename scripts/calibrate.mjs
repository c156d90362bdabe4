// `npm run calibrate`: measures how much fuel the metered QuickJS burns per
// millisecond of bot work on this machine, at steady state (after V8 has
// optimized the engine). The result sets FUEL_PER_MS in src/sandbox/policy.ts,
// from which the default budgets (1 s first turn, 0.5 s later turns) follow.
import { readFileSync } from 'node:fs';
import { JsBot } from '../dist/sandbox/quickjs/js-bot.js';
import { nodeQuickJSModule } from '../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../dist/sandbox/types.js';
import { FUEL_PER_MS } from '../dist/sandbox/policy.js';
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
