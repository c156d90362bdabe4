import type { LoadResult } from '../types.js';
import type { Language, LanguageLoader } from '../language.js';
import { sourceText } from '../source-text.js';
import { JsBot } from '../javascript/js-bot.js';
import { QUICKJS_ENGINE } from '../javascript/language.js';
import { readStoredTypeScript, storedTypeScript } from './stored-bundle.js';
import { stripTypes } from './strip-types.js';

/** The name a TypeScript bot's module has in its errors' places. */
export const TYPESCRIPT_FILE = 'bot.ts';

/** A stored bot runs the JavaScript stored with it; a source sent with a match is stripped now. */
const load: LanguageLoader = async (code, ctx, host): Promise<LoadResult> => {
  const text = sourceText(code);
  const stored = readStoredTypeScript(text);
  let javascript = stored?.javascript;
  if (javascript === undefined) {
    const stripped = stripTypes(text, TYPESCRIPT_FILE);
    if ('problem' in stripped)
      return { ok: false, failure: { code: 'BUNDLE_SYNTAX', message: stripped.problem.message } };
    javascript = stripped.javascript;
  }
  return JsBot.load(() => host.engine(QUICKJS_ENGINE), javascript, ctx, { file: TYPESCRIPT_FILE });
};

export const typescript: Language = {
  kind: 'ts',
  title: 'TypeScript',
  field: 'ts',
  encoding: 'text',
  fieldHelp:
    'a TypeScript module (its default export or `act` maps the turn to the answer); its types are removed, not checked',
  extensions: ['.ts', '.mts'],
  // A stored TypeScript bot is served back as its document: source, JavaScript and stripper.
  contentType: 'application/json',
  engines: [QUICKJS_ENGINE],
  load: { node: load, workers: load },
  prepare: (source) => {
    const made = storedTypeScript(source, TYPESCRIPT_FILE);
    return 'problem' in made ? { problem: made.problem } : { code: made.document };
  },
  docs: {
    summary:
      'A TypeScript module like a JavaScript bot; its types are removed at upload (sucrase, lines kept), not checked.',
    page: 'docs/bots/typescript.md',
  },
};
