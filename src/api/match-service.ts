import { DEFAULT_MAP, formatMap, parseMap, ruleSet, type IcyMap, type IcyReplay, type ReplayBot } from '../games/icy/index.js';
import { icyReplayFromMatch } from '../match/icy-replay.js';
import type { MatchRunner } from '../match/job.js';
import type { MatchResult } from '../match/run-match.js';
import { resolveBudgets } from '../match/budgets.js';
import type { Budgets } from '../sandbox/policy.js';
import type { Bundle } from '../sandbox/types.js';
import { base64UrlEncode } from '../store/dynamo-matches.js';
import type { BlobMeta, BlobStore, MatchStore } from '../store/types.js';
import { ENGINE } from '../version.js';
import { ApiProblem } from './problems.js';
import type { MatchRequest } from './schemas.js';
import { decodeOrCorrupt, readStoredJson, StoredReplays } from './stored-documents.js';

const SIDES = ['red', 'blue'] as const;
type Side = (typeof SIDES)[number];

export interface BotSummary {
  readonly name: string | null;
  readonly kind: 'js' | 'wasm';
  readonly sha256: string;
  readonly fuel: number;
  readonly timeouts: number;
  readonly errors: number;
  readonly crashes: number;
  readonly forfeit?: { readonly code: string; readonly message: string };
}

/** The stored match record (URLs are added per response, from the request's origin). */
export interface MatchRecord {
  readonly id: string;
  readonly status: 'finished';
  readonly createdAt: string;
  /** Id of the API key that created the match ('local' for the local server). */
  readonly owner: string;
  readonly game: 'icy';
  readonly winner: Side | 'draw';
  readonly decidedBy: string;
  readonly forfeit: Side | 'both' | null;
  readonly scores: Record<Side, { readonly total: number; readonly hits: number; readonly domainSum: number }>;
  readonly turns: number;
  readonly bots: Record<Side, BotSummary>;
  readonly manifest: {
    readonly engine: string;
    readonly game: 'icy';
    readonly rules: string;
    readonly map: { readonly name: string | null; readonly sha256: string };
    readonly seed: number;
    readonly budgets: Budgets;
    readonly bots: Record<Side, string>;
  };
}

export interface ServiceDeps {
  readonly blobs: BlobStore;
  readonly matches: MatchStore;
  /** Where matches are played: a worker pool (Node) or this thread (Lambda, Workers). */
  readonly runner: MatchRunner;
  readonly maps: Readonly<Record<string, string>>;
}

/** A bot of the request, decoded: what it is and its bytes. */
export interface DecodedBot {
  readonly name: string | null;
  readonly bundle: Bundle;
  readonly bytes: Uint8Array;
  /** The key that owns it, for a stored bot; absent for a bundle sent with the request. */
  readonly owner?: string;
}

/**
 * The logs a match's owner may read: those of the seats it filled itself
 * (bundles sent with the request, or its own stored bots). A seat filled by
 * someone else's (public) bot is stored as null, so its logs never reach the match's owner.
 */
export function ownLogs(logs: readonly string[], bots: readonly DecodedBot[], owner: string): (string | null)[] {
  return logs.map((log, k) => (bots[k]?.owner === undefined || bots[k]!.owner === owner ? log : null));
}

export const replayKey = (id: string) => `replays/${id}.json.gz`;
export const logsKey = (id: string) => `logs/${id}.json.gz`;
export const bundleKey = (sha256: string) => `bundles/${sha256}`;
const GZIP_JSON: BlobMeta = { contentType: 'application/json', contentEncoding: 'gzip' };

const replayBot = (b: BotSummary): ReplayBot => ({ name: b.name, sha256: b.sha256, kind: b.kind });

/** 128 random bits, URL-safe: 22 characters. */
export function newMatchId(): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The map a request names or carries; unknown names and invalid maps are the client's error. */
export function resolveMap(map: string | undefined, maps: Readonly<Record<string, string>>): { map: IcyMap; name: string | null } {
  if (map === undefined) return { map: DEFAULT_MAP, name: 'default' };
  const inline = map.includes('\n');
  const text = inline ? map : Object.hasOwn(maps, map) ? maps[map] : undefined;
  if (text === undefined) throw new ApiProblem(400, 'UNKNOWN_MAP', `map: no map named '${map}' (GET /v1/maps lists them)`, { field: 'map' });
  const parsed = parseMap(text);
  if (!parsed.ok) {
    throw new ApiProblem(422, 'MAP_INVALID', `map: ${parsed.problems[0].message}`, { field: 'map', problems: parsed.problems });
  }
  return { map: parsed.value, name: inline ? null : map };
}

/** Plays the match a request asks for, stores its replay then its record, and returns the record. */
export async function playAndStore(deps: ServiceDeps, request: MatchRequest, bots: readonly [DecodedBot, DecodedBot], now: Date, owner: string, id: string = newMatchId()): Promise<MatchRecord> {
  const { map, name: mapName } = resolveMap(request.map, deps.maps);
  const rules = ruleSet(request.rules ?? 'queue2011');
  const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0];
  const budgets: Budgets = resolveBudgets('icy', request.budgets);
  const hashes = await Promise.all(bots.map((b) => sha256Hex(b.bytes)));

  const { result, replay } = await deps.runner.play({ game: 'icy', options: { rules, map }, seed, budgets, bots: bots.map((b) => b.bundle) });

  // Bundles are kept by content (sha256), so a match can be re-run and verified later.
  await Promise.all(
    bots.map((b, k) => deps.blobs.put(bundleKey(hashes[k]), b.bytes, { contentType: b.bundle.kind === 'wasm' ? 'application/wasm' : 'text/javascript' })),
  );
  const mapHash = await sha256Hex(new TextEncoder().encode(formatMap(map)));
  const record = buildRecord({ id, now, owner, result, bots, hashes, rules: rules.name, mapName, mapHash, seed, budgets });
  const document = icyReplayFromMatch({ result, replay }, { rules, map }, {
    engine: ENGINE,
    game: 'icy',
    rules: rules.name,
    map: { name: mapName, sha256: mapHash },
    seed,
    budgets: { ...budgets },
    bots: { red: replayBot(record.bots.red), blue: replayBot(record.bots.blue) },
  });
  await deps.blobs.put(replayKey(id), await gzip(new TextEncoder().encode(JSON.stringify(document))), GZIP_JSON);
  // Bot logs are kept apart from the replay, for their owners only.
  const [red, blue] = ownLogs([result.seats[0].log, result.seats[1].log], bots, owner);
  const logs = { red, blue };
  await deps.blobs.put(logsKey(id), await gzip(new TextEncoder().encode(JSON.stringify(logs))), GZIP_JSON);
  if (!(await deps.matches.create(record, hashes))) throw new ApiProblem(500, 'ID_COLLISION', 'a new match id collided; retry the request');
  return record;
}

function buildRecord(a: {
  id: string;
  now: Date;
  owner: string;
  result: MatchResult;
  bots: readonly DecodedBot[];
  hashes: string[];
  rules: string;
  mapName: string | null;
  mapHash: string;
  seed: number;
  budgets: Budgets;
}): MatchRecord {
  const { result } = a;
  const details = result.details as { decidedBy?: string; hitScore?: number[]; domainSum?: number[] };
  const forfeit = result.forfeits.length === 2 ? 'both' : result.forfeits.length === 1 ? SIDES[result.forfeits[0]] : null;
  const side = (s: number) => ({
    total: result.scores[s] ?? 0,
    hits: details.hitScore?.[s] ?? 0,
    domainSum: details.domainSum?.[s] ?? 0,
  });
  const bot = (s: number): BotSummary => {
    const seat = result.seats[s];
    return {
      name: a.bots[s].name,
      kind: a.bots[s].bundle.kind,
      sha256: a.hashes[s],
      fuel: seat.fuel,
      timeouts: seat.overBudget,
      errors: seat.errors,
      crashes: seat.crashes,
      ...(seat.forfeit ? { forfeit: seat.forfeit } : {}),
    };
  };
  return {
    id: a.id,
    status: 'finished',
    createdAt: a.now.toISOString(),
    owner: a.owner,
    game: 'icy',
    winner: result.winner === null ? 'draw' : SIDES[result.winner],
    decidedBy: forfeit ? 'forfeit' : (details.decidedBy ?? 'score'),
    forfeit,
    scores: { red: side(0), blue: side(1) },
    turns: result.turns,
    bots: { red: bot(0), blue: bot(1) },
    manifest: {
      engine: ENGINE,
      game: 'icy',
      rules: a.rules,
      map: { name: a.mapName, sha256: a.mapHash },
      seed: a.seed,
      budgets: a.budgets,
      bots: { red: a.hashes[0], blue: a.hashes[1] },
    },
  };
}

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  return streamBytes(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip')));
}

async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export interface Verification {
  readonly id: string;
  /** Whether re-running the match from its stored bundles and manifest gives the stored replay byte for byte. */
  readonly identical: boolean;
  readonly storedSha256: string;
  readonly rerunSha256: string;
  /** The first turn whose record differs, when they differ. */
  readonly firstDifferentTurn: number | null;
}

/** Re-runs a stored match from its stored bundles and manifest and compares the replays. */
export async function verifyMatch(deps: ServiceDeps, record: MatchRecord): Promise<Verification> {
  const what = `the stored replay of match ${record.id}`;
  const stored = await readStoredJson(deps.blobs, replayKey(record.id), StoredReplays.icy, what);
  if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
  const storedText = stored.text;
  const doc = stored.doc as unknown as IcyReplay;
  const bundles = await Promise.all(
    (['red', 'blue'] as const).map(async (side): Promise<Bundle> => {
      const bot = doc.manifest.bots[side];
      const bytes = bot.sha256 ? await deps.blobs.get(bundleKey(bot.sha256)) : null;
      if (!bytes) throw new ApiProblem(409, 'BUNDLE_MISSING', `the ${side} bundle of match ${record.id} is not stored`);
      return bot.kind === 'wasm' ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
    }),
  );
  const map = decodeOrCorrupt(what, () => parseMap(doc.map));
  if (!map.ok) throw new ApiProblem(500, 'REPLAY_CORRUPT', `${what} is corrupt: its map is invalid`);
  const options = { rules: ruleSet(doc.manifest.rules), map: map.value };
  const rerun = await deps.runner.play({
    game: 'icy',
    options,
    seed: doc.manifest.seed ?? 0,
    budgets: resolveBudgets('icy', doc.manifest.budgets ?? undefined),
    bots: bundles,
  });
  const replay = icyReplayFromMatch(rerun, options, doc.manifest);
  return compareReplays(record.id, storedText, JSON.stringify(replay), doc.turns, replay.turns, (t) => t);
}

/**
 * The verdict of a re-run: identical bytes, or the first of the replays'
 * steps (turns, or rounds with a food change) that differs.
 */
export async function compareReplays<T>(
  id: string,
  storedText: string,
  rerunText: string,
  stored: readonly T[],
  rerun: readonly T[],
  label: (index: number, step: T | undefined) => number,
): Promise<Verification> {
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
    storedSha256: await sha256Hex(new TextEncoder().encode(storedText)),
    rerunSha256: await sha256Hex(new TextEncoder().encode(rerunText)),
    firstDifferentTurn,
  };
}
