import { UmpireError } from '../core/errors.js';
import type { GameCommand } from '../core/game-commands.js';
import type { CliContext, Command } from './command.js';
import { gameCommandIo } from './game-command-io.js';
import { COMPILED_MATCH_WORKER } from '../match/pool/worker-url.js';
import { VERSION } from '../version.js';

/*
 * Each subcommand is imported when it runs, so `umpire match` loads the
 * engines and the sandbox but not the AWS SDK, the ratings or the API that
 * `umpire tournament` and `umpire keys` need (test/cli/loaded-modules.test.ts).
 */
interface Entry {
  readonly load: () => Promise<Command>;
  readonly usage: () => Promise<readonly string[]>;
}

/** A subcommand from its module, imported on first use: its command and its usage lines. */
function lazy<M>(module: () => Promise<M>, command: (m: M) => Command, usage: (m: M) => readonly string[]): Entry {
  return { load: async () => command(await module()), usage: async () => usage(await module()) };
}

/** The CLI's own subcommands; the games bring more (GameModule.cli.commands), found through the registry. */
const COMMANDS: Readonly<Record<string, Entry>> = {
  match: lazy(
    () => import('./match.js'),
    (m) => m.matchCommand,
    (m) => m.MATCH_USAGES,
  ),
  'prepare-wasi': lazy(
    () => import('./prepare-wasi.js'),
    (m) => m.prepareWasiCommand,
    (m) => [m.PREPARE_WASI_USAGE],
  ),
  keys: lazy(
    () => import('./keys.js'),
    (m) => m.keysCommand,
    (m) => [m.KEYS_USAGE],
  ),
  tournament: lazy(
    () => import('./tournament.js'),
    (m) => m.tournamentCommand,
    (m) => [m.TOURNAMENT_USAGE],
  ),
};

/** The names of the CLI's own subcommands, which no game's may take. */
export const CLI_COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** A game's subcommand, run with the CLI's output and files. */
function gameEntry(command: GameCommand): Entry {
  return {
    load: async () => {
      const run = await command.load();
      return (argv, out) => run(argv, gameCommandIo(out));
    },
    usage: async () => command.usage,
  };
}

/** The CLI's subcommand with this name, else a game's; the registry is loaded only for the latter. */
async function findEntry(name: string): Promise<Entry | undefined> {
  if (Object.hasOwn(COMMANDS, name)) return COMMANDS[name];
  const command = (await import('../games/catalog.js')).findGameCommand(name);
  return command && gameEntry(command);
}

async function usage(): Promise<string> {
  const { GAME_COMMANDS } = await import('../games/catalog.js');
  const entries = [...Object.values(COMMANDS), ...GAME_COMMANDS.map(gameEntry)];
  const lines = await Promise.all(entries.map((c) => c.usage()));
  return `usage:\n  ${lines.flat().join('\n  ')}`;
}

const HELP = new Set(['--help', '-h']);

/**
 * Runs the CLI; resolves to the process exit code (2 for usage errors).
 * `context.matchWorker` is the match worker script of the build that runs
 * (dist/ by default; the bundled CLI passes its own).
 */
export async function runCli(
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void,
  context: CliContext = { matchWorker: COMPILED_MATCH_WORKER },
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out(await usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    out(`umpire ${VERSION}`);
    return 0;
  }
  const entry = await findEntry(name);
  if (!entry) {
    err(`umpire: unknown command '${name}'\n${await usage()}`);
    return 2;
  }
  // Asked for help, a subcommand prints its own usage and does nothing else, whatever the other arguments.
  if (rest.some((arg) => HELP.has(arg))) {
    out(`usage:\n  ${(await entry.usage()).join('\n  ')}`);
    return 0;
  }
  try {
    const command = await entry.load();
    return await command(rest, out, { ...context, err });
  } catch (e) {
    if (e instanceof UmpireError) {
      err(`umpire ${name}: ${e.message}`);
      return e.code === 'USAGE' ? 2 : 1;
    }
    throw e;
  }
}
