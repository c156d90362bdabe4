import type { Language, LanguageLoader } from '../language.js';
import { sourceText } from '../source-text.js';
import { JsBot } from './js-bot.js';

/** The metered QuickJS the build makes (scripts/build-wasm.mjs). */
export const QUICKJS_ENGINE = 'quickjs-metered.wasm';

const load: LanguageLoader = (code, ctx, host) => JsBot.load(() => host.engine(QUICKJS_ENGINE), sourceText(code), ctx);

export const javascript: Language = {
  kind: 'js',
  title: 'JavaScript',
  field: 'js',
  encoding: 'text',
  extensions: ['.js', '.mjs'],
  unmarkedFiles: true,
  contentType: 'text/javascript',
  engines: [QUICKJS_ENGINE],
  load: { node: load, workers: load },
  calibration: { id: 'js', title: 'JavaScript (QuickJS)', script: 'scripts/calibrate/js.mjs' },
  docs: {
    summary: 'An ES module whose default export (or `act`) maps the turn to the answer, run by a metered QuickJS.',
    page: 'docs/bots/javascript.md',
  },
};
