// Sandbox and match-runner figures (issue 3).
import { readFileSync } from 'node:fs';
import { DEFAULT_MAP, encodeView, initialState, ruleSet } from '../dist/games/icy/index.js';
import { icyGame } from '../dist/games/icy/game.js';
import { runMatch } from '../dist/match/run-match.js';
import { JsBot } from '../dist/sandbox/javascript/js-bot.js';
import { WasmBot } from '../dist/sandbox/webassembly/wasm-bot.js';
import { nodeBotLoader, nodeQuickJSModule, nodeWasmSessions } from '../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../dist/sandbox/types.js';
import { median } from './median.mjs';

const rules = ruleSet('queue2011');
/** The Icy start position as a player reads it (about 3 KB), what every per-call figure sends. */
export const view = encodeView(initialState(DEFAULT_MAP), 0, rules);
export const ctx = { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 };
export const budget = { fuel: 1e10 };

/** Microseconds per call of a loaded bot, after `warm` calls: the median of `runs` runs of `calls`. */
export async function perCall(bot, { warm = 500, runs = 1, calls = 5000 } = {}) {
  for (let i = 0; i < warm; i++) await bot.act(view, budget);
  const times = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) await bot.act(view, budget);
    times.push(((performance.now() - start) / calls) * 1000);
  }
  return median(times);
}

/**
 * A stateless bot's call, warm: V8 compiles the engine's hot WebAssembly functions again with
 * TurboFan in the background, which took longer than 500 calls (a trivial call took 25 µs after
 * 500, about 10 after 20,000), so the figure depended on what the bench had run before it.
 * Only for bots that answer every call alike: a bot that plays a match's turns stops after them.
 */
export const WARM_CALL = { warm: 20_000, runs: 3 };

/**
 * Matches played before a match is timed: after 30 V8 has optimized the match path and run its
 * first major collections (3 were too few: the next 20 still paid for both, 10 to 12 ms a match
 * against 8 to 9 after 30).
 */
export const WARM_MATCHES = 30;

const IDLE = { kind: 'js', code: readFileSync('src/games/icy/bots/idle.js', 'utf8') };
const options = { rules, map: DEFAULT_MAP };

/** One Icy match of two idle JS bots in this thread, loading included. */
export const idleMatch = () => runMatch({ game: icyGame, options, seed: 1, bots: [IDLE, IDLE], load: nodeBotLoader });

export async function run(report) {
  const js = await JsBot.load(nodeQuickJSModule, readFileSync('src/games/icy/bots/idle.js', 'utf8'), ctx);
  report(
    'sandbox: one call to a trivial JS bot (QuickJS, 3 KB input)',
    await perCall(js.bot, WARM_CALL),
    'us',
    '<= 10',
  );
  const wasm = await WasmBot.load(nodeWasmSessions, readFileSync('build/bots/hunter.wasm'), ctx);
  report('sandbox: one call to the AssemblyScript hunter (WebAssembly)', await perCall(wasm.bot), 'us');

  for (let i = 0; i < WARM_MATCHES; i++) await idleMatch();
  const batches = [];
  for (let b = 0; b < 5; b++) {
    const start = performance.now();
    for (let i = 0; i < 20; i++) await idleMatch();
    batches.push((performance.now() - start) / 20);
  }
  report(
    'match: two idle JS bots, 180 turns in-process (loading included), warm, median of 5 batches of 20',
    median(batches),
    'ms',
    '<= 10',
  );

  const hunter = { kind: 'js', code: readFileSync('src/games/icy/bots/hunter.js', 'utf8') };
  const planter = { kind: 'js', code: readFileSync('src/games/icy/bots/planter.js', 'utf8') };
  const t0 = performance.now();
  await runMatch({ game: icyGame, options, seed: 1, bots: [hunter, planter], load: nodeBotLoader });
  report('match: hunter vs planter in-process', performance.now() - t0, 'ms');
}
