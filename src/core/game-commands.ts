/**
 * Subcommands of the `umpire` command that a game brings with it (Icy's
 * `verify-turns`, `maps check`, `replay`): listed by its module
 * (`GameModule.cli.commands`), found by the CLI through the registry.
 *
 * A game's folder imports no Node built-ins, so the CLI hands each command
 * what it may do with the machine: write lines, parse its arguments, read and
 * write files, gzip.
 */
export interface GameCommand {
  /** The subcommand's name: unique across the CLI's own commands and every game's. */
  readonly name: string;
  /** Its usage lines for `umpire --help`, each starting `umpire <name>`. */
  readonly usage: readonly string[];
  /** The command, imported when it runs (so `umpire match` does not load it). */
  load(): Promise<GameCommandRun>;
}

/** Runs the command; resolves to the exit code (0 when all went well). Misuse throws UmpireError with code USAGE. */
export type GameCommandRun = (argv: readonly string[], io: GameCommandIo) => number | Promise<number>;

export type CommandOptions = Readonly<Record<string, { readonly type: 'string' | 'boolean' }>>;

export type CommandValues = Readonly<Record<string, string | boolean | undefined>>;

/** A file's bytes, or a few words on why it cannot be read ('no such file'). */
export type FileRead =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: string };

export interface GameCommandIo {
  out(line: string): void;
  /** node:util parseArgs, strict, positionals allowed; misuse throws UmpireError with code USAGE. */
  parseArgs(argv: readonly string[], options: CommandOptions): { values: CommandValues; positionals: string[] };
  /** A file's bytes, gunzipped when they are gzip. */
  tryRead(path: string): FileRead;
  /** The same, or an UmpireError with `code` and the message `PATH: cannot read: REASON`. */
  read(path: string, code: string): Uint8Array;
  /** Writes a file (text as UTF-8). */
  write(path: string, contents: string | Uint8Array): void;
  gzip(text: string): Uint8Array;
}
