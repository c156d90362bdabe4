import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Bot, BotLoader, Bundle } from '../../../src/sandbox/types.js';
import { blockDropGame } from '../../../src/games/blockdrop/game.js';
import { initialState } from '../../../src/games/blockdrop/setup.js';
import type { TurnRecord } from '../../../src/games/blockdrop/play.js';
import { runMatch, type MatchResult, type Replay } from '../../../src/match/run-match.js';

/**
 * A block-drop game recorded from the original JavaChallenge 2015 engine by
 * scripts/differential/blockdrop/run.mjs: the players' raw answers per call
 * (the handshake first) and what the engine did (java/umpire/blockdrop/Harness.java).
 */
export interface RecordedGame {
  readonly seed: number;
  readonly mix: string;
  readonly bots: readonly string[];
  readonly answers: readonly (readonly (string | null)[])[];
  readonly engine: {
    /** Each player's start as the engine logs it: x (column), y (row), direction. */
    readonly initial: readonly (readonly string[])[];
    /** The lines read until READY, and whether the engine gave up on the bot (no READY in time). */
    readonly handshakes: readonly { readonly read: readonly (string | null)[]; readonly released: boolean }[];
    /** Per turn: whose it was, the bytes sent to it, the line read, the command the engine logged, who fell. */
    readonly turns: readonly {
      readonly seat: number;
      readonly sent: readonly string[];
      readonly read: readonly (string | null)[];
      readonly command: string;
      readonly fell: readonly number[];
    }[];
    readonly turnCount: number;
    /** -1: nobody. */
    readonly winner: number;
  };
}

export const RECORDED_DIR = 'test/fixtures/blockdrop-differential';

export function recordedGames(): { file: string; game: RecordedGame }[] {
  return readdirSync(RECORDED_DIR)
    .filter((f) => f.endsWith('.json.gz'))
    .sort()
    .map((file) => ({
      file,
      game: JSON.parse(gunzipSync(readFileSync(join(RECORDED_DIR, file))).toString('utf8')) as RecordedGame,
    }));
}

/** One game in the shape both sides are compared in. */
export interface Trace {
  readonly initial: readonly string[];
  readonly ready: readonly boolean[];
  readonly inputs: readonly (readonly string[])[];
  readonly turns: readonly { readonly seat: number; readonly command: string; readonly fell: readonly number[] }[];
  readonly winner: number | null;
  readonly turnCount: number;
}

export function engineTrace(e: RecordedGame['engine']): Trace {
  return {
    initial: e.initial.map((s) => s.join(' ')),
    ready: e.handshakes.map((h) => !h.released),
    inputs: [0, 1, 2, 3].map((seat) => e.turns.filter((t) => t.seat === seat).flatMap((t) => t.sent)),
    turns: e.turns.map((t) => ({ seat: t.seat, command: t.command, fell: t.fell })),
    winner: e.winner === -1 ? null : e.winner,
    turnCount: e.turnCount,
  };
}

/**
 * The engine logs, for a fallen player's turn, the last command that
 * player played (its command is not reset); umpire's replay says N with
 * the outcome `fallen`. The log's value, from umpire's turns.
 */
export function loggedCommands(steps: readonly TurnRecord[]): string[] {
  const last = ['N', 'N', 'N', 'N'];
  return steps.map((s) => {
    if (s.outcome !== 'fallen') last[s.player] = s.command;
    return last[s.player]!;
  });
}

/** Plays the game in umpire with bots that give the recorded answers in order; keeps every input after the handshakes. */
export async function replayInUmpire(
  seed: number,
  answers: RecordedGame['answers'],
): Promise<{ trace: Trace; match: { result: MatchResult; replay: Replay<TurnRecord> } }> {
  const bundles: Bundle[] = answers.map((_, k) => ({ kind: 'js', code: `recorded seat ${k}` }));
  const inputs: string[][] = answers.map(() => []);
  const load: BotLoader = async (bundle) => {
    const seat = bundles.indexOf(bundle);
    let next = 0;
    const bot: Bot = {
      act: async (input) => {
        if (next > 0) inputs[seat]!.push(input);
        return { output: answers[seat]![next++] ?? null, fuel: 0 };
      },
      log: () => '',
      crashes: 0,
      dispose() {},
    };
    return { ok: true, bot };
  };
  const match = await runMatch({ game: blockDropGame, options: { seed }, seed, bots: bundles, load });
  const steps = match.replay.turns.map((t) => t.step);
  const commands = loggedCommands(steps);
  const trace: Trace = {
    initial: initialState(seed).players.map((p) => `${p.col} ${p.row} ${p.dir}`),
    ready: [0, 1, 2, 3].map((k) => !match.result.forfeits.includes(k)),
    inputs,
    turns: steps.map((s, k) => ({ seat: s.player, command: commands[k]!, fell: s.fell })),
    winner: match.result.winner,
    turnCount: match.result.turns,
  };
  return { trace, match };
}
