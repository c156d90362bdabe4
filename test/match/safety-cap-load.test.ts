import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../src/games/icy/index.js';
import { icyGame } from '../../src/games/icy/game.js';
import { runMatch, type BotLoader } from '../../src/match/run-match.js';
import { capClockPace } from '../../src/sandbox/cpu-clock.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { FUEL_PER_MS, type Budgets } from '../../src/sandbox/policy.js';
import { safetyCapMs } from '../../src/sandbox/safety-cap.js';
import type { Bundle, CallBudget } from '../../src/sandbox/types.js';

/**
 * On a loaded host no fair bot is cut by the safety cap, because the cap
 * measures the thread's CPU time: threads spinning on every core slow the
 * match down on the wall clock, not in CPU time. Two bots that use about
 * their whole fuel on each of their first calls (JavaScript red, Python
 * blue) play an unloaded match, then the same match while worker threads
 * spin on every core. The cap's factor is set to 3 times the most CPU time
 * per unit of fuel time the unloaded calls took, so that a cap on the wall
 * clock would have cut the loaded calls, which took several times as long.
 * No call is cut, and the two replays are the same byte for byte.
 */

/** ms of fuel a later turn gets (the first gets twice this); each heavy call uses about 90% of it, by the fuel clock. */
const TURN_MS = 25;
/** Each bot's first calls that use about their whole fuel; the rest answer at once. */
const HEAVY = 4;
const budgets: Budgets = {
  firstTurnFuel: 2 * TURN_MS * FUEL_PER_MS,
  turnFuel: TURN_MS * FUEL_PER_MS,
  timeBankFuel: 0,
  loadFuel: 1000 * FUEL_PER_MS,
};

const ANSWER = 'idle\\nidle\\nidle\\nidle\\n';
/** Date.now() is the bot's fuel clock: it spins on arithmetic until 90% of its turn's fuel is gone. */
const HEAVY_JS = `let calls = 0;
export default function act() {
  calls++;
  if (calls <= ${HEAVY}) {
    const limit = (calls === 1 ? 2 : 1) * ${TURN_MS} * 0.9;
    const start = Date.now();
    let x = 0;
    while (Date.now() - start < limit) for (let k = 0; k < 2000; k++) x = (x * 31 + k) | 0;
  }
  return '${ANSWER}';
}`;
/** The same in Python, on time.ticks_ms(), its fuel clock. */
const HEAVY_PY = `import time
calls = 0
def act(state):
    global calls
    calls += 1
    if calls <= ${HEAVY}:
        limit = (2 if calls == 1 else 1) * ${TURN_MS} * 9 // 10
        start = time.ticks_ms()
        x = 0
        while time.ticks_diff(time.ticks_ms(), start) < limit:
            for k in range(200):
                x = (x * 31 + k) & 0xffff
    return '${ANSWER}'
`;
const bots: Bundle[] = [
  { kind: 'js', code: HEAVY_JS, name: 'heavy.js' },
  { kind: 'py', code: HEAVY_PY, name: 'heavy.py' },
];

interface Timing {
  readonly seat: number;
  readonly call: number;
  /** The call's budget, and the fuel it used. */
  readonly budget: number;
  readonly fuel: number;
  /** ms of this thread's CPU time and of the wall clock the call took. */
  readonly cpu: number;
  readonly wall: number;
}

const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Plays the match with the host's cap factor `factor` (the default without),
 * timing every call: a bot's call runs at once to its end when it is made
 * (nothing here reloads), so the clocks are read around it, not its promise.
 */
async function play(factor?: number) {
  const timings: Timing[] = [];
  const load: BotLoader = async (bundle, ctx) => {
    const loaded = await nodeBotLoader(bundle, factor === undefined ? ctx : { ...ctx, safetyCapFactor: factor });
    if (!loaded.ok) return loaded;
    const bot = loaded.bot;
    const seat = bots.findIndex((b) => b.kind === bundle.kind);
    const act = bot.act.bind(bot);
    let calls = 0;
    bot.act = (input: string, budget: CallBudget) => {
      const [cpu0, wall0] = [cpuMs(), performance.now()];
      const result = act(input, budget);
      const [cpu, wall] = [cpuMs() - cpu0, performance.now() - wall0];
      calls++;
      void result.then((r) => timings.push({ seat, call: calls, budget: budget.fuel, fuel: r.fuel, cpu, wall }));
      return result;
    };
    return loaded;
  };
  const played = await runMatch({
    game: icyGame,
    options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
    seed: 5,
    budgets,
    bots,
    load,
  });
  return { ...played, timings };
}

/** Worker threads spinning until `ms` have passed (or they are terminated), `perCore` for each core. */
async function spin(perCore: number, ms: number): Promise<() => Promise<void>> {
  const count = perCore * Math.max(2, availableParallelism());
  const workers = Array.from(
    { length: count },
    () => new Worker(`const end = Date.now() + ${ms}; while (Date.now() < end) {}`, { eval: true }),
  );
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('online', resolve))));
  return async () => {
    await Promise.all(workers.map((w) => w.terminate()));
  };
}

const heavy = (t: Timing) => t.call <= HEAVY;
/** CPU time per ms of the call's fuel budget. */
const perFuelMs = (t: Timing) => t.cpu / (t.budget / FUEL_PER_MS);

describe('the safety cap on a loaded host', () => {
  it('cuts no fair bot, and the replay is byte-identical to an unloaded run', async () => {
    await play(); // compiles and optimizes the engines, so both timed runs find them warm
    const quiet = await play();
    const quietHeavy = quiet.timings.filter(heavy);
    expect(quietHeavy).toHaveLength(2 * HEAVY);
    // The heavy calls used about their whole fuel.
    for (const t of quietHeavy) expect(t.fuel).toBeGreaterThan(0.85 * t.budget);
    expect(quiet.result.safetyCap).toBeUndefined();

    // A cap three times over what any of these calls took, in CPU time per unit of fuel time. The
    // cap's clock runs at the host's pace (measured in the first play): the factor is in its time.
    const factor = (3 * Math.max(...quietHeavy.map(perFuelMs))) / capClockPace();
    const stop = await spin(3, 120_000);
    let loaded: Awaited<ReturnType<typeof play>>;
    try {
      loaded = await play(factor);
    } finally {
      await stop();
    }

    expect(loaded.result.safetyCap).toBeUndefined();
    expect(loaded.result.seats.map((s) => s.safetyCap ?? null)).toEqual([null, null]);
    expect(loaded.replay.turns.flatMap((t) => t.calls).filter((c) => c.failure || c.safetyCap)).toEqual([]);
    expect(JSON.stringify(loaded.replay)).toBe(JSON.stringify(quiet.replay));
    expect(JSON.stringify(loaded.result)).toBe(JSON.stringify(quiet.result));

    // The load was real: the heavy calls took far longer on the wall clock than in CPU time,
    // and on the wall clock some of them ran past the cap that CPU time kept them under.
    const loadedHeavy = loaded.timings.filter(heavy);
    const sum = (f: (t: Timing) => number) => loadedHeavy.reduce((n, t) => n + f(t), 0);
    expect(sum((t) => t.wall)).toBeGreaterThan(1.5 * sum((t) => t.cpu));
    const cap = (t: Timing) => safetyCapMs(t.budget, factor) * capClockPace();
    expect(loadedHeavy.every((t) => t.cpu < cap(t))).toBe(true);
    expect(loadedHeavy.filter((t) => t.wall > cap(t)).length).toBeGreaterThan(0);
  }, 180_000);
});
