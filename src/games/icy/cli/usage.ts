import { UmpireError } from '../../../core/errors.js';

// The usage lines of Icy's own subcommands, for `umpire --help` without loading the commands.
export const VERIFY_TURNS_USAGE =
  'umpire verify-turns FILE... [--red-view FILE] [--blue-view FILE] [--rules queue2011|icpc2010]';
export const MAPS_USAGE = 'umpire maps check FILE...';
export const REPLAY_USAGE =
  'umpire replay export --turns IN.json[.gz] OUT.turns | umpire replay import IN.turns[.gz] OUT.json.gz [--rules queue2011|icpc2010]';

/** Misuse of a subcommand: the CLI prints it and exits with 2. */
export function usageError(message: string): UmpireError {
  return new UmpireError({ code: 'USAGE', message });
}
