// The README's table of games, built from the registry (dist/, so run after the build).
// `node scripts/readme-games.mjs` rewrites it; `--check` exits 1 when the README is out of date.
import { readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- games:start -->';
const END = '<!-- games:end -->';

/** The table's text for a list of game modules. */
export function gamesTable(games) {
  const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = games.map((g) => {
    const bots = g.bots.form === 'code' ? 'JavaScript, Python or WebAssembly' : `${g.bots.kind} texts (\`${g.bots.extension}\`)`;
    return `| [\`${g.id}\`](src/games/${g.id}/README.md) | ${cell(g.title)} | ${g.seats.length} | ${bots} | ${cell(g.summary)} |`;
  });
  return ['| game | title | seats | bots | summary |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** The README with its table replaced. */
export function withTable(readme, table) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} ... ${END} block`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { GAMES } = await import('../dist/games/catalog.js');
  const readme = readFileSync('README.md', 'utf8');
  const next = withTable(readme, gamesTable(GAMES));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md: the table of games differs from the registry; run `npm run readme:games`');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync('README.md', next);
    console.log(`README.md: table of ${GAMES.length} games written`);
  }
}
