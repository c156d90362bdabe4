import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without declarations
import { docText, sourcesText } from '../../../scripts/python-compat.mjs';

/** The embedded compat sources and docs/bots/python.md's table are written from their one source each. */
describe('scripts/python-compat.mjs', () => {
  it('src/sandbox/python/compat/sources.ts is the .py files beside it', () => {
    expect(readFileSync('src/sandbox/python/compat/sources.ts', 'utf8')).toBe(sourcesText());
  });

  it("docs/bots/python.md's compatibility table is the probe's list", () => {
    const doc = readFileSync('docs/bots/python.md', 'utf8');
    expect(doc).toBe(docText(doc));
  });
});
