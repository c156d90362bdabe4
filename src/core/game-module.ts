import type { z } from 'zod';
import type { Budgets } from './bots.js';
import type { GameCommand } from './game-commands.js';
import type { GameRules, TimeLimits } from './game-rules.js';
import type { MatchOutput } from './match-types.js';
import type { SeatConduct } from './seat-conduct.js';

/**
 * Everything the service knows about one hosted game (its pure rules are a
 * GameRules, game-rules.ts), in the manner of
 * kaggle-environments: a game is one folder under src/games/ whose module
 * implements this contract, and one line in src/games/registry.ts. The
 * runner, API, CLI, leaderboards, build and bench read games only through it.
 *
 * Every function here is pure (no I/O): it is handed what it needs. Errors in
 * a caller's input are thrown as InputError (src/core/errors.ts).
 */
export interface GameModule<Request extends { readonly game: string } = any, Options = any, Output = any, Doc = any> {
  /** The `game` of requests, records, boards and URLs: lowercase letters and digits. */
  readonly id: string;
  readonly title: string;
  /** One sentence: where the game comes from and what a bot does. */
  readonly summary: string;
  /** Set by exactly one registered module: the game of a CLI match without --game and of a bot uploaded without one. */
  readonly isDefault?: boolean;
  /** Seat names in order ('red', 'blue'; '0'..'3'): the keys of per-seat fields. */
  readonly seats: readonly string[];
  readonly bots: CodeBots | TextBots;
  readonly engine: SandboxEngine<Options> | TextEngine<Options, Output>;
  readonly request: RequestSpec<Request>;
  /** Reads a valid request into the match it asks for; throws InputError (unknown map, world too large). */
  setup(request: Request): MatchSetup<Options> | Promise<MatchSetup<Options>>;
  /** The stored replay, the record's game fields and the stored logs of a played match. */
  assemble(played: Played<Options, Output>): Assembled<Doc> | Promise<Assembled<Doc>>;
  readonly verify: VerifySpec<Doc, Options, Output>;
  readonly leaderboard: LeaderboardSpec<Request>;
  readonly cli: CliSpec<Request>;
  readonly viewer: ViewerSpec;
  /** The stored replay document, for GET /v1/games/{game}/replay-schema (JSON Schema) and for checks. */
  readonly replaySchema: z.ZodType;
  /** Named maps (or worlds) a request may ask for by name. */
  readonly maps?: MapsSpec;
  /** Example bots in the repository (paths from its root), at least one per seat: for the README, the bench and the contract tests. */
  readonly exampleBots: readonly string[];
  /**
   * An answer a bot may give to any input of the game (its web page shows it beside the first
   * input of a match); absent for games whose bots are texts.
   */
  readonly exampleAnswer?: string;
  /** Other forms a stored replay is served in (GET /v1/matches/{id}/replay?format=NAME), e.g. the original's turn history. */
  readonly replayFormats?: Readonly<Record<string, ReplayFormat<Doc>>>;
}

export interface ReplayFormat<Doc> {
  /** The downloaded file's extension. */
  readonly extension: string;
  /** The stored replay (checked by verify.stored) in this form; throws on content it cannot convert. */
  render(doc: Doc): string;
}

/** Bots are code in any registered language (src/sandbox/languages.ts) run in the sandbox, one call per turn. */
export interface CodeBots {
  readonly form: 'code';
}

/** Bots are texts the rules read (an ant brain), checked on upload. */
export interface TextBots {
  readonly form: 'text';
  /** The kind stored bots of this game have ('ant'). */
  readonly kind: string;
  /** The field of an upload or a seat that carries the text ('brain'), and a file extension that marks one ('.ant'). */
  readonly field: string;
  readonly extension: string;
  readonly maxBytes: number;
  /** Why a text is not a bot of this game, or null when it is. */
  check(text: string): string | null;
}

/** A game played by sandboxed bots through the GameRules contract (src/match/run-match.ts). */
export interface SandboxEngine<Options> {
  readonly kind: 'sandbox';
  readonly rules: GameRules<any, Options, any>;
  /** The original's time limits per call; src/match/budgets.ts turns them into fuel. */
  readonly timeLimits: TimeLimits;
  /** Most calls one seat can get in a match, and how many of them get the first-call budget (the handshake too). */
  readonly maxCallsPerSeat: number;
  readonly firstCalls: number;
  /** What an uploaded bot is shown to be accepted: its first calls of a match. */
  probeViews(): readonly string[];
}

/** A game whose bots are texts: the whole match is one pure function. */
export interface TextEngine<Options, Output> {
  readonly kind: 'text';
  play(job: { readonly options: Options; readonly seed: number; readonly bots: readonly string[] }): Output;
  /** The longest a match may take, in ms, whatever its input (its size is bounded by setup). */
  readonly deadlineMs: number;
}

/**
 * A seat of a request: exactly one of a stored bot's id, a bot's code under
 * its language's field (js, py, wasm...: see bot-languages.ts) or a text bot.
 */
export interface SeatInput {
  /** The request field naming the seat, as a dotted path ('red', 'bots.2'), for errors. */
  readonly field: string;
  readonly name?: string | undefined;
  readonly bot?: string | undefined;
  readonly text?: string | undefined;
  /** The code, under its language's field. */
  readonly [languageField: string]: string | undefined;
}

export interface RequestSpec<Request> {
  /** The JSON body of POST /v1/matches for this game, `game` included. */
  readonly schema: z.ZodType<Request>;
  /** The request's seats in order. */
  seats(request: Request): readonly SeatInput[];
  /** Multipart requests: the form fields that carry seat files (the other fields are the JSON fields as text). */
  readonly formSeats?: readonly string[];
}

export interface MatchSetup<Options> {
  /** Plain data: a job crosses to a worker thread. */
  readonly options: Options;
  /** The request's seed, if it gave one (a random one is drawn otherwise). */
  readonly seed?: number | undefined;
  /** Budget overrides of the request (sandboxed games). */
  readonly budgets?: Partial<Budgets> | undefined;
  /** Whatever else the record and replay need (a map's name and hash). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** A seat's bot as played: stored under its sha256. */
export interface SeatBot {
  readonly name: string | null;
  /** A bot language's kind ('js', 'py', 'wasm'...), or the text bots' kind. */
  readonly kind: string;
  readonly sha256: string;
}

export interface Played<Options, Output> {
  readonly engine: string;
  readonly setup: MatchSetup<Options>;
  readonly seed: number;
  /** The budgets played with; null for text games. */
  readonly budgets: Budgets | null;
  readonly seats: readonly SeatBot[];
  /** Per seat: the bot's log, or null where it is someone else's bot (or the game keeps none). */
  readonly logs: readonly (string | null)[];
  /** What the engine gave: a MatchOutput for sandboxed games. */
  readonly output: Output;
}

export interface Assembled<Doc> {
  readonly replay: Doc;
  /** The record's fields after id, status, createdAt, owner and game: winner, scores, seats, manifest... */
  readonly record: Readonly<Record<string, unknown>>;
  /** The stored logs document; absent when the game keeps none. */
  readonly logs?: unknown;
}

/** A stored match record: the service's fields, then the game's. */
export interface MatchRecord {
  readonly id: string;
  readonly status: 'finished';
  readonly createdAt: string;
  readonly owner: string;
  readonly game: string;
  readonly [field: string]: unknown;
}

export interface VerifySpec<Doc, Options, Output> {
  /** What verify reads of a stored replay (the rest passes through): corrupt content fails here. */
  readonly stored: z.ZodType;
  /** The seats' bots as stored: null sha256 where none was kept. */
  seats(
    doc: Doc,
    record: MatchRecord,
  ): readonly { readonly sha256: string | null; readonly kind: string; readonly name: string | null }[];
  /** How to play it again; throws on content the schema let through but the rules refuse. */
  rerun(
    doc: Doc,
    record: MatchRecord,
  ): { readonly options: Options; readonly seed: number; readonly budgets: Partial<Budgets> | null };
  /** The replay of the re-run, built as the stored one was. */
  replay(output: Output, doc: Doc, record: MatchRecord): Doc;
  /** The steps compared to name the first that differs, and that step's label (a turn, a round). */
  steps(doc: Doc): readonly unknown[];
  label(index: number, step: unknown): number;
}

export interface LeaderboardSpec<Request> {
  /** The board's game settings (zod object), with their defaults. */
  readonly settings: z.ZodObject<z.ZodRawShape>;
  /** Checks and normalises settings (drops repeated maps); throws InputError. */
  prepare(settings: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
  /** The maps (or worlds) every seating is played on; [] when the game has none. */
  venues(settings: Readonly<Record<string, unknown>>): readonly string[];
  /** The request of one scheduled match: bots by seat, the venue ('' when none), the seed. */
  request(settings: Readonly<Record<string, unknown>>, bots: readonly string[], venue: string, seed: number): Request;
  /** Each seat's place in a finished match (1 best; equal places tie). */
  ranks(record: MatchRecord): readonly number[];
  /** The game's part of a result line: seats with their bot ids and scores, the winner. */
  line(record: MatchRecord, bots: readonly string[]): Readonly<Record<string, unknown>>;
  /** Tables rank by rating, or by points first (2 a win, 1 a draw). */
  readonly rankBy: 'rating' | 'points';
  /** The setting that lists the venues ('maps', 'worlds'): the cap on them is `<venueSetting>PerBoard`. */
  readonly venueSetting?: string;
}

/** A bundle read from a file, as a request's bot: `{ name, js }`, `{ name, wasm }` (base64)... under its language's field. */
export interface CliBundle {
  readonly name: string;
  readonly [languageField: string]: string;
}

/** Files the CLI reads for a game: bundles, texts (maps, text bots). */
export interface CliFiles {
  /** A bundle from a file (its language by its bytes or name). */
  seat(path: string): CliBundle;
  text(path: string): string;
  exists(path: string): boolean;
}

export type CliValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

export interface CliSpec<Request> {
  /** One usage line, starting `umpire match --game <id>`. */
  readonly usage: string;
  /** The game's own options (node:util parseArgs); --game, --seed, --fuel, --out and --logs are the CLI's. */
  readonly options: Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly multiple?: boolean }>>;
  /** The seed when --seed is absent. */
  readonly defaultSeed: number;
  /** The request the options ask for; throws InputError with code USAGE for misuse. */
  request(
    values: CliValues,
    files: CliFiles,
    seed: number,
    budgets: Readonly<Record<string, number>> | undefined,
  ): Request;
  /** What the command prints (as JSON). */
  summary(record: MatchRecord, replay: unknown, values?: CliValues): unknown;
  /** Files the game's options ask to write (option → contents), e.g. a turn history. */
  files?(values: CliValues, record: MatchRecord, replay: unknown): Readonly<Record<string, string>>;
  /**
   * Each seat's conduct in a played match, in seat order: moves the game could read, and the
   * bot's first failure. The CLI adds it to the summary; a game without it gets none.
   */
  conduct?(record: MatchRecord, replay: unknown): readonly SeatConduct[];
  /** Subcommands of its own (`umpire verify-turns`...), listed by `umpire --help`. */
  readonly commands?: readonly GameCommand[];
}

export interface ViewerPageOptions {
  readonly id: string;
  readonly replayUrl: string;
  readonly embed: boolean;
  /** Where the page reads the seats' logs (absent: no logs panel); keyNeeded: it asks only with a key. */
  readonly logs?: { readonly seatsUrl: string; readonly keyNeeded: boolean };
}

export interface ViewerSpec {
  /** The viewer page (its script inlined), loaded when first asked for. */
  load(): Promise<{ page(options: ViewerPageOptions): string }>;
}

export interface MapsSpec {
  readonly names: readonly string[];
  text(name: string): string | undefined;
  /** What GET /v1/games/{game}/maps shows of a map besides its name. */
  describe(name: string): Readonly<Record<string, unknown>>;
}

/** The output of a sandboxed game's match, for modules' type parameters. */
export type SandboxOutput<Step> = MatchOutput<Step>;
