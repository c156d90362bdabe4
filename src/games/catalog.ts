import type { GameCommand } from '../core/game-commands.js';
import type { GameModule } from '../core/game-module.js';
import * as registered from './registry.js';

/** Every registered game, the default first, then by id. */
export const GAMES: readonly GameModule[] = Object.values(registered as Readonly<Record<string, GameModule>>).sort(
  (a, b) => Number(b.isDefault === true) - Number(a.isDefault === true) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
);

const BY_ID = new Map(GAMES.map((g) => [g.id, g]));
if (BY_ID.size !== GAMES.length) throw new Error('two registered games share an id');
if (GAMES.filter((g) => g.isDefault).length !== 1)
  throw new Error('exactly one registered game must be the default (isDefault)');

/** The ids of the registered games, the default first. */
export const GAME_IDS: readonly string[] = GAMES.map((g) => g.id);

/** The game a CLI match without --game plays, and GET /v1/maps lists. */
export const DEFAULT_GAME: GameModule = GAMES[0]!;

/** The registered game with this id, or undefined. */
export function findGame(id: string): GameModule | undefined {
  return BY_ID.get(id);
}

/** The registered game with this id; an id no request could name is a programming error. */
export function gameById(id: string): GameModule {
  const game = BY_ID.get(id);
  if (!game) throw new RangeError(`no registered game '${id}'`);
  return game;
}

/** The registered ids as a phrase: 'icy, ants, blockdrop or capture'. */
export function gameIdList(): string {
  return GAME_IDS.length < 2
    ? GAME_IDS.join('')
    : `${GAME_IDS.slice(0, -1).join(', ')} or ${GAME_IDS[GAME_IDS.length - 1]}`;
}

/** The subcommands of `umpire` the games bring (GameModule.cli.commands), by name. */
const COMMANDS = new Map<string, GameCommand>();
for (const command of GAMES.flatMap((g) => g.cli.commands ?? [])) {
  if (COMMANDS.has(command.name)) throw new Error(`two registered games bring the command '${command.name}'`);
  COMMANDS.set(command.name, command);
}

/** Every game's own subcommands, in the games' order. */
export const GAME_COMMANDS: readonly GameCommand[] = [...COMMANDS.values()];

/** The game subcommand with this name, or undefined. */
export function findGameCommand(name: string): GameCommand | undefined {
  return COMMANDS.get(name);
}
