// The table of games in README.md and docs/games.md, built from the registry (dist/, so run after
// the build). `node scripts/readme-games.mjs` rewrites both; `--check` exits 1 when one is out of date.
import { readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- games:start -->';
const END = '<!-- games:end -->';

/** The pages that hold the table, each with the way its links reach src/ from where it is. */
export const PAGES = [
  { file: 'README.md', root: '' },
  { file: 'docs/games.md', root: '../' },
];

/** The table's text for a list of game modules, whose code bots may be in any of the languages (their titles, in the registry's order). */
export function gamesTable(games, languageTitles, root = '') {
  const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const anyLanguage =
    languageTitles.length < 2
      ? languageTitles.join('')
      : `${languageTitles.slice(0, -1).join(', ')} or ${languageTitles[languageTitles.length - 1]}`;
  const rows = games.map((g) => {
    const bots = g.bots.form === 'code' ? anyLanguage : `${g.bots.kind} texts (\`${g.bots.extension}\`)`;
    return `| [\`${g.id}\`](${root}src/games/${g.id}/README.md) | ${cell(g.title)} | ${g.seats.length} | ${bots} | ${cell(g.summary)} |`;
  });
  return ['| game | title | seats | bots | summary |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** The page with its table replaced. */
export function withTable(readme, table, file = 'README.md') {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} ... ${END} block`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { GAMES } = await import('../dist/games/catalog.js');
  const { LANGUAGES } = await import('../dist/sandbox/language-catalog.js');
  for (const { file, root } of PAGES) {
    const page = readFileSync(file, 'utf8');
    const next = withTable(
      page,
      gamesTable(
        GAMES,
        LANGUAGES.map((l) => l.title),
        root,
      ),
      file,
    );
    if (process.argv.includes('--check')) {
      if (next !== page) {
        console.error(`${file}: the table of games differs from the registry; run \`npm run readme:games\``);
        process.exitCode = 1;
      }
    } else if (next !== page) {
      writeFileSync(file, next);
      console.log(`${file}: table of ${GAMES.length} games written`);
    }
  }
}
