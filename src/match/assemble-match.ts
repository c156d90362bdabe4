import type { Budgets } from '../core/bots.js';
import type { GameModule, MatchRecord, MatchSetup, SeatBot } from '../core/game-module.js';
import type { SeatLogTurns } from '../core/log-turns.js';
import type { MatchOutput } from '../core/match-types.js';
import type { SeatConduct } from '../core/seat-conduct.js';
import { gzip } from './digest.js';

/**
 * All a game's assembly needs besides what the engine gave: known before the match is played, and
 * plain data, so the match can be assembled in the thread that played it.
 */
export interface AssemblyInputs {
  readonly engine: string;
  readonly setup: MatchSetup<unknown>;
  readonly seed: number;
  readonly budgets: Budgets | null;
  readonly seats: readonly SeatBot[];
  /** The record's first fields: id, status, createdAt, owner, game. */
  readonly head: Pick<MatchRecord, 'id' | 'status' | 'createdAt' | 'owner' | 'game'>;
  /** The record's fields after the game's (the seats' stored bots). */
  readonly tail: Readonly<Record<string, unknown>>;
}

/** A match assembled by its game: the record, the replay and logs documents. */
export interface AssembledMatch {
  readonly record: MatchRecord;
  readonly replay: unknown;
  /** Absent when the game keeps no logs. */
  readonly logs?: unknown;
  /** Per seat, where each turn's part of its log ends; absent without logs, or from an engine that keeps no marks. */
  readonly logTurns?: readonly SeatLogTurns[];
}

/** The same, with the documents as they are stored: gzipped JSON, and the seats' conduct the version tally reads. */
export interface PackedMatch {
  readonly record: MatchRecord;
  readonly replayGzip: Uint8Array;
  /** The logs with their turn marks (stored-documents.ts); absent when the game keeps no logs. */
  readonly logsGzip?: Uint8Array;
  /** Absent for games without a conduct report. */
  readonly conduct?: readonly SeatConduct[];
}

/** The game's replay, record and logs of a played match. */
export async function assembleMatch(
  game: GameModule,
  inputs: AssemblyInputs,
  output: unknown,
): Promise<AssembledMatch> {
  const sandboxed = game.engine.kind === 'sandbox' ? (output as MatchOutput) : null;
  const logTurns = sandboxed?.logTurns;
  const assembled = await game.assemble({
    engine: inputs.engine,
    setup: inputs.setup,
    seed: inputs.seed,
    budgets: inputs.budgets,
    seats: inputs.seats,
    // Every seat's log is kept; who may read which is decided when they are read (log-access.ts).
    logs: sandboxed ? sandboxed.result.seats.map((s) => s.log) : inputs.seats.map(() => ''),
    output,
  });
  const record: MatchRecord = { ...inputs.head, ...assembled.record, ...inputs.tail };
  return {
    record,
    replay: assembled.replay,
    ...(assembled.logs !== undefined ? { logs: assembled.logs } : {}),
    ...(assembled.logs !== undefined && logTurns ? { logTurns } : {}),
  };
}

/** Gzips bytes: CompressionStream everywhere; a thread that has zlib itself may hand in its own (the same bytes). */
export type Gzip = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/**
 * Assembles a match and gzips its documents: done where the match was played (a worker thread), so
 * the thread that serves requests gets bytes to store rather than a match to rebuild and compress.
 */
export async function packMatch(
  game: GameModule,
  inputs: AssemblyInputs,
  output: unknown,
  zip: Gzip = gzip,
): Promise<PackedMatch> {
  const gzipJson = async (value: unknown) => zip(new TextEncoder().encode(JSON.stringify(value)));
  const match = await assembleMatch(game, inputs, output);
  // The logs and where each turn's part ends, in one document (stored-documents.ts reads both forms).
  const logs =
    match.logs === undefined
      ? undefined
      : match.logTurns === undefined
        ? { logs: match.logs }
        : { logs: match.logs, turns: match.logTurns };
  const [replayGzip, logsGzip] = await Promise.all([
    gzipJson(match.replay),
    logs === undefined ? undefined : gzipJson(logs),
  ]);
  const conduct = game.cli.conduct?.(match.record, match.replay);
  return {
    record: match.record,
    replayGzip,
    ...(logsGzip ? { logsGzip } : {}),
    ...(conduct ? { conduct } : {}),
  };
}

/** The buffers of a packed match, to hand to another thread without copying them. */
export const packedBuffers = (packed: PackedMatch): ArrayBuffer[] =>
  [packed.replayGzip, packed.logsGzip].flatMap((b) =>
    b && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? [b.buffer as ArrayBuffer] : [],
  );
