import {
  botLanguages,
  isBundleKind,
  languageFieldList,
  languageOfFile,
  languageOfKind,
} from '../core/bot-languages.js';
import type { Bundle, BundleKind, TextBot } from '../core/bots.js';
import '../sandbox/language-catalog.js';
import { InputError } from '../core/errors.js';
import type { GameModule, SeatInput } from '../core/game-module.js';

/** A seat's bot once decoded: what it is, its bytes (stored under their sha256), and its owner for a stored bot. */
export interface DecodedSeat {
  readonly name: string | null;
  /** A bot language's kind ('js', 'py', 'wasm'...), or a text game's bot kind ('ant'). */
  readonly kind: string;
  readonly bot: Bundle | TextBot;
  readonly bytes: Uint8Array;
  /** The key that owns it, for a stored bot; absent for a bot sent with the request. */
  readonly owner?: string;
  /** The game a stored bot is bound to; absent for a bot sent with the request, or one stored before bots had a game. */
  readonly game?: string;
  /** A stored bot's id and the version that plays; absent for a bot sent with the request. */
  readonly botId?: string;
  readonly version?: number;
}

/** Finds a stored bot by id for the caller; `field` names the request field, for the error. */
export type ResolveBot = (id: string, field: string) => Promise<DecodedSeat>;

/** A bot from its stored kind (a language's, or a text game's) and bytes: source languages get their text, the others their bytes. */
export function botFromBytes(kind: string, bytes: Uint8Array, name?: string | null): Bundle | TextBot {
  const language = languageOfKind(kind);
  const bot: Bundle | TextBot = !language
    ? { kind: 'text', code: new TextDecoder().decode(bytes) }
    : { kind, code: language.encoding === 'base64' ? bytes : new TextDecoder().decode(bytes) };
  return name ? { ...bot, name } : bot;
}

/** Whether a bot of this kind plays this game: bundles (any language's) in sandboxed games, the game's own kind in text games. */
export function botFitsGame(game: GameModule, kind: string): boolean {
  return game.bots.form === 'text' ? kind === game.bots.kind : isBundleKind(kind);
}

/** What a bundle file is: by its bytes (WebAssembly's magic), else by its name's extension, else JavaScript. */
export function bundleKindOfFile(name: string | null | undefined, bytes: Uint8Array): BundleKind {
  return languageOfFile(name, bytes).kind;
}

/** A stored bot bound to one game, asked to play another (a match, or a leaderboard's): 422 naming both. */
export function botGameMismatch(
  id: string,
  botGame: string,
  game: string,
  where: 'match' | 'leaderboard',
  field: string,
): InputError<'BOT_GAME_MISMATCH'> {
  return new InputError(422, {
    code: 'BOT_GAME_MISMATCH',
    message: `${field}: bot ${id} is ${withArticle(botGame)} bot; this is ${withArticle(game)} ${where}`,
    details: { field, botGame, game },
  });
}

const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** A bundle file as a request's seat: its language's field, with the text or the bytes in base64 (`{ js }`, `{ wasm }`...). */
export function seatOfFile(name: string | null | undefined, bytes: Uint8Array): Record<string, string> {
  const language = languageOfFile(name, bytes);
  return { [language.field]: language.encoding === 'base64' ? encodeBase64(bytes) : new TextDecoder().decode(bytes) };
}

/** Base64 of bytes, in chunks (a spread of megabytes of arguments would overflow the stack). */
export function encodeBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The bytes of a base64 text (the request schemas checked its alphabet). */
export function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** The bytes a seat's bot takes: its text's, or its base64's decoded length. */
function seatSize(input: SeatInput): number {
  for (const language of botLanguages()) {
    const code = input[language.field];
    if (code !== undefined)
      return language.encoding === 'base64' ? Math.floor((code.length * 3) / 4) : new TextEncoder().encode(code).length;
  }
  return input.text !== undefined ? new TextEncoder().encode(input.text).length : 0;
}

function tooLarge(field: string, bytes: number, limit: number): InputError {
  return new InputError(413, {
    code: 'BUNDLE_TOO_LARGE',
    message: `${field}: the bundle is ${bytes} bytes; the limit is ${limit}`,
    details: { field, bytes, limit },
  });
}

/**
 * The seats of a request, decoded: stored bots through `resolve` (which
 * checks who may use them), the others from the request. A bot of the wrong
 * kind for the game (an ant brain in a sandboxed game, code in a text game)
 * is WRONG_GAME; one over `maxBytes` is BUNDLE_TOO_LARGE.
 */
export async function decodeSeats(
  game: GameModule,
  inputs: readonly SeatInput[],
  resolve: ResolveBot,
  maxBytes: number,
): Promise<DecodedSeat[]> {
  const text = game.bots.form === 'text' ? game.bots : null;
  const limit = text ? Math.min(text.maxBytes, maxBytes) : maxBytes;
  // Sizes first: a request with a bundle too large is refused before anything is looked up.
  for (const input of inputs) {
    const size = seatSize(input);
    if (size > limit) throw tooLarge(input.field, size, limit);
  }
  return Promise.all(
    inputs.map(async (input): Promise<DecodedSeat> => {
      const name = input.name ?? null;
      const named = <B extends object>(b: B) => (name ? { ...b, name } : b);
      if (input.bot !== undefined) {
        const seat = await resolve(input.bot, `${input.field}.bot`);
        if (!botFitsGame(game, seat.kind)) {
          const what = text
            ? `${game.id} matches take ${text.kind} bots`
            : `${game.id} matches take ${languageFieldList()} bundles`;
          throw new InputError(400, {
            code: 'WRONG_GAME',
            message: `${input.field}.bot: bot '${input.bot}' is a ${seat.kind} bot; ${what}`,
            details: { field: `${input.field}.bot` },
          });
        }
        if (seat.game !== undefined && seat.game !== game.id)
          throw botGameMismatch(input.bot, seat.game, game.id, 'match', `${input.field}.bot`);
        return name ? { ...seat, name, bot: { ...seat.bot, name } } : seat;
      }
      if (text) {
        if (input.text === undefined)
          throw new InputError(400, {
            code: 'WRONG_GAME',
            message: `${input.field}: ${game.id} matches take ${text.kind} bots as '${text.field}'`,
            details: { field: input.field },
          });
        return {
          name,
          kind: text.kind,
          bot: named({ kind: 'text' as const, code: input.text }),
          bytes: new TextEncoder().encode(input.text),
        };
      }
      for (const language of botLanguages()) {
        const code = input[language.field];
        if (code === undefined) continue;
        if (language.encoding === 'base64') {
          const bytes = decodeBase64(code);
          return { name, kind: language.kind, bot: named({ kind: language.kind, code: bytes }), bytes };
        }
        return {
          name,
          kind: language.kind,
          bot: named({ kind: language.kind, code }),
          bytes: new TextEncoder().encode(code),
        };
      }
      throw new InputError(400, {
        code: 'WRONG_GAME',
        message: `${input.field}: ${game.id} matches take ${languageFieldList()} bundles`,
        details: { field: input.field },
      });
    }),
  );
}
