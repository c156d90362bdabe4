import { languageOfKind } from '../core/bot-languages.js';
import { UmpireError } from '../core/errors.js';
import type { GameModule, MatchRecord, MatchSetup } from '../core/game-module.js';
import type { BlobMeta, BlobStore } from '../store/contract/blobs.js';
import type { BotStore } from '../store/contract/bots.js';
import type { MatchStore } from '../store/contract/matches.js';
import { newMatchId } from './digest.js';
import { matchObjectKey, packMatchObject } from './match-object.js';
import type { MatchRunner } from './runner.js';
import { playPackedMatch } from './play-match.js';
import { seatBotKeys } from './seat-bots.js';
import { storeSentBundles } from './stored-bundles.js';
import type { DecodedSeat } from './seats.js';
import { processVersionPolicy, type VersionPolicy } from './version-policy.js';
import { tallyVersions } from './version-tally.js';

export interface MatchDeps {
  readonly blobs: BlobStore;
  readonly matches: MatchStore;
  /** Where matches are played: a worker pool (Node) or this thread (Lambda, Workers). */
  readonly runner: MatchRunner;
  /** Where stored bots' versions are counted, and disabled when they err too often (none: not counted). */
  readonly bots?: BotStore;
  /** When a version is disabled (default: from the environment, version-policy.ts). */
  readonly versionPolicy?: VersionPolicy;
}

/** Two gzip members side by side: not one document, so no Content-Encoding that would claim it is. */
const MATCH_OBJECT: BlobMeta = { contentType: 'application/octet-stream' };

/** How a bot's bytes are served back: as its language says, or as text (a text bot). */
export function botContentType(kind: string): string {
  return languageOfKind(kind)?.contentType ?? 'text/plain; charset=utf-8';
}

/** How a match is stored: a public one is listed among recent matches. */
export interface StoreOptions {
  readonly listed?: boolean;
  /** The leaderboard a scheduled match was played for: its owner reads every seat's log. */
  readonly board?: string;
}

/**
 * Plays the match a request asks for, whatever the game, and stores it: the
 * bots by content (so it can be verified later), the replay and the logs (for
 * their owners only) in one object (match-object.ts), then the record, last,
 * so a record always has its replay.
 * The record says whether it is `public` (listed).
 */
export async function playAndStore(
  deps: MatchDeps,
  game: GameModule,
  request: { readonly game: string },
  seats: readonly DecodedSeat[],
  now: Date,
  owner: string,
  id: string = newMatchId(),
  setup?: MatchSetup<unknown>,
  options: StoreOptions = {},
): Promise<MatchRecord> {
  const listed = options.listed === true;
  const played = await playPackedMatch({
    game,
    request,
    seats,
    runner: deps.runner,
    id,
    owner,
    now,
    ...(setup ? { setup } : {}),
  });
  // A stored bot's bundle is already stored under its sha256 (it was read from there): only bots
  // sent with the request are written, not every stored bundle again for every match. The bundles
  // and the match object go side by side; the record waits for all of them.
  const sent = seats.flatMap((s, k) =>
    s.botId === undefined ? [{ sha256: played.hashes[k]!, bytes: s.bytes, contentType: botContentType(s.kind) }] : [],
  );
  const object = packMatchObject(played.replayGzip, played.logsGzip);
  await Promise.all([
    storeSentBundles(deps.blobs, sent),
    deps.blobs.put(matchObjectKey(id), object.bytes, MATCH_OBJECT),
  ]);
  const record: MatchRecord = {
    ...played.record,
    public: listed,
    ...(options.board === undefined ? {} : { board: options.board }),
    storedBytes: object.storedBytes,
  };
  // Listed under its bots' sha256, and its stored bots' ids with and without their version.
  if (!(await deps.matches.create(record, [...played.hashes, ...seatBotKeys(record)], { listed })))
    throw new UmpireError({ code: 'ID_COLLISION', message: 'a new match id collided; retry the request' });
  if (deps.bots)
    await tallyVersions(deps.bots, deps.versionPolicy ?? processVersionPolicy(), record, played.conduct, now);
  return record;
}
