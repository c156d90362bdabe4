import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../../src/core/bots.js';
import {
  BLUE,
  GREY,
  NULL_MOVE,
  RED,
  encodeView,
  initialState,
  playTurn,
  type CaptureState,
  type Move,
  type Piece,
  type Puck,
  type PuckColor,
  type Sled,
} from '../../../src/games/capture/index.js';
import { advance, type Body } from '../../../src/games/capture/physics.js';
import { fromNumbers } from '../../../src/games/capture/replay.js';
import { inProcessRunner } from '../../../src/match/in-process-runner.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { playCapture } from './play.js';

// Both sleds closing a loop at the same instant, and what a mirrored game
// guarantees: the turn must not depend on which color the engine looks at
// first.

const IDLE: [Move, Move] = [NULL_MOVE, NULL_MOVE];
const puck = (x: number, y: number, color: PuckColor, vx = 0, vy = 0): Puck => ({ x, y, vx, vy, color });

/**
 * A sled, in its owner's frame, at (-20 + dx, -20 + lead) heading down: its
 * next 15-unit step crosses its trail at (-20 + dx, -20), lead / 15 into the
 * turn, and closes the rectangle x in [-20, 30] + dx, y in [-20, 20].
 */
function closing(dx = 0, lead = 10): Sled {
  const p = (x: number, y: number) => ({ x: x + dx, y });
  return {
    ...p(-20, -20 + lead),
    dir: -Math.PI / 2,
    trail: [p(-30, -20), p(30, -20), p(30, 20), p(-20, 20), p(-20, -20 + lead)],
  };
}

function scene(pucks: Puck[], sleds: [Sled, Sled], bumpers: Piece[] = initialState().bumpers.slice()): CaptureState {
  return { turn: 10, pucks, bumpers, sleds, ownership: [0, 0] };
}

const swapColor = (c: PuckColor): PuckColor => (c === GREY ? GREY : c === RED ? BLUE : RED);
const neg = (v: number) => -v + 0;
const flip = <T extends Piece>(p: T): T => ({ ...p, x: neg(p.x), y: neg(p.y), vx: neg(p.vx), vy: neg(p.vy) });

/** The same game with the colors exchanged: the field turned half a turn, lists reversed, red and blue swapped, each sled still in its owner's frame. */
function mirrored(s: CaptureState): CaptureState {
  return {
    turn: s.turn,
    pucks: [...s.pucks].reverse().map((p) => ({ ...flip(p), color: swapColor(p.color) })),
    bumpers: [...s.bumpers].reverse().map(flip),
    sleds: [s.sleds[1], s.sleds[0]],
    ownership: [s.ownership[1], s.ownership[0]],
  };
}

/** Every number of both states, with -0 taken as 0, for an exact comparison. */
const exact = (s: CaptureState) => JSON.parse(JSON.stringify(s, (_k, v) => (typeof v === 'number' ? v + 0 : v)));

describe('loops closing at the same instant (section 1.4, our rule)', () => {
  // Red's rectangle is x in [-20, 30]; blue's, seen in the field, x in [-30, 20]:
  // they share x in [-20, 20].
  const shared = (): CaptureState =>
    scene([puck(25, 5, RED), puck(5, 5, GREY), puck(-5, -5, GREY), puck(-25, -5, BLUE)], [closing(), closing()]);

  it('are judged together: shared grey pucks captured with red and with blue turn grey, each side keeps its own', () => {
    const turn = playTurn(shared(), IDLE);
    expect(turn.state.pucks.map((p) => p.color)).toEqual([RED, GREY, GREY, BLUE]);
    expect(turn.record.owned).toEqual([1, 1]);
    // Each event reports its own loop, judged on the colors just before it closed.
    expect(turn.record.captures).toEqual([
      { sled: RED, at: turn.record.captures[0]!.at, pucks: [0, 1, 2], color: RED },
      { sled: BLUE, at: turn.record.captures[0]!.at, pucks: [1, 2, 3], color: BLUE },
    ]);
    expect(turn.record.captures[0]!.at).toBeCloseTo(2 / 3, 12);
    expect(exact(turn.state)).toEqual(exact(mirrored(turn.state)));
  });

  it('a puck inside both loops takes the result of both loops’ pucks together; the others their own loop’s', () => {
    // Blue's loop (field x in [-30, 20]) holds greys only; red's holds a red puck and the shared grey one.
    const s = scene(
      [puck(25, 5, RED), puck(5, 5, GREY), puck(-25, 5, GREY), puck(-25, -5, GREY)],
      [closing(), closing()],
    );
    expect(playTurn(s, IDLE).state.pucks.map((p) => p.color)).toEqual([RED, RED, GREY, GREY]);
    // A loop that holds both colors (so turns grey) and one that turns red: the shared puck is captured with both colors.
    const mixed = scene(
      [puck(25, 5, RED), puck(5, 5, RED), puck(-25, 5, BLUE), puck(-25, -5, GREY)],
      [closing(), closing()],
    );
    expect(playTurn(mixed, IDLE).state.pucks.map((p) => p.color)).toEqual([RED, GREY, GREY, GREY]);
  });

  it('loops closing at different instants still count one after the other', () => {
    // Blue's loop closes 1/3 into the turn and takes the grey pucks first; red's, at 2/3, then holds red and blue.
    const s = scene(
      [puck(25, 5, RED), puck(5, 5, GREY), puck(-5, 0, GREY), puck(-25, 0, BLUE)],
      [closing(), closing(0, 5)],
    );
    const turn = playTurn(s, IDLE);
    expect(turn.record.captures.map((c) => [c.sled, c.color])).toEqual([
      [BLUE, BLUE],
      [RED, GREY],
    ]);
    expect(turn.state.pucks.map((p) => p.color)).toEqual([GREY, GREY, GREY, BLUE]);
  });

  it('exchanging the colors exchanges the outcome, bit for bit, whichever loop the engine meets first', () => {
    const cases: [CaptureState, [Move, Move]][] = [
      [shared(), IDLE],
      [
        scene([puck(25, 5, RED), puck(5, 5, GREY), puck(-25, 5, GREY), puck(-25, -5, GREY)], [closing(), closing()]),
        IDLE,
      ],
      [
        scene([puck(25, 5, RED), puck(5, 5, RED), puck(-25, 5, BLUE), puck(-25, -5, GREY)], [closing(), closing()]),
        IDLE,
      ],
      [
        scene(
          [puck(25, 5, BLUE), puck(5, 5, GREY, 3, 1), puck(-15, -2, GREY, -2, 0), puck(40, 0, RED, -9, 0)],
          [closing(3, 0), closing()],
        ),
        IDLE,
      ],
      [
        scene([puck(25, 5, RED), puck(5, 5, GREY), puck(-5, 0, GREY), puck(-25, 0, BLUE)], [closing(), closing(0, 5)]),
        IDLE,
      ],
      [
        shared(),
        [
          {
            accel: [
              [8, 0],
              [0, -3],
            ],
            turn: 0,
          },
          {
            accel: [
              [-1, 2],
              [5, 5],
            ],
            turn: 0,
          },
        ],
      ],
    ];
    for (const [s, moves] of cases) {
      const there = playTurn(s, moves);
      const back = playTurn(mirrored(s), [moves[1], moves[0]]);
      expect(exact(back.state)).toEqual(exact(mirrored(there.state)));
      expect(back.record.owned).toEqual([there.record.owned[1], there.record.owned[0]]);
      expect(new Set(back.record.captures.map((c) => `${1 - c.sled} ${c.at}`))).toEqual(
        new Set(there.record.captures.map((c) => `${c.sled} ${c.at}`)),
      );
    }
  });
});

describe('collisions at one instant in a mirrored scene', () => {
  // A bumper, two pucks, a bumper on a line, mirrored about the middle: the
  // bumpers catch up with the pucks at t = 5, exactly when the pucks meet, so
  // each puck is hit twice at one instant.
  const row = (): Body[] => [
    { x: -33, y: 0, vx: 3, vy: 0, r: 8, m: 8 },
    { x: -10, y: 0, vx: 1, vy: 0, r: 5, m: 3 },
    { x: 10, y: 0, vx: -1, vy: 0, r: 5, m: 3 },
    { x: 33, y: 0, vx: -3, vy: 0, r: 8, m: 8 },
  ];
  const isMirrored = (b: Body[]) =>
    b.every((p, k) => p.x === -b[3 - k]!.x && p.vx === -b[3 - k]!.vx && p.y === 0 && p.vy === 0);

  it('the physics meets them in the same order on both halves when told which bodies mirror each other', () => {
    const plain = row();
    advance(plain, 6);
    expect(isMirrored(plain)).toBe(false); // in plain scan order the left half is hit first
    const bodies = row();
    expect(advance(bodies, 6, [3, 2, 1, 0])).toBeGreaterThanOrEqual(3);
    expect(isMirrored(bodies)).toBe(true);
    // Everything bounced apart: the bumpers outward, faster than the pucks.
    expect(bodies[0]!.vx).toBeLessThan(bodies[1]!.vx);
    expect(bodies[1]!.vx).toBeLessThan(0);
  });

  it('a turn with such a chain leaves a mirrored game mirrored', () => {
    const start = initialState();
    const n = start.pucks.length;
    // Two pucks meet head-on in the middle half way through the turn, when
    // each is also hit at an angle by a third one (the four nearest the
    // middle, moved). The third pucks come first in the list on red's side
    // and last on blue's, so plain scan order would hit red's puck from the
    // side first and blue's head-on first.
    const pucks = start.pucks.slice();
    pucks[n / 2 - 2] = puck(-14.5, -12, GREY, 7, 8);
    pucks[n / 2 - 1] = puck(-5.5, 0, GREY, 1, 0);
    pucks[n / 2] = puck(5.5, 0, GREY, -1, 0);
    pucks[n / 2 + 1] = puck(14.5, 12, GREY, -7, -8);
    const s: CaptureState = { ...start, pucks };
    expect(exact(s)).toEqual(exact(mirrored(s)));
    const after = playTurn(s, IDLE);
    expect(after.record.collisions).toBeGreaterThanOrEqual(3);
    expect(exact(after.state)).toEqual(exact(mirrored(after.state)));
  });
});

describe('a mirrored match', () => {
  const midfield: Bundle = {
    kind: 'js',
    code: readFileSync('src/games/capture/bots/midfield.js', 'utf8'),
    name: 'midfield',
  };

  it('two copies of one deterministic bot whose loops close together around shared pucks: mirrored every turn, a draw', async () => {
    const { replay } = await playCapture({
      bots: [midfield, midfield],
      seed: 5,
      runner: inProcessRunner(nodeBotLoader),
    });
    let state = initialState();
    let together = 0;
    for (const t of replay.turns) {
      expect(t.m[1]).toEqual(t.m[0]);
      const before = state;
      state = playTurn(state, [fromNumbers(t.m[0]), fromNumbers(t.m[1])]).state;
      expect(exact(state)).toEqual(exact(mirrored(state)));
      expect(encodeView(state, BLUE)).toBe(encodeView(state, RED));
      expect(t.o[0]).toBe(t.o[1]);
      const [red, blue] = [t.c?.find((c) => c.s === RED), t.c?.find((c) => c.s === BLUE)];
      const common = red && blue && red.at === blue.at ? red.p.filter((k) => blue.p.includes(k)) : [];
      if (common.length > 0 && red!.to === RED && blue!.to === BLUE) {
        together++;
        // The shared pucks were grey and are captured with red and with blue: grey.
        for (const k of common) expect([before.pucks[k]!.color, state.pucks[k]!.color]).toEqual([GREY, GREY]);
      }
    }
    expect(together).toBeGreaterThanOrEqual(10);
    expect(replay.result).toMatchObject({ winner: 'draw', decidedBy: 'draw' });
    expect(replay.result.scores.red).toBe(replay.result.scores.blue);
    expect(replay.result.scores.red).toBeGreaterThan(4);
  }, 60_000);
});
