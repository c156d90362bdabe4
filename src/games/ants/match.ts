import { antsGame, outcome, parseBrain, takeSnapshot, type AntsSnapshot, type Brain, type World } from './index.js';

export const ANTS_REPLAY_FORMAT = 'umpire-ants-replay/1';
export const DEFAULT_SNAPSHOT_EVERY = 5000;

export type AntsSide = 'red' | 'black';
const SIDES: readonly AntsSide[] = ['red', 'black'];

export interface AntsMatchInput {
  readonly world: World;
  /** The world as text, kept in the replay so a viewer can rebuild it. */
  readonly worldText: string;
  readonly brains: Readonly<Record<AntsSide, string>>;
  readonly seed: number;
  readonly rounds: number;
  readonly snapshotEvery?: number;
}

export interface AntsForfeit {
  readonly code: string;
  readonly message: string;
}

export interface AntsMatchResult {
  readonly winner: AntsSide | 'draw';
  readonly decidedBy: 'food' | 'forfeit';
  readonly forfeit: AntsSide | 'both' | null;
  readonly forfeits: Partial<Record<AntsSide, AntsForfeit>>;
  readonly scores: Record<AntsSide, number>;
  readonly rounds: number;
  /** Ants alive and food being carried at the end, per side. */
  readonly alive: Record<AntsSide, number>;
  readonly carried: Record<AntsSide, number>;
}

/**
 * A replay that stores the inputs and lets the viewer re-simulate: the
 * world, both brains, the seed, snapshots every `snapshotEvery` rounds to
 * seek quickly, and the anthill food after every round where it changed.
 */
export interface AntsReplay {
  readonly format: typeof ANTS_REPLAY_FORMAT;
  readonly manifest: Readonly<Record<string, unknown>>;
  readonly world: string;
  readonly brains: Readonly<Record<AntsSide, string>>;
  readonly seed: number;
  readonly rounds: number;
  readonly snapshotEvery: number;
  readonly snapshots: readonly AntsSnapshot[];
  /** [round, red food, black food], starting with round 0. */
  readonly food: readonly (readonly [number, number, number])[];
  readonly result: AntsMatchResult;
}

/** Plays a whole match. A brain that does not parse forfeits; both forfeiting is a draw. */
export function runAntsMatch(
  input: AntsMatchInput,
  manifest: Readonly<Record<string, unknown>> = {},
): { result: AntsMatchResult; replay: AntsReplay } {
  const snapshotEvery = input.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
  const parsed = SIDES.map((side) => parseBrain(input.brains[side]));
  const forfeits: Partial<Record<AntsSide, AntsForfeit>> = {};
  parsed.forEach((p, k) => {
    if (!p.ok) forfeits[SIDES[k]!] = { code: 'BRAIN_INVALID', message: describeProblems(p.problems) };
  });
  const snapshots: AntsSnapshot[] = [];
  const food: [number, number, number][] = [];
  let result: AntsMatchResult;
  const [red, black] = parsed;
  if (red?.ok && black?.ok) {
    const brains: [Brain, Brain] = [red.value, black.value];
    const options = { world: input.world, brains, seed: input.seed, rounds: input.rounds };
    let state = antsGame.setup(options);
    food.push([0, state.hillFood[0]!, state.hillFood[1]!]);
    while (!antsGame.isOver(state)) {
      if (state.round % snapshotEvery === 0) snapshots.push(takeSnapshot(state));
      const before0 = state.hillFood[0];
      const before1 = state.hillFood[1];
      state = antsGame.step(state, [], options).state;
      if (state.hillFood[0] !== before0 || state.hillFood[1] !== before1)
        food.push([state.round, state.hillFood[0]!, state.hillFood[1]!]);
    }
    const o = outcome(state);
    const pair = (v: unknown) => ({ red: (v as number[])[0]!, black: (v as number[])[1]! });
    result = {
      winner: o.winner === null ? 'draw' : SIDES[o.winner]!,
      decidedBy: 'food',
      forfeit: null,
      forfeits,
      scores: { red: o.scores[0]!, black: o.scores[1]! },
      rounds: state.round,
      alive: pair(o.details.alive),
      carried: pair(o.details.carried),
    };
  } else {
    const lost = SIDES.filter((side) => forfeits[side]);
    result = {
      winner: lost.length === 2 ? 'draw' : lost[0] === 'red' ? 'black' : 'red',
      decidedBy: 'forfeit',
      forfeit: lost.length === 2 ? 'both' : lost[0]!,
      forfeits,
      scores: { red: 0, black: 0 },
      rounds: 0,
      alive: { red: 0, black: 0 },
      carried: { red: 0, black: 0 },
    };
  }
  const replay: AntsReplay = {
    format: ANTS_REPLAY_FORMAT,
    manifest,
    world: input.worldText,
    brains: { ...input.brains },
    seed: input.seed,
    rounds: input.rounds,
    snapshotEvery,
    snapshots,
    food,
    result,
  };
  return { result, replay };
}

const SHOWN_PROBLEMS = 3;

function describeProblems(problems: readonly { message: string }[]): string {
  const shown = problems
    .slice(0, SHOWN_PROBLEMS)
    .map((p) => p.message)
    .join('; ');
  return problems.length > SHOWN_PROBLEMS ? `${shown}; and ${problems.length - SHOWN_PROBLEMS} more` : shown;
}
