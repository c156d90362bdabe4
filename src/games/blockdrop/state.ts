import { BLOCK_SQUARES, BLOCKS, type Direction } from './constants.js';

export interface PlayerState {
  /** Square row and column, or -1 and -1 once fallen (direction and wait stay as they were). */
  readonly row: number;
  readonly col: number;
  readonly dir: Direction;
  /**
   * The wait S of the input: after an attack, how many of its own turns the
   * player still sits out (2, then 1; 0: it acts). It keeps its value once
   * the player has fallen, as the engine's does.
   */
  readonly cooldown: number;
  /** The turn in which the player fell with its block, or null while it stands. */
  readonly fellAt: number | null;
}

/**
 * The whole game between turns, plain JSON. `blocks[r * 6 + c]` is the
 * block's timer as the input shows it: 0 stable, n > 0 drops in n turns,
 * n < 0 dropped and restored in -n turns.
 */
export interface BlockDropState {
  readonly turn: number;
  readonly blocks: readonly number[];
  readonly players: readonly PlayerState[];
}

export const onBoard = (p: PlayerState) => p.fellAt === null;

export const blockOf = (row: number, col: number) =>
  Math.floor(row / BLOCK_SQUARES) * BLOCKS + Math.floor(col / BLOCK_SQUARES);

export const manhattan = (a: { row: number; col: number }, b: { row: number; col: number }) =>
  Math.abs(a.row - b.row) + Math.abs(a.col - b.col);

/** Whose turn it is: ids take turns 0, 1, 2, 3, 0, ... whether or not they still stand. */
export const currentPlayer = (state: BlockDropState) => state.turn % state.players.length;
