import { describe, expect, it } from 'vitest';
import { engineTrace, recordedGames, replayInUmpire, type RecordedGame } from './engine-record.js';

// Games played by the original JavaChallenge 2015 engine (Java) with real
// players: the example bots and a seeded fuzz player in C (wasm32-wasi),
// recorded by scripts/differential/blockdrop/run.mjs. Each is replayed here
// in umpire from the players' recorded raw answers: every byte the engine
// sent each player, and every outcome, must be the engine's. No Java needed.

const games = recordedGames();

describe('block drop against the original engine’s recorded games', () => {
  it('has at least 100 games, four seats each, of every player kind', () => {
    expect(games.length).toBeGreaterThanOrEqual(100);
    const kinds = new Set(games.flatMap(({ game }) => game.bots));
    for (const bot of ['hunter.js', 'random.js', 'hunter.py', 'blockdrop-fuzz.wasm']) expect(kinds).toContain(bot);
    for (const { game } of games) expect(game.answers).toHaveLength(4);
    // The engine's own sample seeds are among them.
    expect(games.map(({ game }) => game.seed)).toEqual(expect.arrayContaining([0, 1000]));
  });

  it('covers what the engine decides rarely: a forfeit, a bot killed for giving no line, the last players falling together', () => {
    const engines = games.map(({ game }) => game.engine);
    expect(engines.some((e) => e.handshakes.some((h) => h.released))).toBe(true);
    // A bot cut off on a turn: the engine read no line from it and never wrote to it again.
    expect(
      engines.some((e) =>
        e.turns.some(
          (t, k) =>
            t.read.length === 0 &&
            !e.handshakes[t.seat]!.released &&
            e.turns.slice(k + 1).every((u) => u.seat !== t.seat || u.sent.length === 0),
        ),
      ),
    ).toBe(true);
    expect(
      engines.some(
        (e) => e.winner === -1 && e.turnCount === 1000 && e.turns.reduce((n, t) => n + t.fell.length, 0) === 4,
      ),
    ).toBe(true);
  });

  it.each(games.map(({ file, game }) => [file, game] as const))(
    '%s: the same inputs, byte for byte, and the same outcome',
    async (_file, game: RecordedGame) => {
      const engine = engineTrace(game.engine);
      const { trace } = await replayInUmpire(game.seed, game.answers);
      expect(trace.initial).toEqual(engine.initial);
      expect(trace.ready).toEqual(engine.ready);
      for (let seat = 0; seat < 4; seat++) expect(trace.inputs[seat]).toEqual(engine.inputs[seat]);
      expect(trace.turns).toEqual(engine.turns);
      expect(trace.winner).toBe(engine.winner);
      expect(trace.turnCount).toBe(engine.turnCount);
    },
  );

  it('notices a player that answered otherwise', async () => {
    // The longest game, with every answer of seat 0 after its handshake turned into an attack.
    const { game } = games.reduce((a, b) => (b.game.engine.turnCount > a.game.engine.turnCount ? b : a));
    const answers = game.answers.map((a, seat) => (seat === 0 ? a.map((x, k) => (k === 0 ? x : 'A')) : a));
    const { trace } = await replayInUmpire(game.seed, answers);
    const engine = engineTrace(game.engine);
    expect(trace.inputs).not.toEqual(engine.inputs);
    expect(trace.turns).not.toEqual(engine.turns);
  });
});
