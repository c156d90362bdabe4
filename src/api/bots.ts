import { languageFieldList, languageOfFile, languageOfKind } from '../core/bot-languages.js';
import type { Bundle } from '../core/bots.js';
import { base64UrlEncode } from '../core/base64url.js';
import type { GameModule } from '../core/game-module.js';
import { bundleKey, sha256Hex } from '../match/digest.js';
import type { MatchRunner } from '../match/runner.js';
import { botContentType } from '../match/store-match.js';
import type { BlobStore } from '../store/contract/blobs.js';
import type { BotRecord, BotStore } from '../store/contract/bots.js';
import { ApiProblem } from './problems.js';

/**
 * A bot to store, checked against its game on upload: a bundle (js, wasm)
 * must load and answer the first calls of a match; a text bot must be one the game reads.
 */
export type NewBotInput = {
  readonly name: string | null;
  readonly game: GameModule;
  readonly bytes: Uint8Array;
  /** Whether other keys may play it (default no). */
  readonly public?: boolean;
} & ({ readonly bundle: Bundle } | { readonly text: string });

/** A bot read from a file's bytes for `game`: a text bot in a text game, else a bundle of the file's language (by its bytes or its name). */
export function newBotFromFile(name: string | null, game: GameModule, bytes: Uint8Array): NewBotInput {
  const text = new TextDecoder().decode(bytes);
  if (game.bots.form === 'text') return { name, game, text, bytes };
  const language = languageOfFile(name, bytes);
  return preparedBot({
    name,
    game,
    bundle: { kind: language.kind, code: language.encoding === 'base64' ? bytes : text },
    bytes,
  });
}

/**
 * A new bot as its language stores it (a TypeScript bot: its source with the
 * JavaScript that runs); a source its language cannot prepare is refused
 * with the place of the problem (422).
 */
export function preparedBot(bot: NewBotInput): NewBotInput {
  if (!('bundle' in bot) || typeof bot.bundle.code !== 'string') return bot;
  const prepare = languageOfKind(bot.bundle.kind)?.prepare;
  if (!prepare) return bot;
  const made = prepare(bot.bundle.code);
  if ('problem' in made) {
    const { code, message, line, column } = made.problem;
    throw new ApiProblem(422, code, message, { line, column });
  }
  return { ...bot, bundle: { ...bot.bundle, code: made.code }, bytes: new TextEncoder().encode(made.code) };
}

export async function validateBot(runner: MatchRunner, bot: NewBotInput): Promise<void> {
  if ('text' in bot) {
    const spec = bot.game.bots;
    const problem =
      spec.form === 'text' ? spec.check(bot.text) : `${bot.game.id} bots are ${languageFieldList()} bundles`;
    if (problem) throw new ApiProblem(422, 'BOT_INVALID', problem);
    return;
  }
  if (bot.game.bots.form !== 'code')
    throw new ApiProblem(400, 'WRONG_GAME', `${bot.game.id} bots are ${bot.game.bots.kind} texts, not bundles`, {
      field: 'game',
    });
  const r = await runner.probe({ game: bot.game.id, bundle: bot.bundle });
  if (r.ok) return;
  if (r.stage === 'load')
    throw new ApiProblem(422, 'BOT_INVALID', `the bot does not load: ${r.failure.message}`, { failure: r.failure });
  throw new ApiProblem(
    422,
    'BOT_INVALID',
    `the bot does not answer a turn: ${r.failure}${r.detail ? ` (${r.detail})` : ''}`,
    { failure: r.failure, detail: r.detail },
  );
}

/** The stored kind of a new bot: its language's, or its game's text kind. */
export function botKind(bot: NewBotInput): string {
  if ('bundle' in bot) return bot.bundle.kind;
  return bot.game.bots.form === 'text' ? bot.game.bots.kind : 'text';
}

/** Stores a validated bot: its bundle under its sha256, its record under a new id. */
export async function storeBot(
  deps: { blobs: BlobStore; bots: BotStore },
  bot: NewBotInput,
  owner: string,
  now: Date,
): Promise<BotRecord> {
  const sha256 = await sha256Hex(bot.bytes);
  const kind = botKind(bot);
  await deps.blobs.put(bundleKey(sha256), bot.bytes, { contentType: botContentType(kind) });
  const record: BotRecord = {
    id: `bot_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)))}`,
    name: bot.name,
    kind: kind as BotRecord['kind'],
    sha256,
    bytes: bot.bytes.length,
    owner,
    public: bot.public === true,
    game: bot.game.id,
    createdAt: now.toISOString(),
  };
  await deps.bots.create(record);
  return record;
}
