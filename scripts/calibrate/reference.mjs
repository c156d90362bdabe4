// The reference work of `npm run calibrate`: the bot-like QuickJS workload
// FUEL_PER_MS was measured on, and the same work in Python for
// PYTHON_INSTRUCTIONS_PER_MS.
import { JsBot } from '../../dist/sandbox/javascript/js-bot.js';
import { PyBot } from '../../dist/sandbox/python/py-bot.js';
import { nodeMicroPythonModule, nodeQuickJSModule } from '../../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../dist/sandbox/types.js';
import { DEFAULT_MAP, encodeView, initialState, ruleSet } from '../../dist/games/icy/index.js';

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
            if len(k) < 2:
                continue
            acc += seen.get(k[0] * 31 + k[1], (0,))[0] + (k[0] * k[0] + k[1] * k[1]) ** 0.5
        acc += len(str(kids)) + sorted(seen.keys(), reverse=True)[0]
    return str(acc)
`;

const view = encodeView(initialState(DEFAULT_MAP), 0, ruleSet('queue2011'));

/** A benchmark (measure.mjs) that runs `rounds` of the workload in one call of a loaded bot. */
function workloadBench(name, bot) {
  return {
    name,
    start: 1,
    max: 100_000,
    run: async (n) => {
      const start = performance.now();
      const r = await bot.act(`${n}|${view}`, { fuel: 1e13 });
      const ms = performance.now() - start;
      if (r.failure) throw new Error(`${name}: ${r.detail}`);
      return { ms, fuel: r.fuel };
    },
  };
}

export async function jsReference() {
  const loaded = await JsBot.load(nodeQuickJSModule, WORKLOAD, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 });
  if (!loaded.ok) throw new Error(loaded.failure.message);
  return workloadBench('reference: the QuickJS workload', loaded.bot);
}

export async function pythonReference() {
  const loaded = await PyBot.load(nodeMicroPythonModule, PY_WORKLOAD, {
    limits: DEFAULT_LIMITS,
    seed: 1,
    loadFuel: 1e10,
  });
  if (!loaded.ok) throw new Error(loaded.failure.message);
  return workloadBench('the same workload in Python', loaded.bot);
}
