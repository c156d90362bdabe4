import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { botLanguages, isBundleKind, languageFieldList, languageOfFile } from '../../src/core/bot-languages.js';
import { ENGINES, LANGUAGES, languageOf, UnknownLanguage } from '../../src/sandbox/language-catalog.js';

// The registry of bot languages (src/sandbox/languages.ts): what every entry must give, and how
// the layers below the sandbox read it (src/core/bot-languages.ts).

const WASM_HEADER = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const text = (s: string) => new TextEncoder().encode(s);

describe('the languages registry', () => {
  it('lists JavaScript, Python, TypeScript and WebAssembly, installed for core, pages and requests', () => {
    expect(LANGUAGES.map((l) => l.kind)).toEqual(['js', 'py', 'ts', 'wasm']);
    expect(botLanguages()).toBe(LANGUAGES);
    expect(languageFieldList()).toBe('js, py, ts or wasm');
    expect(isBundleKind('py')).toBe(true);
    expect(isBundleKind('ant')).toBe(false);
    expect(() => languageOf('cobol')).toThrow(UnknownLanguage);
  });

  it.each(LANGUAGES.map((l) => [l.title, l] as const))(
    '%s gives a docs entry, its extensions, its loaders and its calibration',
    (_, language) => {
      expect(language.docs.page).toMatch(/^docs\/bots\/[a-z]+\.md$/);
      expect(language.docs.summary.length).toBeGreaterThan(10);
      expect(language.extensions.length).toBeGreaterThan(0);
      for (const e of language.extensions) expect(e).toMatch(/^\.[a-z0-9]+$/);
      expect(typeof language.load.node).toBe('function');
      expect(typeof language.load.workers).toBe('function');
      if (language.calibration) expect(existsSync(language.calibration.script)).toBe(true);
    },
  );

  it('names files by their bytes first, then their extension, else JavaScript', () => {
    expect(languageOfFile('bot.py', WASM_HEADER).kind).toBe('wasm');
    expect(languageOfFile('bot.PY', text('def act(s):\n    return s\n')).kind).toBe('py');
    expect(languageOfFile('bot.wasm', text('not a module')).kind).toBe('wasm');
    expect(languageOfFile('bot.mjs', text('export default () => 1')).kind).toBe('js');
    expect(languageOfFile(null, text('export default () => 1')).kind).toBe('js');
    expect(languageOfFile('notes.txt', null).kind).toBe('js');
  });

  it('every engine a language runs on is built, and imported by the Workers entry (it cannot compile one from bytes)', () => {
    expect(ENGINES).toEqual([
      'quickjs-metered.wasm',
      'micropython-metered.wasm',
      'micropython-bridge.wasm',
      'wasm-depth-access.wasm',
    ]);
    const worker = readFileSync('functions/worker.ts', 'utf8');
    for (const file of ENGINES) {
      expect(worker).toContain(`'../build/${file}'`);
      expect(worker).toContain(`'${file}':`);
    }
  });
});
