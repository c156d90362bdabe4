import gameFiles from '../../build/web/games.js';
import { base64UrlDecode } from '../core/base64url.js';
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
  /** What the picture is of (the match, the turn), for a caption; absent where stills.json gives none. */
  readonly caption?: string;
  /** The PNG. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** Its size in pixels, from the PNG's header. */
  readonly width: number;
  readonly height: number;
}

/** The stills decoded so far, by game and name: the build keeps them as base64, each is decoded once. */
const decodedStills = new Map<string, Still>();

/** A picture of the game's viewer at a moment of a real replay (the folder's stills/), by name. */
export function stillOf(game: GameModule, name: string): Still | undefined {
  const stills = filesOf(game)?.stills ?? {};
  if (!Object.hasOwn(stills, name)) return undefined;
  const key = `${game.id}/${name}`;
  let still = decodedStills.get(key);
  if (!still) {
    const { alt, caption, png } = stills[name]!;
    const bytes = base64UrlDecode(png);
    still = { name, alt, ...(caption === undefined ? {} : { caption }), bytes, ...pngSize(bytes) };
    decodedStills.set(key, still);
  }
  return still;
}

/** A PNG's width and height: the first two fields of its IHDR chunk, bytes 16 to 23. */
function pngSize(png: Uint8Array<ArrayBuffer>): { width: number; height: number } {
  if (png.length < 24) return { width: 0, height: 0 };
  const view = new DataView(png.buffer, png.byteOffset, 24);
  return { width: view.getUint32(16), height: view.getUint32(20) };
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

/**
 * The languages of bot source files, by how a file's name ends (the longest
 * ending first): what the game pages group a game's bots/ folder by. Files
 * with another ending (a generator script, a Makefile) are not bots.
 */
const SOURCE_LANGUAGES: readonly (readonly [ending: string, language: string])[] = [
  ['.js', 'JavaScript'],
  ['.py', 'Python'],
  ['.c', 'C'],
  ['.cpp', 'C++'],
  ['.as.ts', 'AssemblyScript'],
  ['.ts', 'TypeScript'],
  ['.rs', 'Rust'],
  ['.ant', 'Ant brain'],
];

/** The endings, longest first: `.as.ts` before `.ts`. */
const ENDINGS_LONGEST_FIRST = [...SOURCE_LANGUAGES].sort((a, b) => b[0].length - a[0].length);

/** The language of a bot source file by its name, or null when its name marks none. */
export function sourceLanguage(name: string): string | null {
  return ENDINGS_LONGEST_FIRST.find(([ending]) => name.endsWith(ending))?.[1] ?? null;
}

/** Languages in the order the pages list them. */
const languageRank = (language: string) => SOURCE_LANGUAGES.findIndex(([, l]) => l === language);

export interface BotSource extends ExampleBot {
  readonly language: string;
}

/** Every bot source in the game's bots/ folder (first bots included), by language. */
function botSourcesIn(game: GameModule): BotSource[] {
  const files = filesOf(game)?.bots ?? {};
  return Object.keys(files)
    .flatMap((name) => {
      const language = sourceLanguage(name);
      return language ? [{ name, language, text: files[name]! }] : [];
    })
    .sort((a, b) => languageRank(a.language) - languageRank(b.language) || a.name.localeCompare(b.name));
}

const isFirstBot = (name: string) => name.startsWith('first.');

/** The game's example programs by language (its bots/ folder's sources but the first bots): [language, bots][]. */
export function botSourcesByLanguage(game: GameModule): [string, BotSource[]][] {
  const groups = new Map<string, BotSource[]>();
  for (const bot of botSourcesIn(game).filter((b) => !isFirstBot(b.name)))
    groups.set(bot.language, [...(groups.get(bot.language) ?? []), bot]);
  return [...groups];
}

/** The game's first bots (bots/first.<ending>): the smallest complete program in each language, for newcomers. */
export function firstBotsOf(game: GameModule): BotSource[] {
  return botSourcesIn(game).filter((b) => isFirstBot(b.name));
}

/** A bot source of the game's folder by its file name, for download; undefined for any other name. */
export function botSource(game: GameModule, name: string): BotSource | undefined {
  return botSourcesIn(game).find((b) => b.name === name);
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
