import type { Language, LanguageLoader } from '../language.js';
import { sourceText } from '../source-text.js';
import { PyBot } from './py-bot.js';

/** The metered MicroPython the build makes (scripts/build-wasm.mjs). */
export const MICROPYTHON_ENGINE = 'micropython-metered.wasm';
/** Its setjmp/longjmp bridge, and the bridge's reader of the call-depth count (longjmp-bridge.ts), made by the build too. */
export const MICROPYTHON_BRIDGE = 'micropython-bridge.wasm';
export const DEPTH_ACCESS_ENGINE = 'wasm-depth-access.wasm';

const load: LanguageLoader = (code, ctx, host) =>
  PyBot.load(
    () => host.engine(MICROPYTHON_ENGINE),
    sourceText(code),
    ctx,
    async () => ({
      bridge: await host.engine(MICROPYTHON_BRIDGE),
      depth: await host.engine(DEPTH_ACCESS_ENGINE),
    }),
  );

export const python: Language = {
  kind: 'py',
  title: 'Python',
  field: 'py',
  encoding: 'text',
  fieldHelp:
    'a Python program reading each turn on stdin and printing its moves, or a module defining act(state: str) -> str; run by MicroPython',
  extensions: ['.py'],
  contentType: 'text/x-python; charset=utf-8',
  engines: [MICROPYTHON_ENGINE, MICROPYTHON_BRIDGE, DEPTH_ACCESS_ENGINE],
  load: { node: load, workers: load },
  calibration: { id: 'python', title: 'Python (MicroPython)', script: 'scripts/calibrate/python.mjs' },
  docs: {
    summary:
      'A classic stdin/stdout program, or a module defining `act(state: str) -> str`, run by a metered MicroPython.',
    page: 'docs/bots/python.md',
  },
};
