import type { Game } from '../games/game.js';
import { blockDropGame, type BlockDropOptions } from '../games/blockdrop/game.js';
import type { TurnRecord as BlockDropStep } from '../games/blockdrop/play.js';
import { captureGame, type CaptureOptions, type CaptureStep } from '../games/capture/game.js';
import { icyGame, type IcyOptions, type IcyTurnRecord } from '../games/icy/game.js';

/** The games whose bots are sandboxed code, by id: what a job names so a worker can rebuild the Game. */
export type GameId = 'icy' | 'capture' | 'blockdrop';

/** Each game's options: plain data, so a job can cross to a worker thread. */
export interface GameOptions {
  readonly icy: IcyOptions;
  readonly capture: CaptureOptions;
  readonly blockdrop: BlockDropOptions;
}

/** What each game records per step in the replay. */
export interface GameSteps {
  readonly icy: IcyTurnRecord;
  readonly capture: CaptureStep;
  readonly blockdrop: BlockDropStep;
}

export const GAMES: { readonly [G in GameId]: Game<unknown, GameOptions[G], GameSteps[G]> } = {
  icy: icyGame,
  capture: captureGame,
  blockdrop: blockDropGame,
};
