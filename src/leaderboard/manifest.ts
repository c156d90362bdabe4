import { z } from 'zod';
import type { MatchRecord } from '../core/game-module.js';
import { sha256Hex } from '../match/digest.js';
import { readStoredReplay } from '../match/match-object.js';
import {
  entryStatusOf,
  type Entry,
  type Leaderboard,
  type ResultLine,
  type Round,
} from '../store/contract/leaderboards.js';
import { isDeleted, latestValidVersion, versionOf } from '../store/contract/bot-versions.js';
import { allResults } from './all-results.js';
import { boardSettings } from './boards.js';
import type { LeaderboardDeps } from './deps.js';
import { lineSeats } from './result-seats.js';

/**
 * The manifest a board publishes when it is frozen: what anyone needs to check afterwards that
 * nothing changed, and to re-verify any of its matches (POST /v1/matches/{id}/verify gives the
 * replay's storedSha256, listed here for each match).
 */
export interface Manifest {
  readonly format: 'umpire-manifest/1';
  readonly leaderboard: {
    readonly id: string;
    readonly name: string;
    readonly game: string;
    readonly rating: string;
    readonly createdAt: string;
    readonly deadline: string | null;
    readonly settings: Readonly<Record<string, unknown>>;
  };
  readonly frozenAt: string;
  /**
   * By bot id: each entry's bot, and the version it plays at the freeze (its pin, or its latest
   * valid version uploaded before the deadline) with that version's bundle sha256; null for both
   * when it has none that may play.
   */
  readonly entries: readonly {
    readonly botId: string;
    readonly name: string | null;
    readonly version: number | null;
    readonly sha256: string | null;
    readonly status: string;
  }[];
  /** Each round as stored (its schedule, its counters), oldest first. */
  readonly rounds: readonly Round[];
  /** Each rated match in the order it finished: its seats' bots and the SHA-256 of its replay's JSON text. */
  readonly matches: readonly {
    readonly match: string;
    readonly round: string;
    readonly map: string;
    readonly finishedAt: string;
    readonly seats: readonly string[];
    readonly replaySha256: string | null;
    /** Voided by the organizer: rated in no rating. */
    readonly void: boolean;
  }[];
}

/** The manifest's bytes: its JSON, keys in the order built, so equal manifests have equal bytes and hashes. */
export const manifestBytes = (manifest: Manifest): Uint8Array => new TextEncoder().encode(JSON.stringify(manifest));

/** The manifest of a board frozen at `frozenAt`, from its parts. */
export function composeManifest(
  board: Leaderboard,
  frozenAt: string,
  entries: readonly Entry[],
  rounds: readonly Round[],
  matches: readonly { line: ResultLine; replaySha256: string | null }[],
  versions: ReadonlyMap<string, FrozenVersion | null> = new Map(),
): Manifest {
  return {
    format: 'umpire-manifest/1',
    leaderboard: {
      id: board.id,
      name: board.name,
      game: board.game,
      rating: board.rating,
      createdAt: board.createdAt,
      deadline: board.deadline ?? null,
      settings: sortedKeys(boardSettings(board)),
    },
    frozenAt,
    entries: [...entries]
      .sort((a, b) => a.botId.localeCompare(b.botId))
      .map((e) => ({
        botId: e.botId,
        name: e.name,
        ...versionAtFreeze(e, versions.get(e.botId)),
        status: entryStatusOf(e),
      })),
    rounds: [...rounds].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)),
    matches: matches.map(({ line, replaySha256 }) => ({
      match: line.match,
      round: line.round,
      map: line.map,
      finishedAt: line.finishedAt,
      seats: lineSeats(line).map((s) => s.botId),
      replaySha256,
      void: line.void !== undefined,
    })),
  };
}

/** The version of an entry's bot that plays at the freeze, and its bundle's sha256. */
export interface FrozenVersion {
  readonly number: number;
  readonly sha256: string;
}

/** An entry's version as the manifest lists it: resolved when known, else as the entry stored it. */
function versionAtFreeze(entry: Entry, version: FrozenVersion | null | undefined) {
  if (version === undefined) return { version: entry.pin ?? null, sha256: entry.sha256 };
  return version === null ? { version: null, sha256: null } : { version: version.number, sha256: version.sha256 };
}

/** The last moment whose versions play on a frozen board: its deadline, or the freeze if that came first. */
export function versionCutoff(board: Leaderboard, frozenAt: string): string {
  return board.deadline !== undefined && board.deadline < frozenAt ? board.deadline : frozenAt;
}

/**
 * The version each entry plays at the freeze: its pin, or its bot's latest valid version uploaded
 * by the cutoff (versionCutoff); null for an entry whose bot has none (deleted, all disabled).
 */
export async function frozenVersions(
  deps: Pick<LeaderboardDeps, 'bots'>,
  entries: readonly Entry[],
  cutoff: string,
): Promise<Map<string, FrozenVersion | null>> {
  const resolved = new Map<string, FrozenVersion | null>();
  for (const entry of entries) {
    const bot = await deps.bots.get(entry.botId);
    const version =
      !bot || isDeleted(bot)
        ? undefined
        : entry.pin !== undefined
          ? versionOf(bot, entry.pin)
          : latestValidVersion(bot, cutoff);
    resolved.set(entry.botId, version ? { number: version.number, sha256: version.sha256 } : null);
  }
  return resolved;
}

/** A board's manifest as it stands now, read from its stores. */
export async function collectManifest(deps: LeaderboardDeps, board: Leaderboard, frozenAt: string): Promise<Manifest> {
  const [entries, lines, latest] = await Promise.all([
    deps.leaderboards.entries(board.id),
    allResults(deps.leaderboards, board.id),
    deps.leaderboards.latestRound(board.id),
  ]);
  const roundIds = new Set(lines.map((l) => l.round));
  if (latest) roundIds.add(latest.id);
  const rounds = (await Promise.all([...roundIds].map((id) => deps.leaderboards.getRound(board.id, id)))).filter(
    (r): r is Round => r !== null,
  );
  const matches = [];
  for (const line of lines) matches.push({ line, replaySha256: await replaySha256(deps, line.match) });
  const versions = await frozenVersions(deps, entries, versionCutoff(board, frozenAt));
  return composeManifest(board, frozenAt, entries, rounds, matches, versions);
}

/** The SHA-256 of a match's replay JSON text, as verify reports it (storedSha256); null if it is missing. */
async function replaySha256(deps: LeaderboardDeps, match: string): Promise<string | null> {
  const record = await deps.matches.get<MatchRecord>(match);
  const stored = record ? await readStoredReplay(deps.blobs, record, z.unknown()) : null;
  return stored ? sha256Hex(new TextEncoder().encode(stored.text)) : null;
}

/** Settings with their keys sorted (deeply), so the manifest does not depend on the order they were written in. */
function sortedKeys(value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return sort(value) as Record<string, unknown>;
}

/** Where a board's manifest is stored, under its own hash: written once, when the board is frozen. */
export const manifestKey = (boardId: string, sha256: string): string => `manifests/${boardId}/${sha256}.json`;
