import { installBotLanguages } from '../core/bot-languages.js';
import type { Language } from './language.js';
import * as registered from './languages.js';

/** Every registered bot language, by the registry's export names (a module namespace lists its names sorted). */
export const LANGUAGES: readonly Language[] = Object.values(registered as Readonly<Record<string, Language>>);

// The layers below the sandbox (requests, games, pages) read the languages from core.
installBotLanguages(LANGUAGES);

const BY_KIND = new Map(LANGUAGES.map((l) => [l.kind, l]));

/** A bundle of a kind no language has: a stored bot of a removed language, or a caller's mistake. */
export class UnknownLanguage extends Error {
  readonly code = 'UNKNOWN_LANGUAGE';
  constructor(readonly kind: string) {
    super(`no bot language has the kind '${kind}'`);
  }
}

/** The registered language of this kind. */
export function languageOf(kind: string): Language {
  const language = BY_KIND.get(kind);
  if (!language) throw new UnknownLanguage(kind);
  return language;
}

/** Every build output the languages run on. */
export const ENGINES: readonly string[] = [...new Set(LANGUAGES.flatMap((l) => l.engines))];
