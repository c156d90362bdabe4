import { gameById, GAMES } from '../games/catalog.js';
import { roundSize } from '../leaderboard/schedule-round.js';
import type { Leaderboard } from '../store/contract/leaderboards.js';
import type { BodyLimit } from './guard.js';
import { ApiProblem } from './problems.js';

/** Caps on the work one key can ask of the service through leaderboards. */
export interface Limits {
  /** Entries on one leaderboard. */
  readonly entriesPerBoard: number;
  /** Distinct maps (or worlds: the game's venues) of one leaderboard. */
  readonly mapsPerBoard: number;
  /** Matches one round may schedule. */
  readonly matchesPerRound: number;
}

export const DEFAULT_LIMITS: Limits = { entriesPerBoard: 64, mapsPerBoard: 8, matchesPerRound: 5000 };

/** The environment variable of each limit: the only place they are read. */
export const LIMIT_VARIABLES: Readonly<Record<keyof Limits, string>> = {
  entriesPerBoard: 'UMPIRE_MAX_BOARD_ENTRIES',
  mapsPerBoard: 'UMPIRE_MAX_BOARD_MAPS',
  matchesPerRound: 'UMPIRE_MAX_ROUND_MATCHES',
};

/** The limits set in `env`, defaults for the rest; a value that is not a positive integer is a configuration error. */
export function limitsFromEnv(env: Readonly<Record<string, string | undefined>>): Limits {
  const limits: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [name, variable] of Object.entries(LIMIT_VARIABLES)) {
    const text = env[variable];
    if (text === undefined || text === '') continue;
    if (!/^[1-9]\d{0,8}$/.test(text)) throw new Error(`${variable} must be a positive integer, not '${text}'`);
    limits[name] = Number(text);
  }
  return limits as unknown as Limits;
}

/** The process environment where the runtime has one (Node, Lambda, Workers with nodejs_compat). */
export function processEnv(): Readonly<Record<string, string | undefined>> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

/** A limit's name in errors: a venue cap is named after the game's venue setting (mapsPerBoard, worldsPerBoard). */
export type LimitName = keyof Limits | `${string}PerBoard`;

/** 422 LIMIT_EXCEEDED when `count` is above `max`; `unit` says what is counted ("entries on a leaderboard"). */
export function enforceLimit(limit: LimitName, max: number, count: number, unit: string): void {
  if (count <= max) return;
  throw new ApiProblem(422, 'LIMIT_EXCEEDED', `${limit}: at most ${max} ${unit}; this request asks for ${count}`, {
    limit,
    max,
    count,
  });
}

/** How many matches a round of `board` with `entries` entries schedules (as scheduleRound does). */
export function roundMatchCount(board: Leaderboard, entries: number): number {
  return roundSize(gameById(board.game), board, entries);
}

/** The body of any route not named below: JSON fields and forms without files. */
export const DEFAULT_BODY_BYTES = 64 * 1024;

/** The body of POST /v1/keys: room for 500 rows of a team and a name of 100 characters each, quoted. */
export const KEY_BATCH_BYTES = 256 * 1024;

/** The body of POST /v1/batches: 10,000 pairings of a few bot ids, a map and a seed each. */
export const BATCH_BODY_BYTES = 4 * 1024 * 1024;

/** Room for everything in a request but its bundles: other fields, multipart framing. */
const BODY_OVERHEAD = 64 * 1024;

/** The most seats of any game: a match request carries a bundle for each. */
const MAX_SEATS = Math.max(...GAMES.map((g) => g.seats.length));

/**
 * The largest body of each route, checked on the stream before any parsing (src/api/guard.ts):
 * where bundles are sent, room for them (base64 in JSON is 4/3 of the bytes); elsewhere 64 KiB.
 */
export function bodyLimits(maxBundle: number): (method: string, path: string) => BodyLimit {
  const match: BodyLimit = {
    max: Math.ceil(maxBundle * MAX_SEATS * 1.4) + BODY_OVERHEAD,
    what: `a match request (${MAX_SEATS} bundles of ${maxBundle} bytes)`,
  };
  const bot: BodyLimit = {
    max: Math.ceil(maxBundle * 1.4) + BODY_OVERHEAD,
    what: `a bot upload (a bundle of ${maxBundle} bytes)`,
  };
  const form: BodyLimit = {
    max: maxBundle + BODY_OVERHEAD,
    what: `the upload form (a bot file of ${maxBundle} bytes)`,
  };
  const keys: BodyLimit = { max: KEY_BATCH_BYTES, what: 'a batch of keys' };
  const batch: BodyLimit = { max: BATCH_BODY_BYTES, what: 'a batch of matches' };
  const other: BodyLimit = { max: DEFAULT_BODY_BYTES, what: 'this request' };
  return (method, path) => {
    if (method !== 'POST') return other;
    if (path === '/v1/matches') return match;
    if (path === '/v1/bots') return bot;
    if (path === '/ui/bots') return form;
    if (path === '/v1/keys') return keys;
    if (path === '/v1/batches') return batch;
    return other;
  };
}
