// The README's table of games, built from the registry (dist/, so run after the build).
// `node scripts/readme-games.mjs` rewrites it; `--check` exits 1 when the README is out of date.
import { readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- games:start -->';
const END = '<!-- games:end -->';

/** The table's text for a list of game modules, whose code bots may be in any of the languages (their titles, in the registry's order). */
export function gamesTable(games, languageTitles) {
  const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const anyLanguage = languageTitles.length < 2 ? languageTitles.join('') : `${languageTitles.slice(0, -1).join(', ')} or ${languageTitles[languageTitles.length - 1]}`;
  const rows = games.map((g) => {
    const bots = g.bots.form === 'code' ? anyLanguage : `${g.bots.kind} texts (\`${g.bots.extension}\`)`;
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
  const { LANGUAGES } = await import('../dist/sandbox/language-catalog.js');
  const readme = readFileSync('README.md', 'utf8');
  const next = withTable(readme, gamesTable(GAMES, LANGUAGES.map((l) => l.title)));
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
