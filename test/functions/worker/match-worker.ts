// A test-only Worker: plays a match in the real Workers runtime and answers with it.
// Body: { game?: 'icy' | 'capture', red: Bundle, blue: Bundle, seed, budgets? }, WebAssembly bundles as base64.
import quickjs from '../../../build/quickjs-metered.wasm';
import micropython from '../../../build/micropython-metered.wasm';
import micropythonBridge from '../../../build/micropython-bridge.wasm';
import depthAccess from '../../../build/wasm-depth-access.wasm';
import harnessSource from '../../../build/wasm-harness-source.js';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { captureGame } from '../../../src/games/capture/game.js';
import { runMatch } from '../../../src/match/run-match.js';
import type { Budgets } from '../../../src/sandbox/policy.js';
import type { Bundle } from '../../../src/sandbox/types.js';
import { workersBotLoader, type WorkerLoader } from '../../../src/sandbox/workers.js';

interface Posted {
  kind: string;
  code: string;
}

/** The games this Worker plays: Icy (the 2011 rules, default map) and Capture. */
const ENGINES = {
  icy: { game: icyGame, options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP } },
  capture: { game: captureGame, options: {} },
} as const;

const bundle = (p: Posted): Bundle =>
  p.kind === 'wasm'
    ? { kind: 'wasm', code: Uint8Array.from(atob(p.code), (c) => c.charCodeAt(0)) }
    : { kind: p.kind, code: p.code };

export default {
  async fetch(request: Request, env: { LOADER: WorkerLoader }): Promise<Response> {
    const body = (await request.json()) as {
      game?: keyof typeof ENGINES;
      red: Posted;
      blue: Posted;
      seed: number;
      budgets?: Budgets;
    };
    const engine = ENGINES[body.game ?? 'icy'];
    const { result, replay } = await runMatch({
      game: engine.game as typeof icyGame,
      options: engine.options as never,
      seed: body.seed,
      ...(body.budgets ? { budgets: body.budgets } : {}),
      bots: [bundle(body.red), bundle(body.blue)],
      load: workersBotLoader({
        loader: env.LOADER,
        engines: {
          'quickjs-metered.wasm': quickjs,
          'micropython-metered.wasm': micropython,
          'micropython-bridge.wasm': micropythonBridge,
          'wasm-depth-access.wasm': depthAccess,
        },
        harnessSource,
      }),
    });
    return Response.json({ result, replay });
  },
};
