import { UmpireError } from '../core/errors.js';
import type { CallRecord, MatchResult, Replay, SeatReport, TurnRecord } from '../core/match-types.js';
import type { GameRules } from '../core/game-rules.js';
import { LogTurnMarker, type SeatLogTurns } from '../core/log-turns.js';
import { DEFAULT_BUDGETS, type Budgets } from '../sandbox/policy.js';
import { defaultBudgetsOf } from './budgets.js';
import { terminatedCall } from './termination.js';
import {
  DEFAULT_LIMITS,
  type Bot,
  type BotLoader,
  type BotLimits,
  type Bundle,
  type LoadFailure,
  type LoadResult,
} from '../sandbox/types.js';

export type { BotLoader } from '../sandbox/types.js';

export interface MatchSpec<State, Options, Step> {
  readonly game: GameRules<State, Options, Step>;
  readonly options: Options;
  readonly seed: number;
  /** The game's defaults when absent. */
  readonly budgets?: Budgets;
  readonly limits?: BotLimits;
  /** One bundle per seat. */
  readonly bots: readonly Bundle[];
  readonly load: BotLoader;
  /** Seats that forfeit without loading (a preparation step failed apart), by seat. */
  readonly forfeits?: readonly (LoadFailure | null)[];
  /**
   * A Date.now() past which the match stops between calls with MATCH_DEADLINE,
   * for runtimes without a worker pool to kill it (Lambda, Workers).
   */
  readonly deadline?: number;
}

export type { CallRecord, MatchResult, Replay, SeatReport, TurnRecord } from '../core/match-types.js';

/** Mixes the match seed with a seat number into a bot's own seed (splitmix32 finalizer). */
export function seatSeed(seed: number, seat: number): number {
  let z = (seed + Math.imul(seat + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Plays a whole match in-process: loads every bot (a bundle that fails to
 * load forfeits), then asks the bots for answers step by step under their
 * fuel budgets until the game is over. Never throws for anything a bot does.
 */
export async function runMatch<State, Options, Step>(
  spec: MatchSpec<State, Options, Step>,
): Promise<{ result: MatchResult; replay: Replay<Step>; logTurns: SeatLogTurns[] }> {
  const { game, options, seed } = spec;
  const budgets = spec.budgets ?? defaultBudgetsOf(game.id) ?? DEFAULT_BUDGETS;
  const limits = spec.limits ?? DEFAULT_LIMITS;
  const players = game.players(options);
  if (spec.bots.length !== players.length)
    throw new RangeError(`${game.id} needs ${players.length} bots, got ${spec.bots.length}`);

  // Each bot's answer to the handshake, for games that keep it (afterHandshake).
  const greetings: (string | null)[] = spec.bots.map(() => null);
  const loaded = await Promise.all(
    spec.bots.map(async (bundle, seat): Promise<LoadResult> => {
      const failed = spec.forfeits?.[seat];
      if (failed) return { ok: false, failure: failed };
      const l = await spec.load(bundle, { limits, seed: seatSeed(seed, seat), loadFuel: budgets.loadFuel });
      return l.ok && game.handshake
        ? shakeHands(l.bot, game.handshake, budgets, (answer) => (greetings[seat] = answer))
        : l;
    }),
  );
  const bots: (Bot | null)[] = loaded.map((l) => (l.ok ? l.bot : null));
  // Where each turn's part of each log ends: turn -1 is the load and handshake.
  const markers = players.map(() => new LogTurnMarker());
  bots.forEach((bot, seat) => bot && markers[seat]!.note(-1, bot.log().length));
  const stats = players.map(() => ({
    fuel: 0,
    overBudget: 0,
    errors: 0,
    crashes: 0,
    bank: budgets.timeBankFuel,
    calls: 0,
    safetyCap: false,
  }));
  const terminatedAt: (number | null)[] = players.map(() => null);
  // What a terminated bot left behind, as it is disposed of at once.
  const killed: ({ log: string; crashes: number } | null)[] = players.map(() => null);
  const forfeits = loaded.flatMap((l, seat) => (l.ok ? [] : [seat]));
  const turns: TurnRecord<Step>[] = [];
  let state = game.setup(options);
  if (game.afterHandshake) {
    for (const [seat, answer] of greetings.entries())
      if (answer !== null && loaded[seat]!.ok) state = game.afterHandshake(state, seat, answer, options);
  }

  let crashesAtEnd: readonly number[] | null = null;
  if (forfeits.length === 0 || game.keepsForfeitedSeats) {
    while (!game.isOver(state)) {
      if (spec.deadline !== undefined && Date.now() > spec.deadline) {
        for (const bot of bots) bot?.dispose();
        throw new UmpireError({
          code: 'MATCH_DEADLINE',
          message: `the match ran past its deadline at turn ${turns.length}`,
        });
      }
      const seats = game.toAnswer(state);
      const calls = await Promise.all(
        seats.map(async (seat) => {
          const bot = bots[seat];
          const ended = terminatedAt[seat]!;
          if (ended !== null) return { output: null, call: terminatedCall(ended) };
          if (!bot)
            return { output: null, call: { fuel: 0, failure: 'error' as const, detail: 'no bot: it forfeited' } };
          const s = stats[seat]!;
          const allowance = s.calls === 0 ? budgets.firstTurnFuel : budgets.turnFuel;
          s.calls++;
          const r = await bot.act(game.observe(state, seat, options), { fuel: allowance + s.bank });
          s.bank -= Math.max(0, Math.min(s.bank, r.fuel - allowance));
          s.fuel += r.fuel;
          if (r.failure === 'over_budget') s.overBudget++;
          else if (r.failure === 'error') s.errors++;
          if (r.safetyCap) s.safetyCap = true;
          markers[seat]!.note(turns.length, bot.log().length);
          const terminate = game.terminatesLateBots === true && r.failure === 'over_budget';
          if (terminate) {
            terminatedAt[seat] = turns.length;
            killed[seat] = { log: bot.log(), crashes: bot.crashes };
            bot.dispose();
            bots[seat] = null;
          }
          const call: CallRecord = {
            fuel: r.fuel,
            ...(r.failure ? { failure: r.failure } : {}),
            ...(r.detail ? { detail: r.detail } : {}),
            ...(r.truncated ? { truncated: true } : {}),
            ...(terminate ? { terminated: 'over_budget' as const } : {}),
            ...(r.safetyCap ? { safetyCap: true as const } : {}),
          };
          return { output: r.output, call };
        }),
      );
      const answers = calls.map((c) => c.output);
      const next = game.step(
        state,
        answers.map((text) => (text === null ? null : { text })),
        options,
      );
      turns.push({ turn: turns.length, answers, calls: calls.map((c) => c.call), step: next.record });
      state = next.state;
    }
    crashesAtEnd = bots.map((bot) => bot?.crashes ?? 0);
    if (game.farewell) {
      await sayFarewell(bots, (seat) => game.farewell!(state, seat, options), budgets);
      bots.forEach((bot, seat) => bot && markers[seat]!.note(turns.length, bot.log().length));
    }
  }

  const outcome = game.result(state);
  // A seat the safety cap stopped, in a call or while loading: the match is not reproducible.
  const capped = stats.map((s, seat) => {
    const load = loaded[seat]!;
    return s.safetyCap || (!load.ok && load.failure.safetyCap === true);
  });
  const seatsReport: SeatReport[] = players.map((name, seat) => {
    const s = stats[seat]!;
    const load = loaded[seat]!;
    const ended = terminatedAt[seat] ?? null;
    return {
      name,
      fuel: s.fuel,
      overBudget: s.overBudget,
      errors: s.errors,
      crashes: killed[seat]?.crashes ?? crashesAtEnd?.[seat] ?? bots[seat]?.crashes ?? 0,
      ...(load.ok ? {} : { forfeit: load.failure }),
      ...(ended !== null ? { terminatedAt: ended } : {}),
      ...(capped[seat] ? { safetyCap: true as const } : {}),
      log: killed[seat]?.log ?? bots[seat]?.log() ?? '',
    };
  });
  for (const bot of bots) bot?.dispose();
  const winner =
    forfeits.length === 0 || game.keepsForfeitedSeats
      ? outcome.winner
      : forfeits.length === players.length - 1
        ? players.findIndex((_, s) => !forfeits.includes(s))
        : null;
  return {
    result: {
      winner,
      scores: outcome.scores,
      details: outcome.details,
      turns: turns.length,
      seats: seatsReport,
      forfeits,
      ...(capped.includes(true) ? { safetyCap: true as const } : {}),
    },
    replay: { game: game.id, seed, budgets, players, turns },
    logTurns: markers.map((m) => m.done()),
  };
}

/** The handshake call: a bot that does not answer `expect` is dropped like one that failed to load; `keep` gets an accepted answer. */
async function shakeHands(
  bot: Bot,
  handshake: NonNullable<GameRules<unknown, unknown>['handshake']>,
  budgets: Budgets,
  keep: (answer: string) => void,
): Promise<LoadResult> {
  const r = await bot.act(handshake.input, { fuel: budgets.firstTurnFuel });
  const first = r.output
    ?.split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  const accepted = r.output !== null && (handshake.accepts ? handshake.accepts(r.output) : first === handshake.expect);
  if (accepted) {
    keep(r.output!);
    return { ok: true, bot };
  }
  bot.dispose();
  const why =
    r.output === null
      ? (r.failure ?? 'no answer') + (r.detail ? ` (${r.detail})` : '')
      : `answered '${(first ?? '').slice(0, 20)}'`;
  return {
    ok: false,
    failure: {
      code: 'NO_HANDSHAKE',
      message: `the bot did not print ${handshake.expect}: ${why}`,
      ...(r.safetyCap ? { safetyCap: true as const } : {}),
    },
  };
}

/**
 * The game's end marker (Icy's and Capture's `-1`), sent to stdin/stdout
 * players still in play so they see the end, as the originals did. What
 * they do with it is not part of the match: its answer, fuel and any
 * failure are ignored, and a crash there is not counted.
 */
async function sayFarewell(
  bots: readonly (Bot | null)[],
  marker: (seat: number) => string,
  budgets: Budgets,
): Promise<void> {
  await Promise.all(
    bots.map(async (bot, seat) => {
      if (!bot?.stdio) return;
      await bot.act(marker(seat), { fuel: budgets.turnFuel });
    }),
  );
}
