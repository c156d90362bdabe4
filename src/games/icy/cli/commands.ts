import type { GameCommand } from '../../../core/game-commands.js';
import { MAPS_USAGE, REPLAY_USAGE, VERIFY_TURNS_USAGE } from './usage.js';

/** Icy's subcommands of `umpire`: turn histories, maps and replays in the original's formats. */
export const ICY_COMMANDS: readonly GameCommand[] = [
  {
    name: 'verify-turns',
    usage: [VERIFY_TURNS_USAGE],
    load: async () => (await import('./verify-turns.js')).verifyTurnsCommand,
  },
  { name: 'maps', usage: [MAPS_USAGE], load: async () => (await import('./maps-check.js')).mapsCommand },
  { name: 'replay', usage: [REPLAY_USAGE], load: async () => (await import('./replay-convert.js')).replayCommand },
];
