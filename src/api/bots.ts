import { parseBrain } from '../games/ants/index.js';
import type { MatchRunner } from '../match/job.js';
import type { Bundle } from '../sandbox/types.js';
import type { BotGame } from './schemas.js';
import { base64UrlEncode } from '../store/dynamo-matches.js';
import type { BlobStore, BotRecord, BotStore } from '../store/types.js';
import { bundleKey, sha256Hex, type DecodedBot } from './match-service.js';
import { ApiProblem } from './problems.js';
import { botNotFound, usableBotRecord } from './bot-access.js';

/** A bundle is accepted when it loads and answers the first calls of a match of its game (src/match/probe.ts). */
export async function validateBot(runner: MatchRunner, bundle: Bundle, game: BotGame = 'icy'): Promise<void> {
  const r = await runner.probe({ game, bundle });
  if (r.ok) return;
  if (r.stage === 'load') throw new ApiProblem(422, 'BOT_INVALID', `the bot does not load: ${r.failure.message}`, { failure: r.failure });
  throw new ApiProblem(422, 'BOT_INVALID', `the bot does not answer a turn: ${r.failure}${r.detail ? ` (${r.detail})` : ''}`, { failure: r.failure, detail: r.detail });
}

/** An ants brain is accepted when it parses; the error names the line. */
export function validateBrain(text: string): void {
  const parsed = parseBrain(text);
  if (!parsed.ok) throw new ApiProblem(422, 'BOT_INVALID', `the brain does not parse: ${parsed.problems[0]!.message}`, { problems: parsed.problems.slice(0, 20) });
}

/** What a stored bot is: a sandboxed bundle, or an ants brain. */
export type NewBotInput = ((DecodedBot & { readonly game?: BotGame }) | { readonly name: string | null; readonly brain: string; readonly bytes: Uint8Array }) & {
  /** Whether other keys may play it (default no). */
  readonly public?: boolean;
};

export const CONTENT_TYPES: Readonly<Record<BotRecord['kind'], string>> = {
  js: 'text/javascript',
  wasm: 'application/wasm',
  ant: 'text/plain; charset=utf-8',
};

/** Stores a validated bot: its bundle under its sha256, its record under a new id. */
export async function storeBot(deps: { blobs: BlobStore; bots: BotStore }, bot: NewBotInput, owner: string, now: Date): Promise<BotRecord> {
  const sha256 = await sha256Hex(bot.bytes);
  const kind = 'brain' in bot ? 'ant' : bot.bundle.kind;
  await deps.blobs.put(bundleKey(sha256), bot.bytes, { contentType: CONTENT_TYPES[kind] });
  const record: BotRecord = {
    id: `bot_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)))}`,
    name: bot.name,
    kind,
    sha256,
    bytes: bot.bytes.length,
    owner,
    public: bot.public === true,
    createdAt: now.toISOString(),
  };
  await deps.bots.create(record);
  return record;
}

/** Who asks for a stored bot: with it, a bot the caller may not use is not found (404); without it (scheduled leaderboard matches, whose entries were checked), any bot. */
export interface BotAccess {
  readonly owner: string;
  /** The request field naming the bot, for the error. */
  readonly field?: string;
}

async function storedRecord(deps: { blobs: BlobStore; bots: BotStore }, id: string, access: BotAccess | undefined) {
  const record = access ? await usableBotRecord(deps.bots, id, access.owner, access.field) : await deps.bots.get(id);
  const bytes = record ? await deps.blobs.get(bundleKey(record.sha256)) : null;
  if (!record || !bytes) throw botNotFound(id, access?.field);
  return { record, bytes };
}

/** The bundle of a stored bot, for a match, with its owner (whose logs a match keeps: see ownLogs). */
export async function storedBot(deps: { blobs: BlobStore; bots: BotStore }, id: string, access?: BotAccess): Promise<DecodedBot> {
  const { record, bytes } = await storedRecord(deps, id, access);
  if (record.kind === 'ant') throw new ApiProblem(400, 'WRONG_GAME', `bot '${id}' is an ants brain; it plays ants matches only`, { field: access?.field ?? 'bot' });
  const bundle: Bundle = record.kind === 'wasm' ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
  return { name: record.name, bundle: record.name ? { ...bundle, name: record.name } : bundle, bytes, owner: record.owner };
}

/** The brain of a stored ants bot, for an ants match. */
export async function storedBrain(deps: { blobs: BlobStore; bots: BotStore }, id: string, access?: BotAccess): Promise<{ name: string | null; brain: string }> {
  const { record, bytes } = await storedRecord(deps, id, access);
  if (record.kind !== 'ant') throw new ApiProblem(400, 'WRONG_GAME', `bot '${id}' is a ${record.kind} bundle; ants matches take brains`, { field: access?.field ?? 'bot' });
  return { name: record.name, brain: new TextDecoder().decode(bytes) };
}
