import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { runMatch } from '../../../src/match/run-match.js';
import { DEFAULT_BUDGETS } from '../../../src/sandbox/policy.js';
import { nodeBotLoaderWith, nodeHost } from '../../../src/sandbox/node-sources.js';
import type { SandboxHost } from '../../../src/sandbox/language.js';
import type { Bundle } from '../../../src/sandbox/types.js';
import { asyncifyWasi } from '../../../src/sandbox/webassembly/wasi-prepare.js';
import { wasiKind } from '../../../src/sandbox/webassembly/wasm-bot.js';

// Compiled by `npm run build` from test/fixtures/wasi-src/ when the wasm32-wasi toolchain is installed.
// Both spin through their fuel on one turn and trap on another (turns 3 and 6 in C, 150 and 160 in C++).
const PLAYERS = ['build/test-wasi/icy-chaos.wasm', 'build/test-wasi/icy-iostream.wasm'];
const jspiHost: SandboxHost = { ...nodeHost, jspi: true };
const fallbackHost: SandboxHost = { ...nodeHost, jspi: false };

// A turn's fuel well above what the players use, well below the default: the turn that spins runs out sooner.
const budgets = { ...DEFAULT_BUDGETS, turnFuel: 400_000_000 };

const play = (host: SandboxHost, bot: Bundle) =>
  runMatch({
    game: icyGame,
    options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
    seed: 5,
    budgets,
    bots: [bot, { kind: 'js', code: readFileSync('src/games/icy/bots/idle.js', 'utf8') }],
    load: nodeBotLoaderWith(host),
  });

describe.skipIf(nodeHost.jspi !== true)('a raw WASI player, with JSPI or through the asyncify fallback', () => {
  for (const file of PLAYERS)
    it.skipIf(!existsSync(file))(
      `${file} gives the same replay either way, fuel per turn, a turn out of fuel and a trap included`,
      async () => {
        const bot: Bundle = { kind: 'wasm', code: new Uint8Array(readFileSync(file)) };
        const [viaJspi, viaAsyncify] = [await play(jspiHost, bot), await play(fallbackHost, bot)];
        const calls = viaJspi.replay.turns.map((t) => t.calls[0]!);
        expect(calls.filter((c) => c.failure === 'over_budget')).toHaveLength(1);
        expect(calls.filter((c) => c.failure === 'crash' && /trap: unreachable/.test(c.detail ?? ''))).toHaveLength(1);
        expect(calls.filter((c) => c.failure === undefined).length).toBeGreaterThan(170);
        expect(viaJspi.result.forfeits).toEqual([]);
        expect(JSON.stringify(viaAsyncify.replay)).toBe(JSON.stringify(viaJspi.replay));
        expect(JSON.stringify(viaAsyncify.result)).toBe(JSON.stringify(viaJspi.result));
      },
      180_000,
    );

  it.skipIf(!existsSync('build/test-wasi/icy-chaos.wasm'))(
    'a module prepared by `umpire prepare-wasi` still plays, through asyncify, the same moves',
    async () => {
      const raw = new Uint8Array(readFileSync('build/test-wasi/icy-chaos.wasm'));
      const prepared = await asyncifyWasi(raw);
      expect(wasiKind(prepared)).toBe('prepared');
      const [asSent, asPrepared] = [
        await play(jspiHost, { kind: 'wasm', code: raw }),
        await play(jspiHost, { kind: 'wasm', code: prepared }),
      ];
      expect(asPrepared.result.forfeits).toEqual([]);
      expect(asPrepared.replay.turns.map((t) => [t.answers[0], t.calls[0]!.failure])).toEqual(
        asSent.replay.turns.map((t) => [t.answers[0], t.calls[0]!.failure]),
      );
    },
    180_000,
  );
});
