// Block drop played by umpire's own engine (from dist/): with the real bots through umpire's Node
// loader, or with a game's recorded answers fed back in order. Either way every input each bot
// gets is kept.
import { blockDropGame } from '../../../dist/games/blockdrop/game.js';
import { initialState } from '../../../dist/games/blockdrop/setup.js';
import { runMatch } from '../../../dist/match/run-match.js';
import { nodeBotLoader } from '../../../dist/sandbox/node-sources.js';
import { GENEROUS } from './budgets.mjs';
import { umpireTrace } from './trace.mjs';

/** Plays `bundles` (one per seat) with `load`; returns the trace and each seat's calls ({ input, output }, the handshake first). */
async function play(seed, bundles, load) {
  const calls = bundles.map(() => []);
  const recording = async (bundle, ctx) => {
    const seat = bundles.indexOf(bundle);
    const loaded = await load(bundle, ctx, seat);
    if (!loaded.ok) return loaded;
    const bot = loaded.bot;
    return {
      ok: true,
      bot: {
        async act(input, budget) {
          const r = await bot.act(input, budget);
          calls[seat].push({ input, output: r.output });
          return r;
        },
        log: () => bot.log(),
        get crashes() {
          return bot.crashes;
        },
        stdio: bot.stdio,
        dispose: () => bot.dispose(),
      },
    };
  };
  const match = await runMatch({
    game: blockDropGame,
    options: { seed },
    seed,
    budgets: GENEROUS,
    bots: bundles,
    load: recording,
  });
  const inputs = calls.map((c) => c.slice(1).map((x) => x.input));
  return { trace: umpireTrace(match, initialState(seed), inputs), calls, match };
}

/** The real bots, loaded as umpire loads them. */
export function playLive(seed, bundles) {
  return play(seed, bundles, (bundle, ctx) => nodeBotLoader(bundle, ctx));
}

/** Bots that give each seat's recorded answers in order (null once they run out). */
export function playRecorded(seed, answers) {
  const bundles = answers.map((_, k) => ({ kind: 'js', code: `recorded seat ${k}` }));
  return play(seed, bundles, async (_bundle, _ctx, seat) => {
    let next = 0;
    return {
      ok: true,
      bot: {
        act: async () => ({ output: answers[seat][next++] ?? null, fuel: 0 }),
        log: () => '',
        crashes: 0,
        dispose() {},
      },
    };
  });
}
