import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/catalog.js';
import { LANGUAGES } from '../../src/sandbox/language-catalog.js';
// @ts-expect-error a build script in plain JavaScript, without declarations
import { gamesTable, PAGES, withTable } from '../../scripts/readme-games.mjs';

const TITLES = LANGUAGES.map((l) => l.title);

describe('the table of games (README.md, docs/games.md)', () => {
  for (const { file, root } of PAGES as { file: string; root: string }[]) {
    const page = readFileSync(file, 'utf8');

    it(`${file} has the table the registry gives, with a link to each game’s README`, () => {
      expect(withTable(page, gamesTable(GAMES, TITLES, root))).toBe(page);
      for (const game of GAMES) {
        expect(page).toContain(`(${root}src/games/${game.id}/README.md)`);
        expect(readFileSync(`src/games/${game.id}/README.md`, 'utf8').length).toBeGreaterThan(500);
      }
    });
  }

  it('follows a change of the registry', () => {
    const readme = readFileSync('README.md', 'utf8');
    const fake = { ...GAMES[0]!, id: 'zzz', title: 'A | pipe', summary: 'new' };
    const changed = withTable(readme, gamesTable([...GAMES, fake], TITLES));
    expect(changed).not.toBe(readme);
    expect(changed).toContain('[`zzz`](src/games/zzz/README.md) | A \\| pipe |');
    expect(gamesTable([fake], TITLES, '../')).toContain('[`zzz`](../src/games/zzz/README.md)');
  });
});

describe('the README', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('shows src/games/icy/bots/idle.js word for word as its first bot', () => {
    expect(readme).toContain('```js\n' + readFileSync('src/games/icy/bots/idle.js', 'utf8') + '```');
  });

  it('states the test command CI runs (.ci/run), and stays a front door of at most 150 lines', () => {
    // CI runs `npm test` as its tiers, one at a time and timed: the same scripts, in the same order.
    const ci = readFileSync('.ci/run', 'utf8').trim().split('\n');
    const tiers = JSON.parse(readFileSync('package.json', 'utf8')).scripts.test.split(' && ') as string[];
    const at = tiers.map((tier) => ci.indexOf(`timed ${tier}`));
    expect(at.every((line) => line >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(readme).toContain('\nnpm test ');
    expect(readme.split('\n').length).toBeLessThanOrEqual(151);
  });
});
