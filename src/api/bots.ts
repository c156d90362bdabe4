import { DEFAULT_MAP, RED, encodeView, initialState, ruleSet } from '../games/icy/index.js';
import { parseBrain } from '../games/ants/index.js';
import type { BotLoader } from '../match/run-match.js';
import { DEFAULT_BUDGETS } from '../sandbox/policy.js';
import { DEFAULT_LIMITS, type Bot, type Bundle } from '../sandbox/types.js';
import { blockDropGame } from '../games/blockdrop/game.js';
import { captureGame } from '../games/capture/index.js';
import type { BotGame } from './schemas.js';
import { base64UrlEncode } from '../store/dynamo-matches.js';
import type { BlobStore, BotRecord, BotStore } from '../store/types.js';
import { bundleKey, sha256Hex, type DecodedBot } from './match-service.js';
import { ApiProblem } from './problems.js';

/** What a bot of each game is shown on upload: its handshake, if the game has one, then the first turn as the first player. */
const FIRST_CALLS: Readonly<Record<BotGame, () => string[]>> = {
  icy: () => [encodeView(initialState(DEFAULT_MAP), RED, ruleSet('queue2011'))],
  blockdrop: () => [blockDropGame.handshake!.input, blockDropGame.observe(blockDropGame.setup({ seed: 1 }), 0, { seed: 1 })],
  capture: () => [captureGame.observe(captureGame.setup({}), 0, {})],
};

/** A bundle is accepted when it loads and answers the first calls of a match of its game. */
export async function validateBot(loadBot: BotLoader, bundle: Bundle, game: BotGame = 'icy'): Promise<void> {
  const loaded = await loadBot(bundle, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: DEFAULT_BUDGETS.loadFuel });
  if (!loaded.ok) throw new ApiProblem(422, 'BOT_INVALID', `the bot does not load: ${loaded.failure.message}`, { failure: loaded.failure });
  try {
    for (const view of FIRST_CALLS[game]()) await answer(loaded.bot, view);
  } finally {
    loaded.bot.dispose();
  }
}

async function answer(bot: Bot, view: string): Promise<void> {
  const r = await bot.act(view, { fuel: DEFAULT_BUDGETS.firstTurnFuel, wallMs: DEFAULT_BUDGETS.wallMs });
  if (r.output === null) {
    throw new ApiProblem(422, 'BOT_INVALID', `the bot does not answer a turn: ${r.failure}${r.detail ? ` (${r.detail})` : ''}`, { failure: r.failure, detail: r.detail });
  }
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
