import { formatAction, parseActionLine, IDLE, type Outcome } from './actions.js';
import { CELLS, CHILDREN, type Holding } from './constants.js';
import { parseMap, type IcyMap } from './map.js';
import { GROUND_LETTERS } from './protocol.js';
import { result as gameResult } from './result.js';
import { ruleSet, type RuleSetName } from './rules.js';
import { advance, type ThrowEnd } from './simulate.js';
import { cloneState, initialState, type IcyState } from './state.js';
import { historyFromActions } from './turns.js';

/**
 * The replay format, version 1 (JSON, schema in docs/replay.schema.json).
 * It is lossless: the actions of every turn re-simulate the game exactly, so
 * the original turn history can be regenerated. Key frames (the full state
 * every {@link KEYFRAME_INTERVAL} turns, turn 0 first) let a viewer show any
 * turn after re-simulating at most that many turns.
 */
export const REPLAY_FORMAT = 'umpire-replay';
export const REPLAY_VERSION = 1;
export const KEYFRAME_INTERVAL = 20;

export interface ReplayBot {
  readonly name: string | null;
  readonly sha256: string | null;
  /** A bot language's kind ('js', 'py', 'wasm'...), or 'history'. */
  readonly kind: string;
}

export interface ReplayManifest {
  readonly engine: string;
  readonly game: 'icy';
  readonly rules: RuleSetName;
  readonly map: { readonly name: string | null; readonly sha256: string | null };
  readonly seed: number | null;
  readonly budgets: Readonly<Record<string, number>> | null;
  readonly bots: { readonly red: ReplayBot; readonly blue: ReplayBot };
}

/** A state, compactly: heights base 36 and contents as letters, one character per space. */
export interface EncodedState {
  readonly turn: number;
  readonly height: string;
  readonly ground: string;
  /** Per child: x, y, standing (1/0), holding, dazed. */
  readonly children: readonly (readonly number[])[];
  readonly score: readonly [number, number];
  readonly hitScore: readonly [number, number];
  readonly domain: readonly [number, number];
  readonly domainSum: readonly [number, number];
  readonly knockback: readonly (readonly [number, number])[];
}

/** One bot call: fuel used, and why it gave no answer, if it did not (`safetyCap` when the safety cap stopped it). */
export interface EncodedCall {
  readonly f: number;
  readonly x?: string;
  readonly d?: string;
  readonly safetyCap?: true;
}

/** What happened in one turn (from state `t` to `t + 1`). */
export interface EncodedTurn {
  /** The eight actions played, engine order and coordinates. */
  readonly a: readonly string[];
  /** Per child: '' done, 'b<step>' blocked, or the cancel reason. */
  readonly o: readonly string[];
  /** Throws: [thrower, steps flown, end, child hit or catching (-1 for none)]. */
  readonly t?: readonly (readonly [number, number, ThrowEnd, number])[];
  /** Scores after the turn. */
  readonly s: readonly [number, number];
  /** The two bots' calls (absent for games imported from a turn history). */
  readonly c?: readonly EncodedCall[];
}

export interface IcyReplay {
  readonly format: typeof REPLAY_FORMAT;
  readonly version: typeof REPLAY_VERSION;
  readonly game: 'icy';
  readonly manifest: ReplayManifest;
  /** The map in the original text format. */
  readonly map: string;
  readonly result: {
    readonly winner: 'red' | 'blue' | 'draw';
    readonly decidedBy: string;
    readonly forfeit: 'red' | 'blue' | 'both' | null;
    readonly scores: readonly [number, number];
    readonly hitScores: readonly [number, number];
    readonly domainSums: readonly [number, number];
    readonly turns: number;
  };
  readonly keyframeInterval: number;
  readonly keyframes: readonly EncodedState[];
  readonly turns: readonly EncodedTurn[];
  /** Set when a safety cap on CPU time stopped a call or a load: the match is not reproducible. */
  readonly safetyCap?: true;
}

export interface ReplayTurnInput {
  /** The eight actions played (engine coordinates). */
  readonly actions: readonly string[];
  /** Outcomes as the match recorded them (they carry malformed lines and missing answers). */
  readonly outcomes?: readonly Outcome[];
  readonly calls?: readonly EncodedCall[];
}

/**
 * Builds a replay by re-simulating the actions from the map: everything but
 * the manifest, the outcomes of answers the engine never saw, and the bot
 * calls is derived here, so a replay cannot disagree with the engine.
 */
export function buildReplay(input: {
  manifest: ReplayManifest;
  map: IcyMap;
  mapText: string;
  turns: readonly ReplayTurnInput[];
  forfeit?: 'red' | 'blue' | 'both' | null;
  /** Whether a safety cap stopped a call or a load of the match. */
  safetyCap?: boolean;
}): IcyReplay {
  const rules = ruleSet(input.manifest.rules);
  const state = initialState(input.map);
  const keyframes: EncodedState[] = [encodeState(state)];
  const turns: EncodedTurn[] = [];
  for (const t of input.turns) {
    const actions = t.actions.map((line) => {
      const p = parseActionLine(line);
      return p.ok ? p.action : IDLE;
    });
    const events = advance(state, actions, rules);
    const outcomes = t.outcomes ?? events.outcomes;
    const throws = events.throws.map((f) => [f.thrower, f.path.length, f.end, f.child ?? -1] as const);
    turns.push({
      a: actions.map(formatAction),
      o: outcomes.map(encodeOutcome),
      ...(throws.length > 0 ? { t: throws } : {}),
      s: [state.score[0], state.score[1]],
      ...(t.calls ? { c: t.calls } : {}),
    });
    if (state.turn % KEYFRAME_INTERVAL === 0) keyframes.push(encodeState(state));
  }
  const r = gameResult(state);
  const forfeit = input.forfeit ?? null;
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: 'icy',
    manifest: input.manifest,
    map: input.mapText,
    result: {
      winner: forfeit === 'red' ? 'blue' : forfeit === 'blue' ? 'red' : forfeit === 'both' ? 'draw' : r.winner,
      decidedBy: forfeit ? 'forfeit' : r.decidedBy,
      forfeit,
      scores: r.score,
      hitScores: r.hitScore,
      domainSums: r.domainSum,
      turns: turns.length,
    },
    keyframeInterval: KEYFRAME_INTERVAL,
    keyframes,
    turns,
    ...(input.safetyCap ? { safetyCap: true as const } : {}),
  };
}

export function encodeOutcome(o: Outcome): string {
  return o.status === 'done' ? '' : o.status === 'blocked' ? `b${o.step}` : o.reason;
}

const HEIGHT_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

export function encodeState(s: IcyState): EncodedState {
  let height = '';
  let ground = '';
  for (let i = 0; i < CELLS; i++) {
    height += HEIGHT_DIGITS[Math.min(35, s.height[i]!)];
    ground += GROUND_LETTERS[s.ground[i]!];
  }
  return {
    turn: s.turn,
    height,
    ground,
    children: s.children.map((c) => [c.x, c.y, c.standing ? 1 : 0, c.holding, c.dazed]),
    score: [s.score[0], s.score[1]],
    hitScore: [s.hitScore[0], s.hitScore[1]],
    domain: [s.domain[0], s.domain[1]],
    domainSum: [s.domainSum[0], s.domainSum[1]],
    knockback: s.knockback.map(([x, y]) => [x, y] as [number, number]),
  };
}

export function decodeState(e: EncodedState): IcyState {
  const height: number[] = [];
  const ground: number[] = [];
  // The replay schema checks both strings are CELLS long and each child has five numbers.
  for (let i = 0; i < CELLS; i++) {
    height.push(HEIGHT_DIGITS.indexOf(e.height[i]!));
    ground.push(GROUND_LETTERS.indexOf(e.ground[i]!));
  }
  return {
    turn: e.turn,
    height,
    ground,
    children: e.children.slice(0, CHILDREN).map(([x = 0, y = 0, standing = 0, holding = 0, dazed = 0]) => ({
      x,
      y,
      standing: standing === 1,
      holding: holding as Holding,
      dazed,
    })),
    score: [e.score[0], e.score[1]],
    hitScore: [e.hitScore[0], e.hitScore[1]],
    domain: [e.domain[0], e.domain[1]],
    domainSum: [e.domainSum[0], e.domainSum[1]],
    knockback: e.knockback.map(([x, y]) => [x, y] as [number, number]),
  };
}

/** The state at the start of `turn` (0 to the number of turns): the nearest key frame, then re-simulation. */
export function stateAt(replay: IcyReplay, turn: number): IcyState {
  const t = Math.max(0, Math.min(turn, replay.turns.length));
  const frame = replay.keyframes[Math.min(Math.floor(t / replay.keyframeInterval), replay.keyframes.length - 1)]!;
  const state = cloneState(decodeState(frame));
  const rules = ruleSet(replay.manifest.rules);
  for (let k = frame.turn; k < t; k++) {
    advance(
      state,
      replay.turns[k]!.a.map((line) => {
        const p = parseActionLine(line);
        return p.ok ? p.action : IDLE;
      }),
      rules,
    );
  }
  return state;
}

/** The original engine's turn history of a replayed game. */
export function replayToHistory(replay: IcyReplay): string {
  const map = parseMap(replay.map);
  if (!map.ok) throw new Error(`the replay's map is invalid: ${map.problems[0].message}`);
  return historyFromActions(
    map.value,
    ruleSet(replay.manifest.rules),
    replay.turns.map((t) => t.a),
  );
}
