import { z } from 'zod';
import { playCapture } from '../match/capture-match.js';
import { captureReplay, type CaptureReplay } from '../match/capture-replay.js';
import { resolveBudgets } from '../match/budgets.js';
import type { Budgets } from '../sandbox/policy.js';
import type { Bundle } from '../sandbox/types.js';
import type { BlobMeta } from '../store/types.js';
import { ENGINE } from '../version.js';
import { decodeBotInput, type ResolveBot } from './decode-request.js';
import { bundleKey, compareReplays, gzip, logsKey, newMatchId, ownLogs, replayKey, sha256Hex, type BotSummary, type DecodedBot, type ServiceDeps, type Verification } from './match-service.js';
import { readStoredJson, StoredReplays } from './stored-documents.js';
import { ApiProblem } from './problems.js';
import { BotInput, BudgetsInput, parseInput } from './schemas.js';

export const CaptureMatchRequest = z
  .object({
    game: z.literal('capture'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    budgets: BudgetsInput.optional(),
    red: BotInput,
    blue: BotInput,
  })
  .strict();

export type CaptureMatchRequest = z.infer<typeof CaptureMatchRequest>;

type Side = 'red' | 'blue';
const SIDES: readonly Side[] = ['red', 'blue'];

export interface CaptureBotSummary extends BotSummary {
  /** Turns whose answer counted as the null move (late, crashed, unreadable). */
  readonly nullMoves: number;
}

export interface CaptureMatchRecord {
  readonly id: string;
  readonly status: 'finished';
  readonly createdAt: string;
  readonly owner: string;
  readonly game: 'capture';
  readonly winner: Side | 'draw';
  readonly decidedBy: string;
  readonly forfeit: Side | 'both' | null;
  /** Pucks of each color at the end, and the summed ownership that breaks ties. */
  readonly scores: Record<Side, { readonly pucks: number; readonly ownership: number }>;
  readonly turns: number;
  readonly bots: Record<Side, CaptureBotSummary>;
  readonly manifest: {
    readonly engine: string;
    readonly game: 'capture';
    readonly seed: number;
    readonly budgets: Budgets;
    readonly bots: Record<Side, string>;
  };
}

const GZIP_JSON: BlobMeta = { contentType: 'application/json', contentEncoding: 'gzip' };

export const parseCaptureRequest = (input: unknown): CaptureMatchRequest => parseInput(CaptureMatchRequest, input);

export async function decodeCaptureBots(request: CaptureMatchRequest, maxBundle: number, resolveBot: ResolveBot): Promise<[DecodedBot, DecodedBot]> {
  const bots = await Promise.all(SIDES.map((side) => decodeBotInput(request[side], resolveBot, `${side}.bot`)));
  bots.forEach((b, k) => {
    if (b.bytes.length > maxBundle) throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `${SIDES[k]}: the bundle is ${b.bytes.length} bytes; the limit is ${maxBundle}`, { field: SIDES[k] });
  });
  return [bots[0]!, bots[1]!];
}

/** Plays a Capture match, stores bundles, replay and logs, then the record. */
export async function playAndStoreCapture(deps: ServiceDeps, request: CaptureMatchRequest, bots: readonly [DecodedBot, DecodedBot], now: Date, owner: string, id: string = newMatchId()): Promise<CaptureMatchRecord> {
  const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
  const budgets: Budgets = resolveBudgets('capture', request.budgets);
  const hashes = await Promise.all(bots.map((b) => sha256Hex(b.bytes)));
  const manifest = { engine: ENGINE, game: 'capture' as const, seed, budgets, bots: { red: hashes[0]!, blue: hashes[1]! } };
  const bundles = bots.map((b): Bundle => (b.name ? { ...b.bundle, name: b.name } : b.bundle)) as [Bundle, Bundle];
  const { replay, seats } = await playCapture({ bots: bundles, seed, budgets, manifest, runner: deps.runner });
  await Promise.all(bots.map((b, k) => deps.blobs.put(bundleKey(hashes[k]!), b.bytes, { contentType: b.bundle.kind === 'wasm' ? 'application/wasm' : 'text/javascript' })));
  const encoder = new TextEncoder();
  await deps.blobs.put(replayKey(id), await gzip(encoder.encode(JSON.stringify(replay))), GZIP_JSON);
  const [redLog, blueLog] = ownLogs([seats[0]!.log, seats[1]!.log], bots, owner);
  await deps.blobs.put(logsKey(id), await gzip(encoder.encode(JSON.stringify({ red: redLog, blue: blueLog }))), GZIP_JSON);
  const bot = (k: number): CaptureBotSummary => {
    const seat = seats[k]!;
    return {
      name: bots[k]!.name,
      kind: bots[k]!.bundle.kind,
      sha256: hashes[k]!,
      fuel: seat.fuel,
      timeouts: seat.overBudget,
      errors: seat.errors,
      crashes: seat.crashes,
      nullMoves: replay.turns.filter((t) => t.r?.[k]).length,
      ...(seat.forfeit ? { forfeit: seat.forfeit } : {}),
    };
  };
  const r = replay.result;
  const record: CaptureMatchRecord = {
    id,
    status: 'finished',
    createdAt: now.toISOString(),
    owner,
    game: 'capture',
    winner: r.winner,
    decidedBy: r.decidedBy,
    forfeit: r.forfeit,
    scores: { red: { pucks: r.scores.red, ownership: r.ownership.red }, blue: { pucks: r.scores.blue, ownership: r.ownership.blue } },
    turns: replay.turns.length,
    bots: { red: bot(0), blue: bot(1) },
    manifest,
  };
  if (!(await deps.matches.create(record, hashes))) throw new ApiProblem(500, 'ID_COLLISION', 'a new match id collided; retry the request');
  return record;
}

/** Re-runs a stored match from its stored bundles and compares the replays byte for byte. */
export async function verifyCaptureMatch(deps: ServiceDeps, record: CaptureMatchRecord): Promise<Verification> {
  const stored = await readStoredJson(deps.blobs, replayKey(record.id), StoredReplays.capture, `the stored replay of match ${record.id}`);
  if (!stored) throw new ApiProblem(404, 'NOT_FOUND', `the replay of match ${record.id} is missing`);
  const storedText = stored.text;
  const doc = stored.doc as unknown as CaptureReplay;
  const bundles = await Promise.all(
    SIDES.map(async (side): Promise<Bundle> => {
      const b = record.bots[side];
      const bytes = await deps.blobs.get(bundleKey(b.sha256));
      if (!bytes) throw new ApiProblem(409, 'BUNDLE_MISSING', `the ${side} bundle of match ${record.id} is not stored`);
      const bundle: Bundle = b.kind === 'wasm' ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
      return b.name ? { ...bundle, name: b.name } : bundle;
    }),
  );
  const match = await deps.runner.play({ game: 'capture', options: {}, seed: doc.seed, budgets: record.manifest.budgets, bots: bundles });
  const rerun = captureReplay(match, doc.seed, doc.manifest);
  return compareReplays(record.id, storedText, JSON.stringify(rerun), doc.turns, rerun.turns, (i) => i);
}
