import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../../src/games/catalog.js';
// @ts-expect-error a build script in plain JavaScript, without declarations
import { gamesTable, withTable } from '../../../scripts/readme-games.mjs';

describe('the README', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('has the table of games the registry gives, with a link to each game’s README', () => {
    expect(withTable(readme, gamesTable(GAMES))).toBe(readme);
    for (const game of GAMES) {
      expect(readme).toContain(`(src/games/${game.id}/README.md)`);
      expect(readFileSync(`src/games/${game.id}/README.md`, 'utf8').length).toBeGreaterThan(500);
    }
  });

  it('the table follows a change of the registry', () => {
    const fake = { ...GAMES[0]!, id: 'zzz', title: 'A | pipe', summary: 'new' };
    const changed = withTable(readme, gamesTable([...GAMES, fake]));
    expect(changed).not.toBe(readme);
    expect(changed).toContain('[`zzz`](src/games/zzz/README.md) | A \\| pipe |');
  });
});
