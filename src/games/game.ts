/**
 * The contract every hosted game implements, in the spirit of OpenSpiel and
 * boardgame.io: a serializable state and pure functions over it. It covers
 * 2 to 4 players, simultaneous or alternating moves (`toAnswer`), and games
 * whose bots are data rather than code (an ant brain is parsed by `setup`,
 * and such a game asks nobody for answers).
 */
export interface Game<State, Options, Step = unknown> {
  readonly id: string;
  /** Player names in seat order, e.g. ['red', 'blue']. */
  players(options: Options): readonly string[];
  setup(options: Options): State;
  /** Seats asked for an answer at this step: all for simultaneous games, one for alternating ones. */
  toAnswer(state: State): readonly number[];
  /** The text a seat's bot receives. */
  observe(state: State, seat: number, options: Options): string;
  /**
   * Plays one step with the answers of the seats asked (same order as
   * `toAnswer`); a null answer means the bot gave none (over budget, error).
   * Returns the next state and what happened, for the replay.
   */
  step(state: State, answers: readonly (Answer | null)[], options: Options): { state: State; record: Step };
  isOver(state: State): boolean;
  result(state: State): GameOutcome;
  /**
   * A first call before the game starts: each bot gets `input` and must
   * answer `expect` (its first non-blank line); a bot that does not is
   * treated like one that failed to load.
   */
  readonly handshake?: { readonly input: string; readonly expect: string };
  /**
   * Whether the game goes on when bots failed to load: their seats stay in
   * play with no answers. Otherwise such a match is decided by forfeit.
   */
  readonly keepsForfeitedSeats?: boolean;
}

/** A bot's answer, or why there is none. */
export interface Answer {
  readonly text: string;
}

export interface GameOutcome {
  /** Winning seat, or null for a draw. */
  readonly winner: number | null;
  /** Per seat. */
  readonly scores: readonly number[];
  /** Game-specific details (tie-breakers and the like). */
  readonly details: Readonly<Record<string, unknown>>;
}
