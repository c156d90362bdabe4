import { describe, expect, it } from 'vitest';
import { JsBot } from '../../../src/sandbox/javascript/js-bot.js';
import { nodeQuickJSModule } from '../../../src/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../../src/sandbox/types.js';

// A turn's text crosses into QuickJS by the glue's ASCII fast path or, for any other text, its
// own UTF-8 loop (scripts/generated/quickjs-glue.mjs): the bot reads every character as sent.

/** The text's length and a digest of its code units, in the bot and here: the same for the same text. */
const DIGEST = `(text) => {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return text.length + ':' + h;
}`;
const CODE_UNITS = `const digest = ${DIGEST};\nexport default function act(input) {\n  return digest(input);\n}\n`;
const digestOf = new Function(`return ${DIGEST}`)() as (text: string) => string;

describe('the text a JavaScript bot is given', () => {
  it('arrives character for character, ASCII or not, wherever the first other character is', async () => {
    const loaded = await JsBot.load(nodeQuickJSModule, CODE_UNITS, { limits: DEFAULT_LIMITS, seed: 1, loadFuel: 1e9 });
    if (!loaded.ok) throw new Error(loaded.failure.message);
    const ascii = 'idle 12 -3\n*\t~'.repeat(300);
    for (const text of [ascii, `é${ascii}`, `${ascii}é`, `${ascii}\u{1F600}`, 'ü€\u{1F600}x', '', '\x7f\x01a']) {
      const r = await loaded.bot.act(text, { fuel: 1e10 });
      expect(r.failure, r.detail).toBeUndefined();
      expect(r.output).toBe(digestOf(text));
    }
    loaded.bot.dispose();
  }, 30_000);
});
