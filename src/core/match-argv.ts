import type { GameModule } from './game-module.js';

// How a game's `umpire match` names its seats, read from its usage line: for the CLI, which reads
// the seats' files by these options, and for the pages that print a command a player can run.

/**
 * The seat options of a game's usage line, in order: the options left once
 * the optional `[...]` groups and `--game` are dropped (`['red', 'blue']`,
 * `['bot', 'bot', 'bot', 'bot']`).
 */
export function seatOptions(game: GameModule): string[] {
  const tokens = game.cli.usage
    .replace(/\[[^\]]*\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const options: string[] = [];
  for (let i = tokens.indexOf('match') + 1; i < tokens.length; i++) {
    const name = tokens[i]!.startsWith('--') ? tokens[i]!.slice(2) : null;
    if (name === null) continue;
    i++; // its value placeholder
    if (name !== 'game') options.push(name);
  }
  return options;
}

/** The argv of `umpire match` with these bot files in the game's seat options, in order. */
export function matchArgv(game: GameModule, paths: readonly string[]): string[] {
  return ['match', '--game', game.id, ...seatOptions(game).flatMap((name, k) => [`--${name}`, paths[k]!])];
}
