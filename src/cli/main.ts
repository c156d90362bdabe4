import { UmpireError } from '../core/errors.js';
import type { CliContext, Command } from './command.js';
import { COMPILED_MATCH_WORKER } from '../match/pool/worker-url.js';

/*
 * Each subcommand is imported when it runs, so `umpire match` loads the
 * engines and the sandbox but not the AWS SDK, the ratings or the API that
 * `umpire tournament` and `umpire keys` need (test/cli/loaded-modules.test.ts).
 */
interface Entry {
  readonly load: () => Promise<Command>;
  readonly usage: () => Promise<readonly string[]>;
}

const COMMANDS: Readonly<Record<string, Entry>> = {
  match: { load: async () => (await import('./match.js')).matchCommand, usage: async () => (await import('./match.js')).MATCH_USAGES },
  'verify-turns': { load: async () => (await import('./verify-turns.js')).verifyTurnsCommand, usage: async () => [(await import('./verify-turns.js')).VERIFY_TURNS_USAGE] },
  maps: { load: async () => (await import('./maps.js')).mapsCommand, usage: async () => [(await import('./maps.js')).MAPS_USAGE] },
  'prepare-wasi': { load: async () => (await import('./prepare-wasi.js')).prepareWasiCommand, usage: async () => [(await import('./prepare-wasi.js')).PREPARE_WASI_USAGE] },
  replay: { load: async () => (await import('./replay.js')).replayCommand, usage: async () => [(await import('./replay.js')).REPLAY_USAGE] },
  keys: { load: async () => (await import('./keys.js')).keysCommand, usage: async () => [(await import('./keys.js')).KEYS_USAGE] },
  tournament: {
    load: async () => (await import('./tournament.js')).tournamentCommand,
    usage: async () => [(await import('./tournament.js')).TOURNAMENT_USAGE],
  },
};

async function usage(): Promise<string> {
  const lines = await Promise.all(Object.values(COMMANDS).map((c) => c.usage()));
  return `usage:\n  ${lines.flat().join('\n  ')}`;
}

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
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    err(`umpire: unknown command '${name}'\n${await usage()}`);
    return 2;
  }
  try {
    const command = await entry.load();
    return await command(rest, out, context);
  } catch (e) {
    if (e instanceof UmpireError) {
      err(`umpire ${name}: ${e.message}`);
      return e.code === 'USAGE' ? 2 : 1;
    }
    throw e;
  }
}
