import { z } from 'zod';
import { PLAYERS } from '../games/blockdrop/index.js';
import { blockDropReplay, type BlockDropReplay } from '../match/blockdrop-replay.js';
import { playBlockDrop, type BlockDropPlayerSummary } from '../match/blockdrop-match.js';
import { resolveBudgets } from '../match/budgets.js';
import type { Budgets } from '../sandbox/policy.js';
import type { Bundle } from '../sandbox/types.js';
import type { BlobMeta } from '../store/types.js';
import { ENGINE } from '../version.js';
import { decodeBotInput, type ResolveBot } from './decode-request.js';
import { bundleKey, compareReplays, gzip, logsKey, newMatchId, ownLogs, replayKey, sha256Hex, type DecodedBot, type ServiceDeps, type Verification } from './match-service.js';
import { readStoredJson, StoredReplays } from './stored-documents.js';
import { ApiProblem } from './problems.js';
import { BotInput, BudgetsInput, parseInput } from './schemas.js';

export const BlockDropMatchRequest = z
  .object({
    game: z.literal('blockdrop'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    budgets: BudgetsInput.optional(),
    bots: z.array(BotInput).length(PLAYERS).describe('players 0 to 3, in turn order'),
  })
  .strict();

export type BlockDropMatchRequest = z.infer<typeof BlockDropMatchRequest>;

export interface BlockDropPlayerRecord extends BlockDropPlayerSummary {
  readonly kind: 'js' | 'wasm';
  readonly sha256: string;
}

export interface BlockDropMatchRecord {
  readonly id: string;
  readonly status: 'finished';
  readonly createdAt: string;
  readonly owner: string;
  readonly game: 'blockdrop';
  /** The last player standing, or draw. */
  readonly winner: number | 'draw';
  readonly turns: number;
  readonly players: readonly BlockDropPlayerRecord[];
  readonly manifest: {
    readonly engine: string;
    readonly game: 'blockdrop';
    readonly seed: number;
    readonly budgets: Budgets;
    readonly bots: readonly string[];
  };
}

const GZIP_JSON: BlobMeta = { contentType: 'application/json', contentEncoding: 'gzip' };

export function parseBlockDropRequest(input: unknown): BlockDropMatchRequest {
  return parseInput(BlockDropMatchRequest, input);
}

export async function decodeBlockDropBots(request: BlockDropMatchRequest, maxBundle: number, resolveBot: ResolveBot): Promise<DecodedBot[]> {
  const bots = await Promise.all(request.bots.map((b, k) => decodeBotInput(b, resolveBot, `bots.${k}.bot`)));
  bots.forEach((b, k) => {
    if (b.bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `bots.${k}: the bundle is ${b.bytes.length} bytes; the limit is ${maxBundle}`, { field: `bots.${k}` });
  });
  return bots;
}

/** Plays a four-bot match, stores bundles, replay and logs, then the record. */
export async function playAndStoreBlockDrop(deps: ServiceDeps, request: BlockDropMatchRequest, bots: readonly DecodedBot[], now: Date, owner: string, id: string = newMatchId()): Promise<BlockDropMatchRecord> {
  const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
  const budgets: Budgets = resolveBudgets('blockdrop', request.budgets);
  const hashes = await Promise.all(bots.map((b) => sha256Hex(b.bytes)));
  const manifest = { engine: ENGINE, game: 'blockdrop' as const, seed, budgets, bots: hashes };
  const bundles = bots.map((b): Bundle => (b.name ? { ...b.bundle, name: b.name } : b.bundle));
  const { summary, replay, logs } = await playBlockDrop({ bots: bundles, seed, budgets, manifest, runner: deps.runner });
  await Promise.all(bots.map((b, k) => deps.blobs.put(bundleKey(hashes[k]!), b.bytes, { contentType: b.bundle.kind === 'wasm' ? 'application/wasm' : 'text/javascript' })));
  const encoder = new TextEncoder();
  await deps.blobs.put(replayKey(id), await gzip(encoder.encode(JSON.stringify(replay))), GZIP_JSON);
  await deps.blobs.put(logsKey(id), await gzip(encoder.encode(JSON.stringify(ownLogs(logs, bots, owner)))), GZIP_JSON);
  const record: BlockDropMatchRecord = {
    id,
    status: 'finished',
    createdAt: now.toISOString(),
    owner,
    game: 'blockdrop',
    winner: summary.winner,
    turns: summary.turns,
    players: summary.players.map((p, k) => ({ ...p, name: bots[k]!.name, kind: bots[k]!.bundle.kind, sha256: hashes[k]! })),
    manifest,
  };
  if (!(await deps.matches.create(record, hashes))) throw new ApiProblem(500, 'ID_COLLISION', 'a new match id collided; retry the request');
  return record;
}

/** Re-runs a stored match from its stored bundles and compares the replays byte for byte. */
export async function verifyBlockDropMatch(deps: ServiceDeps, record: BlockDropMatchRecord): Promise<Verification> {
  const stored = await readStoredJson(deps.blobs, replayKey(record.id), StoredReplays.blockdrop, `the stored replay of match ${record.id}`);
  if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
  const storedText = stored.text;
  const doc = stored.doc as unknown as BlockDropReplay;
  const bundles = await Promise.all(
    record.players.map(async (p, k): Promise<Bundle> => {
      const bytes = await deps.blobs.get(bundleKey(p.sha256));
      if (!bytes) throw new ApiProblem(409, 'BUNDLE_MISSING', `the bundle of player ${k} of match ${record.id} is not stored`);
      const bundle: Bundle = p.kind === 'wasm' ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
      return p.name ? { ...bundle, name: p.name } : bundle;
    }),
  );
  const match = await deps.runner.play({ game: 'blockdrop', options: { seed: doc.seed }, seed: doc.seed, budgets: record.manifest.budgets, bots: bundles });
  const rerun = blockDropReplay(match, doc.seed, doc.manifest);
  return compareReplays(record.id, storedText, JSON.stringify(rerun), doc.turns, rerun.turns, (i) => i);
}
