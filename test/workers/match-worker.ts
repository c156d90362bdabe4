// A test-only Worker: plays a match in the real Workers runtime and answers with it.
// Body: { red: Bundle, blue: Bundle, seed, budgets? }, WebAssembly bundles as base64.
import quickjs from '../../build/quickjs-metered.wasm';
import harnessSource from '../../build/wasm-harness-source.js';
import { DEFAULT_MAP, ruleSet } from '../../src/games/icy/index.js';
import { icyGame } from '../../src/games/icy/game.js';
import { runMatch } from '../../src/match/run-match.js';
import type { Budgets } from '../../src/sandbox/policy.js';
import type { Bundle } from '../../src/sandbox/types.js';
import { workersBotLoader, type WorkerLoader } from '../../src/sandbox/workers.js';

interface Posted {
  kind: 'js' | 'wasm';
  code: string;
}

const bundle = (p: Posted): Bundle =>
  p.kind === 'js' ? { kind: 'js', code: p.code } : { kind: 'wasm', code: Uint8Array.from(atob(p.code), (c) => c.charCodeAt(0)) };

export default {
  async fetch(request: Request, env: { LOADER: WorkerLoader }): Promise<Response> {
    const body = (await request.json()) as { red: Posted; blue: Posted; seed: number; budgets?: Budgets };
    const { result, replay } = await runMatch({
      game: icyGame,
      options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
      seed: body.seed,
      ...(body.budgets ? { budgets: body.budgets } : {}),
      bots: [bundle(body.red), bundle(body.blue)],
      load: workersBotLoader({ loader: env.LOADER, quickjs, harnessSource }),
    });
    return Response.json({ result, replay });
  },
};
