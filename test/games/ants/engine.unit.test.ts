import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createRandom,
  nextRaw,
  parseBrain,
  parseWorld,
  restoreSnapshot,
  takeSnapshot,
  createState,
  playRounds,
  type Brain,
  type World,
} from '../../../src/games/ants/index.js';
import { runAntsMatch } from '../../../src/games/ants/match.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const EXAMPLE = read('../../../src/games/ants/bots/example.ant');
const HOMING = read('../../../src/games/ants/bots/homing.ant');

function world(text: string): World {
  const parsed = parseWorld(text);
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('; '));
  return parsed.value;
}

function brain(text: string): Brain {
  const parsed = parseBrain(text);
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('; '));
  return parsed.value;
}

function brainError(text: string): string {
  const parsed = parseBrain(text);
  if (parsed.ok) throw new Error('the brain parsed');
  return parsed.problems[0].message;
}

const SAMPLE0 = world(read('../../../src/games/ants/maps/sample0.world'));

describe('random numbers (section 2.10)', () => {
  it('gives the specification’s x0..x99 for seed 12345', () => {
    const expected = read('../../fixtures/ants/random-12345.txt').trim().split(/\s+/).map(Number);
    expect(expected).toHaveLength(100);
    const random = createRandom(12345);
    expect(Array.from({ length: 100 }, () => nextRaw(random))).toEqual(expected);
  });

  it('uses the seed modulo 2^32 as infinite-precision arithmetic does', () => {
    const a = createRandom(7);
    const b = createRandom(7 + 2 ** 32);
    expect(Array.from({ length: 5 }, () => nextRaw(a))).toEqual(Array.from({ length: 5 }, () => nextRaw(b)));
  });
});

describe('the example ant of section 1', () => {
  it('ends round 10,000 of sample0, seed 12345, with red 0 and black 7', () => {
    const { result } = runAntsMatch({
      world: SAMPLE0,
      worldText: '',
      brains: { red: EXAMPLE, black: EXAMPLE },
      seed: 12345,
      rounds: 10_000,
    });
    expect(result.scores).toEqual({ red: 0, black: 7 });
    expect(result.winner).toBe('black');
    expect(result.rounds).toBe(10_000);
  });

  it('gives the same replay for the same inputs, and a different one for another seed', () => {
    const play = (seed: number) =>
      JSON.stringify(
        runAntsMatch({ world: SAMPLE0, worldText: 'w', brains: { red: EXAMPLE, black: HOMING }, seed, rounds: 3000 })
          .replay,
      );
    expect(play(5)).toBe(play(5));
    expect(play(5)).not.toBe(play(6));
  });
});

describe('brains (section 2.8)', () => {
  it('parses keywords in any case, comments, and Marker conditions', () => {
    const b = brain('sense LEFTAHEAD 1 2 marker 5 ; comment\nMark 3 2\nflip 7 0 1;no space\n');
    expect(b.states).toBe(3);
    expect(Array.from(b.code.subarray(0, 5))).toEqual([0, 2, 1, 2, 15]);
  });

  it.each([
    ['Jump 0', /line 1 \(state 0\): unknown instruction 'Jump'/],
    ['Move 0 1', /line 1 \(state 0\): state 1 is beyond the program/],
    ['Move 0 10000', /state 10000 is above 9999/],
    ['Mark 6 0', /marker 6 is outside 0-5/],
    ['Sense Here 0 0 Marker 9', /marker 9 is outside 0-5/],
    ['Flip 0 0 0', /Flip needs p of at least 1/],
    ['Turn Up 0', /'Up' is not Left or Right/],
    ['Sense Here 0 0 Smell', /'Smell' is not a condition/],
    ['Drop 0 0', /unexpected '0' after the instruction/],
    ['PickUp 0', /missing a state number/],
    ['Move -1 0', /a state number must be a non-negative integer, got '-1'/],
    ['', /no instructions/],
  ])('rejects %j', (text, message) => {
    expect(brainError(text)).toMatch(message);
  });

  it('names the line of the error, counting comment lines', () => {
    expect(brainError('; header\nDrop 0\nDrop 7\n')).toBe(
      'line 3 (state 1): state 7 is beyond the program (states 0..1)',
    );
  });

  it('rejects more than 10,000 states and accepts exactly 10,000', () => {
    expect(parseBrain('Drop 0\n'.repeat(10_000)).ok).toBe(true);
    expect(brainError('Drop 0\n'.repeat(10_001))).toMatch(/10001 states; at most 10000/);
  });
});

describe('worlds (section 2.4)', () => {
  it('reads the tiny world', () => {
    const tiny = world(read('../../../src/games/ants/maps/tiny.world'));
    expect([tiny.width, tiny.height]).toEqual([10, 10]);
    expect(tiny.food[1 * 10 + 1]).toBe(9);
    expect(tiny.hill.filter((h) => h === 1)).toHaveLength(16);
    expect(tiny.hill.filter((h) => h === 2)).toHaveLength(16);
  });

  it.each([
    ['', /first line must be the width/],
    ['3\nx\n', /second line must be the height/],
    ['0\n1\n.', /width \(x\) must be between 1 and 1000/],
    ['3\n2\n+ . -\n', /declares 2 rows but has 1/],
    ['3\n1\n+ . \n', /expected 3 cells separated by spaces, found 2/],
    ['3\n1\n+ x -\n', /unknown cell 'x'/],
    ['3\n1\n+ . .\n', /no black anthill/],
  ])('rejects %j', (text, message) => {
    const parsed = parseWorld(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems.map((p) => p.message).join('; ')).toMatch(message);
  });
});

describe('kinetics (section 2.11)', () => {
  // A red ant at (1,2) facing east; black ants on five of the six cells around (2,2).
  const TRAP = world(['5', '5', '# # # # #', ' # - - . #', '# + . - #', ' # - - . #', '# # # # #'].join('\n'));

  it('kills an ant that moves next to five foes and leaves 3 food', () => {
    const s = createState(TRAP, [brain('Move 1 1\nTurn Left 1'), brain('Turn Left 0')], 1);
    playRounds(s, 1);
    expect(s.antPos[2]).toBe(-1);
    expect(s.antAt[2 * 5 + 2]).toBe(-1);
    expect(s.food[2 * 5 + 2]).toBe(3);
  });

  it('leaves 4 food when the dead ant carried one', () => {
    const trap = { ...TRAP, food: TRAP.food.slice() };
    trap.food[1 * 5 + 3] = 0;
    const s = createState(trap, [brain('Move 1 1\nTurn Left 1'), brain('Turn Left 0')], 1);
    s.antFood[2] = 1;
    playRounds(s, 1);
    expect(s.food[2 * 5 + 2]).toBe(4);
  });

  it('rests 14 rounds after a move', () => {
    const open = world(['9', '3', '# # # # # # # # #', ' # + . . . . . - #', '# # # # # # # # #'].join('\n'));
    const s = createState(open, [brain('Move 0 0'), brain('Turn Left 0')], 1);
    playRounds(s, 15);
    expect(s.antPos[0]).toBe(9 + 2);
    playRounds(s, 1);
    expect(s.antPos[0]).toBe(9 + 3);
  });

  it('picks up and drops food, counting anthill food as the score', () => {
    const w = world(['5', '3', '# # # # #', ' # 2 + - #', '# # # # #'].join('\n'));
    const red = brain(
      'Turn Left 1\nTurn Left 2\nTurn Left 3\nMove 4 4\nPickUp 5 5\nTurn Left 6\nTurn Left 7\nTurn Left 8\nMove 9 9\nDrop 9',
    );
    const s = createState(w, [red, brain('Turn Left 0')], 1);
    playRounds(s, 3 + 1 + 14 + 1);
    expect(s.antFood[0]).toBe(1);
    expect(s.food[5 + 1]).toBe(1);
    playRounds(s, 3 + 1 + 14 + 1);
    expect(s.hillFood[0]).toBe(1);
    expect(s.antFood[0]).toBe(0);
  });

  it('treats cells off the edge of a world without a rocky border as rock', () => {
    const w = world(['3', '1', '+ . -'].join('\n'));
    const red = brain('Turn Left 1\nSense Ahead 2 4 Rock\nMove 4 3\nDrop 3\nDrop 4');
    const s = createState(w, [red, brain('Turn Left 0')], 1);
    playRounds(s, 3);
    expect(s.antState[0]).toBe(3);
    expect(s.antPos[0]).toBe(0);
  });
});

describe('snapshots', () => {
  it('resume a match exactly where it was taken', () => {
    const brains: [Brain, Brain] = [brain(HOMING), brain(EXAMPLE)];
    const direct = createState(SAMPLE0, brains, 99, 8000);
    playRounds(direct, 4000);
    const snapshot = JSON.parse(JSON.stringify(takeSnapshot(direct)));
    playRounds(direct, 4000);
    const resumed = restoreSnapshot(SAMPLE0, brains, snapshot, 8000);
    playRounds(resumed, 4000);
    expect(takeSnapshot(resumed)).toEqual(takeSnapshot(direct));
    expect(Array.from(resumed.hillFood)).toEqual(Array.from(direct.hillFood));
  });
});
