/**
 * What the layers below the sandbox know of bot languages. The languages
 * themselves are folders of src/sandbox, listed in src/sandbox/languages.ts,
 * which installs their descriptions here when it is loaded: core, games and
 * web pages stay language-agnostic (a bot's kind is a string) and still
 * check requests and name files against the registered languages.
 */

export interface BotLanguageInfo {
  /** The stored kind of its bots ('js', 'py', 'wasm'). */
  readonly kind: string;
  /** Its name for people ('JavaScript'). */
  readonly title: string;
  /** The request field that carries a bot's code ('js'). */
  readonly field: string;
  /** How that field carries it: the source text, or bytes in base64. */
  readonly encoding: 'text' | 'base64';
  /** What the field holds, for the API reference, where its name does not say. */
  readonly fieldHelp?: string;
  /** File names that mark a bot of this language ('.py'); the first is its usual one. */
  readonly extensions: readonly string[];
  /** How its bots' bytes are served back. */
  readonly contentType: string;
  /** Whether a file is one of its bots by its bytes alone (WebAssembly's magic), whatever its name. */
  readonly recognises?: (bytes: Uint8Array) => boolean;
  /** The language of a file nothing marks (JavaScript): exactly one language says so. */
  readonly unmarkedFiles?: true;
  /**
   * What an uploaded bot's text is stored as (TypeScript: its source with the
   * JavaScript that runs), or why it cannot be; absent where it is stored as sent.
   */
  readonly prepare?: (code: string) => PreparedCode;
}

/** An uploaded bot's code made ready to store, or the problem with it at a place in the file (1-based). */
export type PreparedCode =
  | { readonly code: string }
  | {
      readonly problem: {
        readonly code: string;
        readonly message: string;
        readonly line: number;
        readonly column: number;
      };
    };

/** Thrown where a language list is read before src/sandbox/languages.ts was loaded: a wiring bug, not a request's. */
export class LanguagesNotInstalled extends Error {
  readonly code = 'LANGUAGES_NOT_INSTALLED';
  constructor() {
    super('no bot languages: import src/sandbox/languages.ts before reading them');
  }
}

let installed: readonly BotLanguageInfo[] | null = null;

/** Called once by src/sandbox/language-catalog.ts with every registered language. */
export function installBotLanguages(languages: readonly BotLanguageInfo[]): void {
  const kinds = new Set(languages.map((l) => l.kind));
  const fields = new Set(languages.map((l) => l.field));
  if (kinds.size !== languages.length || fields.size !== languages.length)
    throw new Error('two bot languages share a kind or a request field');
  if (languages.filter((l) => l.unmarkedFiles).length !== 1)
    throw new Error('exactly one bot language must take unmarked files (unmarkedFiles)');
  installed = languages;
}

export function botLanguages(): readonly BotLanguageInfo[] {
  if (!installed) throw new LanguagesNotInstalled();
  return installed;
}

export const isBundleKind = (kind: string): boolean => botLanguages().some((l) => l.kind === kind);

export const languageOfKind = (kind: string): BotLanguageInfo | undefined =>
  botLanguages().find((l) => l.kind === kind);

/**
 * The language of a bundle file: one that recognises its bytes, else one
 * that claims its name's extension, else the one that takes unmarked files
 * (JavaScript files have no mark of their own).
 */
export function languageOfFile(name: string | null | undefined, bytes: Uint8Array | null): BotLanguageInfo {
  const languages = botLanguages();
  const lower = (name ?? '').toLowerCase();
  return (
    (bytes && languages.find((l) => l.recognises?.(bytes))) ||
    languages.find((l) => l.extensions.some((e) => lower.endsWith(e))) ||
    languages.find((l) => l.unmarkedFiles)!
  );
}

/** The request fields of the languages, as a phrase: 'js, py or wasm'. */
export function languageFieldList(conjunction = 'or'): string {
  const fields = botLanguages().map((l) => l.field);
  return fields.length < 2
    ? fields.join('')
    : `${fields.slice(0, -1).join(', ')} ${conjunction} ${fields[fields.length - 1]}`;
}
