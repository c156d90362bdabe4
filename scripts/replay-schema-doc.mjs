// docs/replay.schema.json: the JSON Schema of the replay, made from the zod schema the code validates
// with (src/games/icy/replay-schema.ts). test/docs/replay-schema-doc.unit.test.ts fails when the file
// differs from it. `node scripts/replay-schema-doc.mjs` (after the build: it reads dist/) rewrites it
// (`npm run docs`); `--check` exits 1 when it is out of date.
import { readFileSync, writeFileSync } from 'node:fs';

export const FILE = 'docs/replay.schema.json';

/** The file's text for the schema `replayJsonSchema` makes. */
export function replaySchemaText(replayJsonSchema) {
  return `${JSON.stringify(replayJsonSchema(), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { replayJsonSchema } = await import('../dist/games/icy/replay-schema.js');
  const page = readFileSync(FILE, 'utf8');
  const next = replaySchemaText(replayJsonSchema);
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error(`${FILE}: differs from the replay's zod schema; run \`npm run docs\``);
      process.exit(1);
    }
  } else if (next !== page) {
    writeFileSync(FILE, next);
    console.log(`${FILE}: written`);
  }
}
