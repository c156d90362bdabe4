import { BLOCKS, DIRECTIONS, type Direction } from './constants.js';
import type { BlockDropState } from './state.js';

/** What a bot must print first, before any turn. */
export const READY = 'READY';

/**
 * The input of one turn, in the rules' format: id, T, the 6 x 6 block
 * timers, `R C D S` per player (`-1 -1` once fallen; D is U, R, D or L),
 * then EOD.
 */
export function encodeInput(state: BlockDropState, id: number): string {
  const lines = [String(id), String(state.turn)];
  for (let r = 0; r < BLOCKS; r++) lines.push(state.blocks.slice(r * BLOCKS, r * BLOCKS + BLOCKS).join(' '));
  for (const p of state.players) lines.push(`${p.row} ${p.col} ${p.dir} ${p.cooldown}`);
  lines.push('EOD');
  return lines.join('\n') + '\n';
}

export type Command = Direction | 'A' | 'N';

const COMMANDS: readonly string[] = [...DIRECTIONS, 'A', 'N'];

/** A bot's answer: its first non-blank line must be one command letter; anything else is N, with why. */
export function decodeCommand(text: string): { command: Command; reason?: string } {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  if (COMMANDS.includes(line)) return { command: line as Command };
  return { command: 'N', reason: line === '' ? 'empty answer' : `not a command: '${line.slice(0, 20)}'` };
}
