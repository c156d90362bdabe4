import { z } from 'zod';
import { DEFAULT_ROUNDS } from '../games/ants/index.js';
import type { AntsMatchResult, AntsReplay, AntsSide } from '../match/ants-match.js';
import { resolveAntsWorld } from '../match/ants-worlds.js';
import type { BlobMeta, BlobStore, BotStore } from '../store/types.js';
import { storedBrain, type BotAccess } from './bots.js';
import { ENGINE } from '../version.js';
import { bundleKey, compareReplays, gzip, newMatchId, replayKey, sha256Hex, type ServiceDeps, type Verification } from './match-service.js';
import { decodeOrCorrupt, readStoredJson, StoredReplays } from './stored-documents.js';
import { ApiProblem } from './problems.js';
import { parseInput } from './schemas.js';

/** Brains of 10,000 states fit easily; a contest world file is about 20 KB. */
export const MAX_BRAIN_BYTES = 1024 * 1024;
export const MAX_WORLD_BYTES = 256 * 1024;
/** Ant steps one request may cost (ants x rounds): a contest match is 18.2 million, about 0.4 s. */
export const MAX_ANT_STEPS = 40_000_000;

const BrainInput = z
  .object({
    name: z.string().max(100).optional(),
    brain: z.string().max(MAX_BRAIN_BYTES).optional().describe('an ant brain in the text format of the 2004 task, section 2.8'),
    bot: z.string().regex(/^bot_[A-Za-z0-9_-]{22}$/, 'must be a bot id from POST /v1/bots').optional(),
  })
  .strict()
  .refine((b) => (b.brain === undefined) !== (b.bot === undefined), { message: 'give exactly one of brain and bot' });

export const AntsMatchRequest = z
  .object({
    game: z.literal('ants'),
    world: z.string().min(1).max(MAX_WORLD_BYTES).optional().describe('sample0..sample9, tiny, generated:SEED, or a world file as text'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    rounds: z.number().int().min(1).max(DEFAULT_ROUNDS).optional(),
    red: BrainInput,
    black: BrainInput,
  })
  .strict();

export type AntsMatchRequest = z.infer<typeof AntsMatchRequest>;

const SIDES: readonly AntsSide[] = ['red', 'black'];

export interface AntsBotSummary {
  readonly name: string | null;
  readonly kind: 'ant';
  readonly sha256: string;
  readonly forfeit?: { readonly code: string; readonly message: string };
}

export interface AntsMatchRecord {
  readonly id: string;
  readonly status: 'finished';
  readonly createdAt: string;
  readonly owner: string;
  readonly game: 'ants';
  readonly winner: AntsSide | 'draw';
  readonly decidedBy: 'food' | 'forfeit';
  readonly forfeit: AntsSide | 'both' | null;
  readonly scores: Record<AntsSide, { readonly food: number; readonly alive: number; readonly carried: number }>;
  readonly rounds: number;
  readonly bots: Record<AntsSide, AntsBotSummary>;
  readonly manifest: {
    readonly engine: string;
    readonly game: 'ants';
    readonly world: { readonly name: string | null; readonly sha256: string };
    readonly seed: number;
    readonly rounds: number;
    readonly bots: Record<AntsSide, string>;
  };
}

const GZIP_JSON: BlobMeta = { contentType: 'application/json', contentEncoding: 'gzip' };
const BRAIN_TYPE: BlobMeta = { contentType: 'text/plain; charset=utf-8' };

export function parseAntsRequest(input: unknown): AntsMatchRequest {
  return parseInput(AntsMatchRequest, input);
}

export interface AntsBrain {
  readonly name: string | null;
  readonly brain: string;
}

/** The two brains of a request: sent with it, or stored bots (checked against `access` when given). */
export async function decodeAntsBrains(deps: { blobs: BlobStore; bots: BotStore }, request: AntsMatchRequest, access?: BotAccess): Promise<[AntsBrain, AntsBrain]> {
  const brain = (b: AntsMatchRequest['red'], side: AntsSide) =>
    b.bot !== undefined ? storedBrain(deps, b.bot, access && { ...access, field: `${side}.bot` }) : Promise.resolve({ name: b.name ?? null, brain: b.brain! });
  return [await brain(request.red, 'red'), await brain(request.black, 'black')];
}

/** Plays an ants match, stores the brains, the replay, then the record; returns the record. Brains not given are read from the bot store unchecked (scheduled leaderboard matches). */
export async function playAndStoreAnts(
  deps: ServiceDeps & { bots: BotStore },
  request: AntsMatchRequest,
  now: Date,
  owner: string,
  decoded?: readonly [AntsBrain, AntsBrain],
  /** A leaderboard job's own match id (job-ids.ts); a new random one otherwise. */
  id: string = newMatchId(),
): Promise<AntsMatchRecord> {
  const [red, black] = decoded ?? (await decodeAntsBrains(deps, request));
  const world = resolveAntsWorld(request.world ?? 'sample0');
  if (!world.ok) {
    const unknown = world.problems[0]!.code === 'UNKNOWN_WORLD';
    throw new ApiProblem(unknown ? 400 : 422, unknown ? 'UNKNOWN_WORLD' : 'WORLD_INVALID', `world: ${world.problems[0]!.message}`, {
      field: 'world',
      problems: world.problems,
    });
  }
  const ants = world.value.world.hill.reduce((n, h) => n + (h ? 1 : 0), 0);
  const rounds = request.rounds ?? DEFAULT_ROUNDS;
  if (ants * rounds > MAX_ANT_STEPS) {
    throw new ApiProblem(422, 'WORLD_TOO_BUSY', `world: ${ants} ants for ${rounds} rounds is more than ${MAX_ANT_STEPS} ant steps; use fewer anthill cells or rounds`, { field: 'world' });
  }
  const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
  const brains = { red: red!.brain, black: black!.brain };
  const encoder = new TextEncoder();
  const hashes = await Promise.all(SIDES.map((side) => sha256Hex(encoder.encode(brains[side]))));
  const worldHash = await sha256Hex(encoder.encode(world.value.text));
  const manifest = {
    engine: ENGINE,
    game: 'ants' as const,
    world: { name: world.value.name, sha256: worldHash },
    seed,
    rounds,
    bots: { red: hashes[0]!, black: hashes[1]! },
  };
  const names = { red: request.red.name ?? red!.name, black: request.black.name ?? black!.name };
  const { result, replay } = await deps.runner.ants({ world: world.value.world, worldText: world.value.text, brains, seed, rounds }, { ...manifest, names });
  await Promise.all(SIDES.map((side, k) => deps.blobs.put(bundleKey(hashes[k]!), encoder.encode(brains[side]), BRAIN_TYPE)));
  await deps.blobs.put(replayKey(id), await gzip(encoder.encode(JSON.stringify(replay))), GZIP_JSON);
  const record = antsRecord({ id, now, owner, result, names: [names.red, names.black], hashes, manifest });
  if (!(await deps.matches.create(record, hashes))) throw new ApiProblem(500, 'ID_COLLISION', 'a new match id collided; retry the request');
  return record;
}

function antsRecord(a: {
  id: string;
  now: Date;
  owner: string;
  result: AntsMatchResult;
  names: readonly (string | null)[];
  hashes: readonly string[];
  manifest: AntsMatchRecord['manifest'];
}): AntsMatchRecord {
  const { result } = a;
  const side = (s: AntsSide) => ({ food: result.scores[s], alive: result.alive[s], carried: result.carried[s] });
  const bot = (s: AntsSide, k: number): AntsBotSummary => ({
    name: a.names[k] ?? null,
    kind: 'ant',
    sha256: a.hashes[k]!,
    ...(result.forfeits[s] ? { forfeit: result.forfeits[s] } : {}),
  });
  return {
    id: a.id,
    status: 'finished',
    createdAt: a.now.toISOString(),
    owner: a.owner,
    game: 'ants',
    winner: result.winner,
    decidedBy: result.decidedBy,
    forfeit: result.forfeit,
    scores: { red: side('red'), black: side('black') },
    rounds: result.rounds,
    bots: { red: bot('red', 0), black: bot('black', 1) },
    manifest: a.manifest,
  };
}

/** Re-plays a stored ants match from its stored brains and the world in its replay, and compares the replays. */
export async function verifyAntsMatch(deps: ServiceDeps, record: AntsMatchRecord): Promise<Verification> {
  const what = `the stored replay of match ${record.id}`;
  const stored = await readStoredJson(deps.blobs, replayKey(record.id), StoredReplays.ants, what);
  if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
  const storedText = stored.text;
  const doc = stored.doc as unknown as AntsReplay;
  const brains = await Promise.all(
    SIDES.map(async (side) => {
      const bytes = await deps.blobs.get(bundleKey(record.manifest.bots[side]));
      if (!bytes) throw new ApiProblem(409, 'BUNDLE_MISSING', `the ${side} brain of match ${record.id} is not stored`);
      return new TextDecoder().decode(bytes);
    }),
  );
  const world = decodeOrCorrupt(what, () => resolveAntsWorld(doc.world));
  if (!world.ok) throw new ApiProblem(500, 'REPLAY_CORRUPT', `${what} is corrupt: its world is invalid`);
  const rerun = await deps.runner.ants(
    { world: world.value.world, worldText: doc.world, brains: { red: brains[0]!, black: brains[1]! }, seed: doc.seed, rounds: doc.rounds, snapshotEvery: doc.snapshotEvery },
    doc.manifest,
  );
  return compareReplays(record.id, storedText, JSON.stringify(rerun.replay), doc.food, rerun.replay.food, (i, step) => step?.[0] ?? i);
}
