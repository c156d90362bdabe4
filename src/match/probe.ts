import { blockDropGame } from '../games/blockdrop/game.js';
import { captureGame } from '../games/capture/game.js';
import { DEFAULT_MAP, RED, encodeView, initialState, ruleSet } from '../games/icy/index.js';
import { DEFAULT_LIMITS } from '../sandbox/types.js';
import { defaultBudgets } from './budgets.js';
import type { GameId } from './games.js';
import type { ProbeRequest, ProbeResult } from './job.js';
import type { BotLoader } from './run-match.js';

/** What a bot of each game is shown on upload: its handshake, if the game has one, then the first turn as the first player. */
const FIRST_CALLS: Readonly<Record<GameId, () => string[]>> = {
  icy: () => [encodeView(initialState(DEFAULT_MAP), RED, ruleSet('queue2011'))],
  blockdrop: () => [blockDropGame.handshake!.input, blockDropGame.observe(blockDropGame.setup({ seed: 1 }), 0, { seed: 1 })],
  capture: () => [captureGame.observe(captureGame.setup({}), 0, {})],
};

/** A bundle passes when it loads and answers the first calls of a match of its game, at the game's default budgets. */
export async function probeBot(load: BotLoader, { game, bundle }: ProbeRequest): Promise<ProbeResult> {
  const budgets = defaultBudgets(game);
  const loaded = await load(bundle, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: budgets.loadFuel, wallMs: budgets.wallMs });
  if (!loaded.ok) return { ok: false, stage: 'load', failure: loaded.failure };
  try {
    for (const view of FIRST_CALLS[game]()) {
      const r = await loaded.bot.act(view, { fuel: budgets.firstTurnFuel, wallMs: budgets.wallMs });
      if (r.output === null) return { ok: false, stage: 'turn', failure: r.failure ?? 'error', ...(r.detail ? { detail: r.detail } : {}) };
    }
    return { ok: true };
  } finally {
    loaded.bot.dispose();
  }
}
