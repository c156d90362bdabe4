import { describe, expect, it } from 'vitest';
import {
  blockDropGame,
  decodeCommand,
  encodeInput,
  initialState,
  isOver,
  playTurn,
  result,
  type BlockDropState,
  type Command,
  type Direction,
  type PlayerState,
} from '../../../src/games/blockdrop/index.js';

// One test (or more) per sentence of the rules, on hand-made positions.

const player = (row: number, col: number, dir: Direction = 'U', extra: Partial<PlayerState> = {}): PlayerState => ({
  row,
  col,
  dir,
  cooldown: 0,
  fellAt: null,
  ...extra,
});
const FAR = [player(0, 0), player(0, 17), player(17, 0), player(17, 17)];

function state(players: readonly PlayerState[] = FAR, blocks: Record<number, number> = {}, turn = 0): BlockDropState {
  const b = new Array<number>(36).fill(0);
  for (const [k, v] of Object.entries(blocks)) b[Number(k)] = v;
  return { turn, blocks: b, players };
}

/** Plays `commands` for the players in turn order from `s`. */
function play(s: BlockDropState, commands: readonly Command[]): BlockDropState {
  return commands.reduce((acc, c) => playTurn(acc, c).state, s);
}

describe('moves', () => {
  it('move one square and face the way moved', () => {
    const s = playTurn(state([player(8, 8, 'U'), ...FAR.slice(1)]), 'R').state;
    expect(s.players[0]).toMatchObject({ row: 8, col: 9, dir: 'R' });
  });

  it('are canceled onto a square at Manhattan distance 3 or less from another player: only the direction changes', () => {
    const players = [player(8, 8, 'U'), player(8, 12, 'U'), ...FAR.slice(2)];
    const turn = playTurn(state(players), 'R');
    expect(turn.state.players[0]).toMatchObject({ row: 8, col: 8, dir: 'R' });
    expect(turn.record).toMatchObject({ outcome: 'turned', reason: 'within distance 3 of player 1' });
  });

  it('are allowed onto a square at distance 4', () => {
    const players = [player(8, 8, 'U'), player(8, 13, 'U'), ...FAR.slice(2)];
    expect(playTurn(state(players), 'R').state.players[0]).toMatchObject({ row: 8, col: 9 });
  });

  it('ignore fallen players when measuring distance', () => {
    const players = [player(8, 8, 'U'), player(-1, -1, 'U', { fellAt: 3 }), ...FAR.slice(2)];
    expect(playTurn(state(players), 'R').state.players[0]).toMatchObject({ col: 9 });
  });

  it('are canceled outside the board', () => {
    const turn = playTurn(state([player(0, 5, 'D'), player(0, 17), player(17, 0), player(17, 17)]), 'U');
    expect(turn.state.players[0]).toMatchObject({ row: 0, col: 5, dir: 'U' });
    expect(turn.record).toMatchObject({ outcome: 'turned', reason: 'outside the board' });
  });

  it('are canceled onto a dropped block, but not onto one that is about to drop', () => {
    const players = [player(8, 8, 'U'), ...FAR.slice(1)];
    // (8, 9) is in block row 2, column 3: index 15.
    expect(playTurn(state(players, { 15: -5 }), 'R').record).toMatchObject({
      outcome: 'turned',
      reason: 'onto a dropped block',
    });
    expect(playTurn(state(players, { 15: 6 }), 'R').record.outcome).toBe('moved');
  });
});

describe('attacks', () => {
  it('set the block n blocks away in the facing direction to drop 4n turns later, and nothing else', () => {
    // Player 0 at block (2, 1), facing right: blocks (2, 2)..(2, 5) get 4, 8, 12, 16.
    const s = playTurn(state([player(7, 4, 'R'), ...FAR.slice(1)]), 'A').state;
    // The clock has run one turn since.
    expect(s.blocks.slice(12, 18)).toEqual([0, 0, 3, 7, 11, 15]);
    expect(s.blocks.filter((b) => b !== 0)).toHaveLength(4);
  });

  it('drop the neighbour block in the attacker’s next turn (4 turns later)', () => {
    let s = playTurn(state([player(7, 4, 'R'), ...FAR.slice(1)]), 'A').state;
    s = play(s, ['N', 'N']);
    expect(s.blocks[14]).toBe(1);
    s = playTurn(s, 'N').state;
    expect(s.turn).toBe(4);
    // The engine sets -19 (5 rounds of 4 turns, less the turn it dropped in).
    expect(s.blocks[14]).toBe(-19);
  });

  it('do not change the timers of blocks that have dropped or will drop', () => {
    const s = playTurn(state([player(7, 4, 'R'), ...FAR.slice(1)], { 14: -7, 15: 2 }), 'A').state;
    expect(s.blocks.slice(12, 18)).toEqual([0, 0, -6, 1, 11, 15]);
  });

  it('an attacker sits out its next two turns, its wait S reading 2 then 1, and acts again 12 turns later', () => {
    let s = playTurn(state([player(7, 4, 'D'), ...FAR.slice(1)]), 'A').state;
    // The engine sets the wait to 3 and counts it down at the end of the attacker's own turns only.
    expect(s.players[0]!.cooldown).toBe(2);
    s = play(s, ['N', 'N', 'N']);
    expect(encodeInput(s, 0).split('\n')[8]).toBe('4 7 D 2');
    const second = playTurn(s, 'R');
    // Whatever it answers, a waiting player plays N.
    expect(second.record).toMatchObject({ turn: 4, command: 'N', outcome: 'cooling' });
    expect(second.state.players[0]).toMatchObject({ row: 7, col: 4, dir: 'D', cooldown: 1 });
    s = play(second.state, ['N', 'N', 'N']);
    expect(s.players[0]!.cooldown).toBe(1);
    expect(playTurn(s, 'A').record).toMatchObject({ command: 'N', outcome: 'cooling' });
    s = play(playTurn(s, 'A').state, ['N', 'N', 'N']);
    expect(s.turn).toBe(12);
    expect(s.players[0]!.cooldown).toBe(0);
    expect(playTurn(s, 'R').record.outcome).toBe('moved');
  });
});

describe('falling and restoration', () => {
  it('a player on a block that drops falls with it and leaves the board for good', () => {
    const players = [player(7, 4, 'R'), player(7, 8, 'U'), player(17, 0), player(17, 17)];
    let s = playTurn(state(players), 'A').state;
    const fall = playTurn(playTurn(playTurn(s, 'N').state, 'N').state, 'N');
    expect(fall.record).toMatchObject({ turn: 3, dropped: [14], fell: [1] });
    s = fall.state;
    expect(s.players[1]).toMatchObject({ row: -1, col: -1, fellAt: 3 });
    expect(encodeInput(s, 0).split('\n')[9]).toBe('-1 -1 U 0');
    // Its bot is still sent the input on its turns, as the engine does, and its answer is not used.
    s = play(s, ['N']);
    expect(blockDropGame.toAnswer({ board: s, outputs: [], stalledAt: [null, null, null, null] })).toEqual([1]);
    expect(playTurn(s, 'R').record).toMatchObject({ command: 'N', outcome: 'fallen' });
    expect(playTurn(s, 'R').state.players[1]).toEqual(s.players[1]);
  });

  it('a fallen player keeps its direction and its wait, as the engine shows them', () => {
    const players = [player(7, 4, 'R'), player(7, 8, 'U'), player(17, 0), player(17, 17)];
    // Player 1 attacks on its turn and falls at the end of turn 3 with its wait at 2.
    let s = play(state(players), ['A', 'A', 'N']);
    const fall = playTurn(s, 'N');
    expect(fall.record.fell).toEqual([1]);
    s = fall.state;
    expect(encodeInput(s, 2).split('\n')[9]).toBe('-1 -1 U 2');
  });

  it('a dropped block stands again on the 20th turn after the one it dropped in, its timer counting up from -19', () => {
    let s = state(FAR, { 20: 1 });
    s = playTurn(s, 'N').state;
    expect(s.blocks[20]).toBe(-19);
    s = play(s, new Array<Command>(18).fill('N'));
    expect(s.blocks[20]).toBe(-1);
    s = playTurn(s, 'N').state;
    expect(s.blocks[20]).toBe(0);
    expect(s.turn).toBe(20);
  });
});

describe('end of the game', () => {
  it('the last player standing wins', () => {
    const players = [
      player(7, 4, 'R'),
      player(7, 8),
      player(-1, -1, 'U', { fellAt: 1 }),
      player(-1, -1, 'U', { fellAt: 2 }),
    ];
    let s = playTurn(state(players), 'A').state;
    s = play(s, ['N', 'N', 'N']);
    expect(isOver(s)).toBe(true);
    expect(result(s)).toMatchObject({ winner: 0, details: { fellAt: [null, 3, 1, 2] } });
  });

  it('the last players falling together leave nobody: the game runs on to turn 1000, a draw', () => {
    // Player 0 on block 13, players 1 and 2 on block 14, player 3 fell earlier.
    const players = [player(7, 4), player(6, 6), player(8, 8), player(-1, -1, 'U', { fellAt: 2 })];
    const two = playTurn(state(players, { 14: 1 }), 'N').state;
    expect(two.players.map((p) => p.fellAt)).toEqual([null, 0, 0, 2]);
    expect(isOver(two)).toBe(true);
    expect(result(two).winner).toBe(0);
    let all = playTurn(state(players, { 13: 1, 14: 1 }), 'N').state;
    // The engine ends a game when exactly one player stands, or at turn 1000.
    expect(isOver(all)).toBe(false);
    while (!isOver(all)) all = playTurn(all, 'N').state;
    expect(all.turn).toBe(1000);
    expect(result(all)).toMatchObject({ winner: null, scores: [0, 0, 0, 0] });
  });

  it('several players standing after turn 1000 is a draw', () => {
    let s = initialState(3);
    while (!isOver(s)) s = playTurn(s, 'N').state;
    expect(s.turn).toBe(1000);
    expect(result(s)).toMatchObject({ winner: null, scores: [1, 1, 1, 1] });
  });
});

describe('setup and protocol', () => {
  it('places the players facing a random way, the same for the same seed', () => {
    expect(initialState(42)).toEqual(initialState(42));
    expect(initialState(42)).not.toEqual(initialState(43));
    expect(new Set(Array.from({ length: 50 }, (_, s) => initialState(s).players[0]!.dir)).size).toBe(4);
  });

  it('writes the engine’s input: id, T, 6 rows of blocks, then column, row, direction and wait per player, EOD', () => {
    const s = state(
      [player(1, 2, 'L', { cooldown: 2 }), player(3, 4, 'R'), player(-1, -1, 'D', { fellAt: 0 }), player(17, 16, 'U')],
      { 0: 4, 35: -3 },
      9,
    );
    expect(encodeInput(s, 1)).toBe(
      [
        '1',
        '9',
        '4 0 0 0 0 0',
        '0 0 0 0 0 0',
        '0 0 0 0 0 0',
        '0 0 0 0 0 0',
        '0 0 0 0 0 0',
        '0 0 0 0 0 -3',
        '2 1 L 2',
        '4 3 R 0',
        '-1 -1 D 0',
        '16 17 U 0',
        'EOD',
        '',
      ].join('\n'),
    );
  });

  it('reads a command from one line as the engine does: trimmed, up to its first space; anything else is N with the reason', () => {
    expect(decodeCommand('A')).toEqual({ command: 'A' });
    expect(decodeCommand('  L  ')).toEqual({ command: 'L' });
    expect(decodeCommand('U and more')).toEqual({ command: 'U' });
    // Java's trim drops control characters too, but not a no-break space.
    expect(decodeCommand('\u0001D\u000b')).toEqual({ command: 'D' });
    expect(decodeCommand('\u00a0R')).toEqual({ command: 'N', reason: "not a command: '\u00a0R'" });
    expect(decodeCommand('A\tB')).toEqual({ command: 'N', reason: "not a command: 'A\tB'" });
    expect(decodeCommand('attack')).toEqual({ command: 'N', reason: "not a command: 'attack'" });
    expect(decodeCommand('   ')).toEqual({ command: 'N', reason: 'empty answer' });
    expect(decodeCommand('u')).toMatchObject({ command: 'N' });
  });
});
