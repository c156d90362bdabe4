import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayJsonSchema } from '../../src/games/icy/replay-schema.js';
// @ts-expect-error a doc script in plain JavaScript, without declarations
import { FILE, replaySchemaText } from '../../scripts/replay-schema-doc.mjs';

describe('docs/replay.schema.json', () => {
  it('is what scripts/replay-schema-doc.mjs makes from the replay schema the code validates with', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(replaySchemaText(replayJsonSchema));
  });
});
