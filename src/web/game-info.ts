import gameFiles from '../../build/web/games.js';
import type { GameModule, SeatInput } from '../core/game-module.js';

export interface ExampleBot {
  readonly name: string;
  readonly text: string;
}

const filesOf = (game: GameModule) => (Object.hasOwn(gameFiles, game.id) ? gameFiles[game.id]! : undefined);

/** The game folder's README: the engine notes and choices, for developers; '' if it has none. */
export function readmeOf(game: GameModule): string {
  return filesOf(game)?.readme ?? '';
}

/** The game's rules as a player reads them (its folder's rules.md); the README where it has none. */
export function rulesOf(game: GameModule): string {
  return filesOf(game)?.rules || readmeOf(game);
}

export interface Still {
  readonly name: string;
  readonly alt: string;
  /** The PNG's bytes, base64. */
  readonly png: string;
}

/** A picture of the game's viewer at a moment of a real replay (the folder's stills/), by name. */
export function stillOf(game: GameModule, name: string): Still | undefined {
  const stills = filesOf(game)?.stills ?? {};
  return Object.hasOwn(stills, name) ? { name, ...stills[name]! } : undefined;
}

/** The names of the game's stills. */
export function stillNames(game: GameModule): string[] {
  return Object.keys(filesOf(game)?.stills ?? {});
}

/** The example bots the game's module names, once each, with their text. */
export function exampleBotsOf(game: GameModule): ExampleBot[] {
  const files = filesOf(game)?.bots ?? {};
  const names = [...new Set(game.exampleBots.map((path) => path.slice(path.lastIndexOf('/') + 1)))];
  return names.filter((name) => Object.hasOwn(files, name)).map((name) => ({ name, text: files[name]! }));
}

export function exampleBot(game: GameModule, name: string): ExampleBot | undefined {
  return exampleBotsOf(game).find((b) => b.name === name);
}

/** Which seat sees the example input: the first. */
const FIRST_SEAT = 0;

/**
 * The first input a bot gets in a match on the game's default venue (after the
 * handshake, for games with one), as the engine makes it; null for games whose
 * bots are texts.
 */
export async function firstInput(game: GameModule): Promise<string | null> {
  if (game.engine.kind !== 'sandbox') return null;
  const rules = game.engine.rules;
  const request = matchRequest(
    game,
    game.seats.map(() => ({ js: 'export default () => ""' })),
    1,
  );
  const { options } = await game.setup(request as never);
  return rules.observe(rules.setup(options), FIRST_SEAT, options);
}

/** A seat of a request made here: a stored bot, a bot's code, or a text game's text in its own field, with a name. */
export type WebSeat = Pick<SeatInput, 'bot' | 'name'> & { readonly [codeOrTextField: string]: string | undefined };

/**
 * The match request of `seats` on the game's default venue and board settings:
 * the request the game builds for a leaderboard match, with each seat's stored
 * bot replaced by the given one (so this layer needs to know no game's request shape).
 */
export function matchRequest(game: GameModule, seats: readonly WebSeat[], seed: number): Record<string, unknown> {
  const settings = game.leaderboard.prepare(game.leaderboard.settings.parse({}) as Record<string, unknown>);
  const venue = game.leaderboard.venues(settings)[0] ?? '';
  const marks = seats.map((_, k) => `\u0000seat${k}`);
  const request = game.leaderboard.request(settings, marks, venue, seed) as unknown;
  return replaceSeats(request, marks, seats) as Record<string, unknown>;
}

function replaceSeats(value: unknown, marks: readonly string[], seats: readonly WebSeat[]): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceSeats(v, marks, seats));
  if (value && typeof value === 'object') {
    const bot = (value as { bot?: unknown }).bot;
    const at = typeof bot === 'string' ? marks.indexOf(bot) : -1;
    if (at >= 0) {
      const { bot: _, ...rest } = value as Record<string, unknown>;
      return { ...rest, ...seats[at] };
    }
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, replaceSeats(v, marks, seats)]),
    );
  }
  return value;
}
