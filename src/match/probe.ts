import { DEFAULT_LIMITS } from '../sandbox/types.js';
import { defaultBudgets, sandboxEngine } from './budgets.js';
import type { ProbeRequest, ProbeResult } from './runner.js';
import type { BotLoader } from './run-match.js';

/** A bundle passes when it loads and answers the first calls of a match of its game (the game's probeViews), at the game's default budgets. */
export async function probeBot(load: BotLoader, { game, bundle }: ProbeRequest): Promise<ProbeResult> {
  const engine = sandboxEngine(game);
  if (!engine) throw new RangeError(`${game} bots are texts: there is nothing to run`);
  const budgets = defaultBudgets(game);
  const loaded = await load(bundle, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: budgets.loadFuel });
  if (!loaded.ok) return { ok: false, stage: 'load', failure: loaded.failure };
  try {
    for (const view of engine.probeViews()) {
      const r = await loaded.bot.act(view, { fuel: budgets.firstTurnFuel });
      if (r.output === null)
        return { ok: false, stage: 'turn', failure: r.failure ?? 'error', ...(r.detail ? { detail: r.detail } : {}) };
    }
    return { ok: true };
  } finally {
    loaded.bot.dispose();
  }
}
