import { parseBrain } from '../games/ants/index.js';
import type { MatchRunner } from '../match/job.js';
import type { Bundle } from '../sandbox/types.js';
import type { BotGame } from './schemas.js';
import { base64UrlEncode } from '../store/dynamo-matches.js';
import type { BlobStore, BotRecord, BotStore } from '../store/types.js';
import { bundleKey, sha256Hex, type DecodedBot } from './match-service.js';
import { ApiProblem } from './problems.js';

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
export type NewBotInput = (DecodedBot & { readonly game?: BotGame }) | { readonly name: string | null; readonly brain: string; readonly bytes: Uint8Array };

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
    createdAt: now.toISOString(),
  };
  await deps.bots.create(record);
  return record;
}

/** The bundle of a stored bot, for a match. */
export async function storedBot(deps: { blobs: BlobStore; bots: BotStore }, id: string): Promise<DecodedBot> {
  const record = await deps.bots.get(id);
  const bytes = record ? await deps.blobs.get(bundleKey(record.sha256)) : null;
  if (!record || !bytes) throw new ApiProblem(400, 'UNKNOWN_BOT', `no bot with id '${id}'`, { field: 'bot' });
  if (record.kind === 'ant') throw new ApiProblem(400, 'WRONG_GAME', `bot '${id}' is an ants brain; it plays ants matches only`, { field: 'bot' });
  const bundle: Bundle = record.kind === 'wasm' ? { kind: 'wasm', code: bytes } : { kind: 'js', code: new TextDecoder().decode(bytes) };
  return { name: record.name, bundle: record.name ? { ...bundle, name: record.name } : bundle, bytes };
}

/** The brain of a stored ants bot, for an ants match. */
export async function storedBrain(deps: { blobs: BlobStore; bots: BotStore }, id: string): Promise<{ name: string | null; brain: string }> {
  const record = await deps.bots.get(id);
  const bytes = record ? await deps.blobs.get(bundleKey(record.sha256)) : null;
  if (!record || !bytes) throw new ApiProblem(400, 'UNKNOWN_BOT', `no bot with id '${id}'`, { field: 'bot' });
  if (record.kind !== 'ant') throw new ApiProblem(400, 'WRONG_GAME', `bot '${id}' is a ${record.kind} bundle; ants matches take brains`, { field: 'bot' });
  return { name: record.name, brain: new TextDecoder().decode(bytes) };
}
