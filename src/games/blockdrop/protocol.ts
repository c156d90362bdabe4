import { BLOCKS, DIRECTIONS, type Direction } from './constants.js';
import { javaTrim } from './output-lines.js';
import type { BlockDropState } from './state.js';

/** What a bot must print first, before any turn. */
export const READY = 'READY';

/**
 * The input of one turn, byte for byte as the engine writes it: id, T, the
 * 6 x 6 block timers, then per player its column, row, direction (U, R, D
 * or L) and wait (`-1 -1` for the square once fallen), then EOD. The rules
 * text names the player line `R C D S`; the engine writes the column first.
 */
export function encodeInput(state: BlockDropState, id: number): string {
  const lines = [String(id), String(state.turn)];
  for (let r = 0; r < BLOCKS; r++) lines.push(state.blocks.slice(r * BLOCKS, r * BLOCKS + BLOCKS).join(' '));
  for (const p of state.players) lines.push(`${p.col} ${p.row} ${p.dir} ${p.cooldown}`);
  lines.push('EOD');
  return lines.join('\n') + '\n';
}

export type Command = Direction | 'A' | 'N';

const COMMANDS: readonly string[] = [...DIRECTIONS, 'A', 'N'];

/**
 * One line of a bot's output as the engine reads it: trimmed (Java's trim),
 * then its text up to the first space must be a command letter; anything
 * else is N, with why.
 */
export function decodeCommand(line: string): { command: Command; reason?: string } {
  const trimmed = javaTrim(line);
  const space = trimmed.indexOf(' ');
  const word = space < 0 ? trimmed : trimmed.slice(0, space);
  if (COMMANDS.includes(word)) return { command: word as Command };
  return { command: 'N', reason: trimmed === '' ? 'empty answer' : `not a command: '${trimmed.slice(0, 20)}'` };
}
