import {
  ATTACK_WAIT,
  BLOCK_SQUARES,
  BLOCKS,
  DELTAS,
  DROPPED_TIMER,
  FALL_TURNS_PER_BLOCK,
  MIN_DISTANCE,
  SQUARES,
  type Direction,
} from './constants.js';
import type { Command } from './protocol.js';
import { blockOf, currentPlayer, manhattan, onBoard, type BlockDropState, type PlayerState } from './state.js';

export type TurnOutcome =
  /** The player had fallen: its bot was asked, its answer not used. */
  | 'fallen'
  | 'idle'
  | 'moved'
  /** The move was canceled; only the direction changed. */
  | 'turned'
  | 'attacked'
  /** The player sits out a turn after its attack: it plays N whatever it answered. */
  | 'cooling';

export interface TurnRecord {
  readonly turn: number;
  readonly player: number;
  /** The command played: N for none, an invalid answer, a turn sat out after an attack, or a fallen player. */
  readonly command: Command;
  readonly outcome: TurnOutcome;
  /** Why a move was canceled, or why the answer counted as N (not given for a fallen player, whose answer is not used). */
  readonly reason?: string;
  /** Blocks that dropped at the end of the turn, and players that fell with them. */
  readonly dropped: readonly number[];
  readonly fell: readonly number[];
}

/**
 * One turn, in the engine's order: the current player, if it stands, plays
 * its command (N while its wait is above 0) and its wait counts down by
 * one; then every block's timer moves one step toward 0, and a block whose
 * countdown reaches 0 drops, taking the players on it, with the timer
 * DROPPED_TIMER that counts back up to 0.
 */
export function playTurn(
  state: BlockDropState,
  command: Command,
  reason?: string,
): { state: BlockDropState; record: TurnRecord } {
  const id = currentPlayer(state);
  const blocks = [...state.blocks];
  const players = [...state.players];
  const me = players[id]!;
  let played: Command = command;
  let outcome: TurnOutcome;
  let why = reason;
  if (!onBoard(me)) {
    played = 'N';
    outcome = 'fallen';
    why = undefined;
  } else if (me.cooldown > 0) {
    played = 'N';
    outcome = 'cooling';
    players[id] = { ...me, cooldown: me.cooldown - 1 };
  } else if (command === 'N') {
    outcome = 'idle';
  } else if (command === 'A') {
    attack(blocks, me);
    players[id] = { ...me, cooldown: ATTACK_WAIT - 1 };
    outcome = 'attacked';
  } else {
    const moved = move(players, id, command, blocks);
    players[id] = moved.player;
    outcome = moved.canceled ? 'turned' : 'moved';
    why = moved.canceled ?? why;
  }
  const { dropped, fell } = tick(blocks, players, state.turn);
  return {
    state: { turn: state.turn + 1, blocks, players },
    record: { turn: state.turn, player: id, command: played, outcome, ...(why ? { reason: why } : {}), dropped, fell },
  };
}

/** Every stable block in the facing direction, n blocks away, is set to drop in 4n turns; others keep their timers. */
function attack(blocks: number[], p: PlayerState): void {
  const [dr, dc] = DELTAS[p.dir];
  let r = Math.floor(p.row / BLOCK_SQUARES) + dr;
  let c = Math.floor(p.col / BLOCK_SQUARES) + dc;
  for (let n = 1; r >= 0 && c >= 0 && r < BLOCKS && c < BLOCKS; n++, r += dr, c += dc) {
    if (blocks[r * BLOCKS + c] === 0) blocks[r * BLOCKS + c] = n * FALL_TURNS_PER_BLOCK;
  }
}

function move(
  players: readonly PlayerState[],
  id: number,
  dir: Direction,
  blocks: readonly number[],
): { player: PlayerState; canceled?: string } {
  const me = { ...players[id]!, dir };
  const [dr, dc] = DELTAS[dir];
  const to = { row: me.row + dr, col: me.col + dc };
  if (to.row < 0 || to.col < 0 || to.row >= SQUARES || to.col >= SQUARES)
    return { player: me, canceled: 'outside the board' };
  if (blocks[blockOf(to.row, to.col)]! < 0) return { player: me, canceled: 'onto a dropped block' };
  const near = players.findIndex((p, k) => k !== id && onBoard(p) && manhattan(p, to) < MIN_DISTANCE);
  if (near >= 0) return { player: me, canceled: `within distance 3 of player ${near}` };
  return { player: { ...me, ...to } };
}

/** The end of every turn: block timers step toward 0; a countdown reaching 0 drops its block and the players on it. */
function tick(blocks: number[], players: PlayerState[], turn: number): { dropped: number[]; fell: number[] } {
  const dropped: number[] = [];
  blocks.forEach((t, b) => {
    if (t > 0) {
      blocks[b] = t === 1 ? DROPPED_TIMER : t - 1;
      if (t === 1) dropped.push(b);
    } else if (t < 0) {
      blocks[b] = t + 1;
    }
  });
  const fell: number[] = [];
  players.forEach((p, k) => {
    if (onBoard(p) && dropped.includes(blockOf(p.row, p.col))) {
      players[k] = { ...p, row: -1, col: -1, fellAt: turn };
      fell.push(k);
    }
  });
  return { dropped, fell };
}

/** The state before turn `turn` of a replay, rebuilt from its start and the commands played. */
export function replayState(initial: BlockDropState, commands: readonly Command[], turn: number): BlockDropState {
  let state = initial;
  for (let t = 0; t < turn && t < commands.length; t++) state = playTurn(state, commands[t]!).state;
  return state;
}
