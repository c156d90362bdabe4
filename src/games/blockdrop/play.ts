import { ATTACK_COOLDOWN, BLOCK_SQUARES, BLOCKS, DELTAS, FALL_TURNS_PER_BLOCK, MIN_DISTANCE, RESTORE_TURNS, SQUARES, type Direction } from './constants.js';
import type { Command } from './protocol.js';
import { blockOf, currentPlayer, manhattan, onBoard, type BlockDropState, type PlayerState } from './state.js';

export type TurnOutcome =
  /** The player had fallen: nobody was asked. */
  | 'fallen'
  | 'idle'
  | 'moved'
  /** The move was canceled; only the direction changed. */
  | 'turned'
  | 'attacked'
  /** The player is still recovering from an attack: the command was ignored. */
  | 'cooling';

export interface TurnRecord {
  readonly turn: number;
  readonly player: number;
  /** The command played (N for none or an invalid answer). */
  readonly command: Command;
  readonly outcome: TurnOutcome;
  /** Why a move was canceled, or why the answer counted as N. */
  readonly reason?: string;
  /** Blocks that dropped at the end of the turn, and players that fell with them. */
  readonly dropped: readonly number[];
  readonly fell: readonly number[];
}

/**
 * One turn: the current player's command, then the clock. At the end of
 * every turn cooldowns and block timers count down by one; a block whose
 * timer reaches 0 drops (taking any player on it) and comes back 20 turns
 * later.
 */
export function playTurn(state: BlockDropState, command: Command, reason?: string): { state: BlockDropState; record: TurnRecord } {
  const id = currentPlayer(state);
  const blocks = [...state.blocks];
  const players = [...state.players];
  const me = players[id]!;
  let outcome: TurnOutcome;
  let why = reason;
  if (!onBoard(me)) {
    outcome = 'fallen';
  } else if (me.cooldown > 0) {
    outcome = command === 'N' ? 'idle' : 'cooling';
  } else if (command === 'N') {
    outcome = 'idle';
  } else if (command === 'A') {
    attack(blocks, me);
    players[id] = { ...me, cooldown: ATTACK_COOLDOWN };
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
    record: { turn: state.turn, player: id, command, outcome, ...(why ? { reason: why } : {}), dropped, fell },
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

function move(players: readonly PlayerState[], id: number, dir: Direction, blocks: readonly number[]): { player: PlayerState; canceled?: string } {
  const me = { ...players[id]!, dir };
  const [dr, dc] = DELTAS[dir];
  const to = { row: me.row + dr, col: me.col + dc };
  if (to.row < 0 || to.col < 0 || to.row >= SQUARES || to.col >= SQUARES) return { player: me, canceled: 'outside the board' };
  if (blocks[blockOf(to.row, to.col)]! < 0) return { player: me, canceled: 'onto a dropped block' };
  const near = players.findIndex((p, k) => k !== id && onBoard(p) && manhattan(p, to) < MIN_DISTANCE);
  if (near >= 0) return { player: me, canceled: `within distance 3 of player ${near}` };
  return { player: { ...me, ...to } };
}

function tick(blocks: number[], players: PlayerState[], turn: number): { dropped: number[]; fell: number[] } {
  players.forEach((p, k) => {
    if (p.cooldown > 0) players[k] = { ...p, cooldown: p.cooldown - 1 };
  });
  const dropped: number[] = [];
  blocks.forEach((t, b) => {
    if (t > 0) {
      blocks[b] = t - 1;
      if (t === 1) {
        blocks[b] = -RESTORE_TURNS;
        dropped.push(b);
      }
    } else if (t < 0) {
      blocks[b] = t + 1;
    }
  });
  const fell: number[] = [];
  players.forEach((p, k) => {
    if (onBoard(p) && dropped.includes(blockOf(p.row, p.col))) {
      players[k] = { ...p, row: -1, col: -1, cooldown: 0, fellAt: turn };
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
