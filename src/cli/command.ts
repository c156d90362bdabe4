/** What the process gives every subcommand beyond its arguments. */
export interface CliContext {
  /** The match worker thread's script (see match/pool/worker-url.ts). */
  readonly matchWorker: URL;
  /** Warnings and notes for people (stderr); the process's, or dropped when absent. */
  readonly err?: (line: string) => void;
}

export type Command = (argv: string[], out: (line: string) => void, context: CliContext) => number | Promise<number>;
