import type { Bundle, TextBot } from '../core/bots.js';
import { InputError, UmpireError } from '../core/errors.js';
import type { MatchRecord } from '../core/game-module.js';
import { findGame } from '../games/catalog.js';
import type { BlobStore } from '../store/contract/blobs.js';
import { resolveBudgets } from './budgets.js';
import { bundleKey, sha256Hex } from './digest.js';
import { readStoredReplay } from './match-object.js';
import type { MatchRunner } from './runner.js';
import { botFromBytes } from './seats.js';
import { replayCorrupt } from './stored-documents.js';
import { ENGINE } from '../version.js';

export interface Verification {
  readonly id: string;
  /**
   * Whether re-running the match from its stored bundles and manifest gives
   * the stored replay byte for byte; null when the match is not
   * reproducible (a safety cap decided it), so the two were not compared.
   */
  readonly identical: boolean | null;
  /** False when a safety cap on CPU time stopped a call of the stored match or of the re-run: then only fuel is exact, and the replays are not compared. */
  readonly reproducible: boolean;
  /** Why the match is not reproducible (only when it is not). */
  readonly reason?: 'SAFETY_CAP';
  /** Which of the two runs a safety cap stopped (only when it is not reproducible). */
  readonly safetyCap?: { readonly stored: boolean; readonly rerun: boolean };
  readonly storedSha256: string;
  readonly rerunSha256: string;
  /** The first step (turn, or round) whose record differs, when they differ (null when not compared). */
  readonly firstDifferentTurn: number | null;
  /**
   * The engine version of the stored run (its manifest's; null when it has
   * none) and of the re-run. Replays are byte-identical within a version;
   * another version may count fuel differently.
   */
  readonly engine: { readonly stored: string | null; readonly rerun: string };
}

/** What comparing the two runs found, before the engine versions are added. */
type Verdict = Omit<Verification, 'engine'>;

/** Whether a played match (a record, a replay document, a match's output) says a safety cap stopped one of its calls. */
function cappedBySafetyCap(doc: unknown): boolean {
  if (typeof doc !== 'object' || doc === null) return false;
  const d = doc as { safetyCap?: unknown; result?: { safetyCap?: unknown } | null };
  return d.safetyCap === true || (typeof d.result === 'object' && d.result !== null && d.result.safetyCap === true);
}

/**
 * Re-runs a stored match of any game from its stored bots and replay, and
 * compares the replays byte for byte. A match whose stored run or re-run a
 * safety cap stopped is reported as not reproducible (reason SAFETY_CAP),
 * never as a mismatch: the cap measures CPU time, which no two runs share.
 * Content the game cannot read back is REPLAY_CORRUPT; a replay or bot that
 * is not stored is NOT_FOUND or BUNDLE_MISSING.
 */
export async function verifyMatch(
  deps: { readonly blobs: BlobStore; readonly runner: MatchRunner },
  record: MatchRecord,
): Promise<Verification> {
  const what = `the stored replay of match ${record.id}`;
  const game = findGame(record.game);
  if (!game) throw replayCorrupt(`the record of match ${record.id}`, `no registered game '${record.game}'`);
  const stored = await readStoredReplay(deps.blobs, record, game.verify.stored);
  if (!stored) throw new InputError(404, { code: 'NOT_FOUND', message: `the replay of match ${record.id} is missing` });
  const doc: unknown = stored.doc;
  const seats = readBack(what, () => game.verify.seats(doc, record));
  const bots = await Promise.all(
    seats.map(async (seat, k): Promise<Bundle | TextBot> => {
      const bytes = seat.sha256 ? await deps.blobs.get(bundleKey(seat.sha256)) : null;
      if (!bytes)
        throw new InputError(409, {
          code: 'BUNDLE_MISSING',
          message: `the ${game.seats[k] ?? k} bot of match ${record.id} is not stored`,
        });
      return botFromBytes(seat.kind, bytes, seat.name);
    }),
  );
  const rerun = readBack(what, () => game.verify.rerun(doc, record));
  const budgets = game.engine.kind === 'sandbox' ? resolveBudgets(game.id, rerun.budgets) : undefined;
  const output = await deps.runner.play<unknown>({
    game: game.id,
    options: rerun.options,
    seed: rerun.seed,
    ...(budgets ? { budgets } : {}),
    bots,
  });
  const replay = readBack(what, () => game.verify.replay(output, doc, record));
  const rerunText = JSON.stringify(replay);
  const capped = {
    stored: cappedBySafetyCap(doc) || record.safetyCap === true,
    rerun: cappedBySafetyCap(replay) || cappedBySafetyCap(output),
  };
  const engine = { stored: manifestEngine(record), rerun: ENGINE };
  if (capped.stored || capped.rerun)
    return { ...(await notReproducible(record.id, stored.text, rerunText, capped)), engine };
  const verdict = await compareReplays(
    record.id,
    stored.text,
    rerunText,
    game.verify.steps(doc),
    game.verify.steps(replay),
    game.verify.label,
  );
  return { ...verdict, engine };
}

/** The engine version a record's manifest names, or null. */
function manifestEngine(record: MatchRecord): string | null {
  const engine = (record as { manifest?: { engine?: unknown } }).manifest?.engine;
  return typeof engine === 'string' ? engine : null;
}

/** The verdict on a match a safety cap decided: not compared, with both replays' hashes. */
async function notReproducible(
  id: string,
  storedText: string,
  rerunText: string,
  safetyCap: { stored: boolean; rerun: boolean },
): Promise<Verdict> {
  return {
    id,
    identical: null,
    reproducible: false,
    reason: 'SAFETY_CAP',
    safetyCap,
    storedSha256: await sha256Hex(new TextEncoder().encode(storedText)),
    rerunSha256: await sha256Hex(new TextEncoder().encode(rerunText)),
    firstDifferentTurn: null,
  };
}

/** Runs a game's reading of stored content: whatever it refuses (even as a caller's error) is the stored content's fault. */
function readBack<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof UmpireError && e.code === 'REPLAY_CORRUPT') throw e;
    throw replayCorrupt(what, (e as Error).message ?? String(e));
  }
}

/**
 * The verdict of a re-run: identical bytes, or the first of the replays'
 * steps (turns, or rounds with a food change) that differs.
 */
export async function compareReplays(
  id: string,
  storedText: string,
  rerunText: string,
  stored: readonly unknown[],
  rerun: readonly unknown[],
  label: (index: number, step: unknown) => number,
): Promise<Verdict> {
  const identical = rerunText === storedText;
  let firstDifferentTurn: number | null = null;
  if (!identical) {
    const n = Math.max(stored.length, rerun.length);
    for (let i = 0; i < n && firstDifferentTurn === null; i++) {
      if (JSON.stringify(stored[i]) !== JSON.stringify(rerun[i])) firstDifferentTurn = label(i, stored[i] ?? rerun[i]);
    }
  }
  return {
    id,
    identical,
    reproducible: true,
    storedSha256: await sha256Hex(new TextEncoder().encode(storedText)),
    rerunSha256: await sha256Hex(new TextEncoder().encode(rerunText)),
    firstDifferentTurn,
  };
}
