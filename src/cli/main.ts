import { UmpireError } from '../core/errors.js';
import { KEYS_USAGE, keysCommand } from './keys.js';
import { TOURNAMENT_USAGE, tournamentCommand } from './tournament.js';
import { MAPS_USAGE, mapsCommand } from './maps.js';
import { MATCH_USAGES, matchCommand } from './match.js';
import { PREPARE_WASI_USAGE, prepareWasiCommand } from './prepare-wasi.js';
import { REPLAY_USAGE, replayCommand } from './replay.js';
import { VERIFY_TURNS_USAGE, verifyTurnsCommand } from './verify-turns.js';

const USAGE = `usage:
  ${MATCH_USAGES.join('\n  ')}
  ${VERIFY_TURNS_USAGE}
  ${MAPS_USAGE}
  ${PREPARE_WASI_USAGE}
  ${REPLAY_USAGE}
  ${KEYS_USAGE}
  ${TOURNAMENT_USAGE}`;

type Command = (argv: string[], out: (line: string) => void) => number | Promise<number>;

const COMMANDS: Record<string, Command> = {
  match: matchCommand,
  'verify-turns': verifyTurnsCommand,
  maps: mapsCommand,
  'prepare-wasi': prepareWasiCommand,
  replay: replayCommand,
  keys: keysCommand,
  tournament: (argv, out) => tournamentCommand(argv, out),
};

/** Runs the CLI; resolves to the process exit code (2 for usage errors). */
export async function runCli(argv: string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    err(`umpire: unknown command '${name}'\n${USAGE}`);
    return 2;
  }
  try {
    return await command(rest, out);
  } catch (e) {
    if (e instanceof UmpireError) {
      err(`umpire ${name}: ${e.message}`);
      return e.code === 'USAGE' ? 2 : 1;
    }
    throw e;
  }
}
