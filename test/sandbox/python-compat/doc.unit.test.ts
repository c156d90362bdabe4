import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without declarations
import { docText } from '../../../scripts/python-compat.mjs';

/** docs/bots/python.md's table is written from the probe's list. */
describe('scripts/python-compat.mjs', () => {
  it("docs/bots/python.md's compatibility table is the probe's list", () => {
    const doc = readFileSync('docs/bots/python.md', 'utf8');
    expect(doc).toBe(docText(doc));
  });
});
