// Sandbox and match-runner figures (issue 3).
import { readFileSync } from 'node:fs';
import { DEFAULT_MAP, encodeView, initialState, ruleSet } from '../dist/games/icy/index.js';
import { icyGame } from '../dist/games/icy/game.js';
import { runMatch } from '../dist/match/run-match.js';
import { JsBot } from '../dist/sandbox/javascript/js-bot.js';
import { WasmBot } from '../dist/sandbox/webassembly/wasm-bot.js';
import { nodeBotLoader, nodeQuickJSModule, nodeWasmSessions } from '../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../dist/sandbox/types.js';

const rules = ruleSet('queue2011');
/** The Icy start position as a player reads it (about 3 KB), what every per-call figure sends. */
export const view = encodeView(initialState(DEFAULT_MAP), 0, rules);
export const ctx = { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 };
export const budget = { fuel: 1e10 };

/** Microseconds per call of a loaded bot, after a warm-up. */
export async function perCall(bot, calls = 5000) {
  for (let i = 0; i < 500; i++) await bot.act(view, budget);
  const start = performance.now();
  for (let i = 0; i < calls; i++) await bot.act(view, budget);
  return ((performance.now() - start) / calls) * 1000;
}

export async function run(report) {
  const js = await JsBot.load(nodeQuickJSModule, readFileSync('src/games/icy/bots/idle.js', 'utf8'), ctx);
  report('sandbox: one call to a trivial JS bot (QuickJS, 3 KB input)', await perCall(js.bot), 'us', '<= 100');
  const wasm = await WasmBot.load(nodeWasmSessions, readFileSync('build/bots/hunter.wasm'), ctx);
  report('sandbox: one call to the AssemblyScript hunter (WebAssembly)', await perCall(wasm.bot), 'us');

  const idle = { kind: 'js', code: readFileSync('src/games/icy/bots/idle.js', 'utf8') };
  const options = { rules, map: DEFAULT_MAP };
  const match = () => runMatch({ game: icyGame, options, seed: 1, bots: [idle, idle], load: nodeBotLoader });
  for (let i = 0; i < 3; i++) await match();
  const n = 20;
  const start = performance.now();
  for (let i = 0; i < n; i++) await match();
  report(
    'match: two idle JS bots, 180 turns in-process (loading included)',
    (performance.now() - start) / n,
    'ms',
    '<= 50',
  );

  const hunter = { kind: 'js', code: readFileSync('src/games/icy/bots/hunter.js', 'utf8') };
  const planter = { kind: 'js', code: readFileSync('src/games/icy/bots/planter.js', 'utf8') };
  const t0 = performance.now();
  await runMatch({ game: icyGame, options, seed: 1, bots: [hunter, planter], load: nodeBotLoader });
  report('match: hunter vs planter in-process', performance.now() - t0, 'ms');
}
