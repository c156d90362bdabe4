/**
 * A game's rules, in the spirit of OpenSpiel and boardgame.io: a
 * serializable state and pure functions over it. (What the service needs
 * besides, from requests to the viewer, is the GameModule of
 * game-module.ts, whose sandbox engine holds these rules.) It covers
 * 2 to 4 players, simultaneous or alternating moves (`toAnswer`), and games
 * whose bots are data rather than code (an ant brain is parsed by `setup`,
 * and such a game asks nobody for answers).
 */
export interface GameRules<State, Options, Step = unknown> {
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
  /**
   * What each seat's bot is sent once the game is over, for games whose
   * rules end with a marker (Capture and Icy send a turn number of `-1`) so
   * that a stdin/stdout player reads it and exits; its answer is ignored.
   * Games whose rules define no end marker leave it out.
   */
  farewell?(state: State, seat: number, options: Options): string;
  result(state: State): GameOutcome;
  /**
   * A first call before the game starts: each bot gets `input` and must
   * answer `expect` (by default its first non-blank line; `accepts` is the
   * game's own reading); a bot that does not is treated like one that
   * failed to load.
   */
  readonly handshake?: {
    readonly input: string;
    readonly expect: string;
    readonly accepts?: (answer: string) => boolean;
  };
  /**
   * The handshake answer of each bot that passed it, for a game that reads a
   * bot's answers as one stream (block drop keeps the lines after READY for
   * the bot's first turns). Called after `setup`, seat by seat.
   */
  afterHandshake?(state: State, seat: number, answer: string, options: Options): State;
  /**
   * Whether the game goes on when bots failed to load: their seats stay in
   * play with no answers. Otherwise such a match is decided by forfeit.
   */
  readonly keepsForfeitedSeats?: boolean;
  /**
   * Whether a bot that runs over its time on any call is terminated, as the
   * original engine kills it: its seat gets no more calls and null answers.
   */
  readonly terminatesLateBots?: boolean;
}

/** A game's own time limits per call, in milliseconds of the original engine; src/match/ converts them to fuel. */
export interface TimeLimits {
  /** The first call (and the handshake, where the game has one). */
  readonly firstTurnMs: number;
  /** Every later call. */
  readonly turnMs: number;
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
