import { describe, expect, it } from 'vitest';
import {
  BLUE,
  GREY,
  NULL_MOVE,
  RED,
  captureGame,
  decodeMove,
  encodeView,
  initialState,
  playTurn,
  result,
  type CaptureState,
  type Move,
  type Puck,
  type Sled,
} from '../../../src/games/capture/index.js';

const puck = (x: number, y: number, color: number): Puck => ({ x, y, vx: 0, vy: 0, color: color as Puck['color'] });
const IDLE: [Move, Move] = [NULL_MOVE, NULL_MOVE];

/**
 * A red sled (own frame = the field's centered frame) at (-20, -10) heading
 * down, whose trail runs (-30,-20) (30,-20) (30,20) (-20,20) (-20,-10): its
 * next 15-unit step crosses the first segment at (-20,-20) and closes the
 * rectangle x in [-20, 30], y in [-20, 20].
 */
function closingSled(shiftX = 0): Sled {
  const p = (x: number, y: number) => ({ x: x + shiftX, y });
  return { ...p(-20, -10), dir: -Math.PI / 2, trail: [p(-30, -20), p(30, -20), p(30, 20), p(-20, 20), p(-20, -10)] };
}

function withRedSled(pucks: Puck[], sled: Sled): CaptureState {
  const start = initialState();
  const far = { x: 300, y: 300, dir: 0, trail: [{ x: 300, y: 300 }] };
  return { ...start, pucks, sleds: [sled, far], bumpers: start.bumpers };
}

describe('capture rules (section 1.4)', () => {
  it('a loop around grey and red pucks turns them all red', () => {
    const turn = playTurn(withRedSled([puck(0, 0, GREY), puck(10, 5, RED), puck(100, 100, GREY)], closingSled()), IDLE);
    expect(turn.state.pucks.map((p) => p.color)).toEqual([RED, RED, GREY]);
    expect(turn.record.captures).toEqual([{ sled: RED, at: expect.any(Number), pucks: [0, 1], color: RED }]);
    expect(turn.record.captures[0]!.at).toBeCloseTo(10 / 15, 12);
  });

  it('grey and blue turn blue, whoever draws the loop', () => {
    const turn = playTurn(withRedSled([puck(0, 0, GREY), puck(10, 5, BLUE)], closingSled()), IDLE);
    expect(turn.state.pucks.map((p) => p.color)).toEqual([BLUE, BLUE]);
  });

  it('red and blue (and grey) turn grey; only grey stays grey', () => {
    expect(
      playTurn(
        withRedSled([puck(0, 0, RED), puck(10, 5, BLUE), puck(5, -5, GREY)], closingSled()),
        IDLE,
      ).state.pucks.map((p) => p.color),
    ).toEqual([GREY, GREY, GREY]);
    const grey = playTurn(withRedSled([puck(0, 0, GREY)], closingSled()), IDLE);
    expect(grey.record.captures[0]).toMatchObject({ pucks: [0], color: GREY });
  });

  it('an empty loop captures nothing but truncates the trail at the crossing', () => {
    const turn = playTurn(withRedSled([puck(100, 100, RED)], closingSled()), IDLE);
    expect(turn.record.captures).toEqual([{ sled: RED, at: expect.any(Number), pucks: [], color: null }]);
    const trail = turn.state.sleds[0].trail;
    expect(trail).toHaveLength(2);
    expect(trail[0]!.x).toBeCloseTo(-20, 12);
    expect(trail[0]!.y).toBeCloseTo(-20, 12);
    expect(trail[1]).toEqual({ x: turn.state.sleds[0].x, y: turn.state.sleds[0].y });
  });

  it('a loop across the wrap captures pucks on the other edge', () => {
    // The same rectangle, 400 units right: x in [380, 430] of the unwrapped plane, across the right edge (x = 400).
    const turn = playTurn(
      withRedSled([puck(390, 0, GREY), puck(-395, 5, RED), puck(-360, 5, GREY)], closingSled(400)),
      IDLE,
    );
    expect(turn.state.pucks.map((p) => p.color)).toEqual([RED, RED, GREY]);
  });

  it('a puck that moves into the loop before it closes is captured; one that leaves is not', () => {
    // Closing happens 2/3 into the turn; a puck at x = 45 moving left at 30/turn is at x = 25 by then.
    const moving = { ...puck(45, 0, GREY), vx: -30 };
    const leaving = { ...puck(25, 10, GREY), vx: 30 };
    const turn = playTurn(withRedSled([moving, leaving, puck(0, 0, BLUE)], closingSled()), IDLE);
    expect(turn.record.captures[0]!.pucks).toEqual([0, 2]);
  });
});

describe('the start, the protocol and the end', () => {
  it('sets up 112 pucks in the checkerboard, four of each player’s color around its sled', () => {
    const s = initialState();
    expect(s.pucks).toHaveLength(112);
    expect(s.pucks.filter((p) => p.color === RED).map((p) => [p.x + 400, p.y + 400])).toEqual([
      [100, 350],
      [50, 400],
      [150, 400],
      [100, 450],
    ]);
    expect(s.pucks.filter((p) => p.color === BLUE)).toHaveLength(4);
    expect(s.pucks.some((p) => p.x === 50 - 400 && p.y === 100 - 400)).toBe(true);
  });

  it('shows both players the same picture at the start: blue sees the field rotated, its pieces first, colors remapped', () => {
    const s = initialState();
    expect(encodeView(s, BLUE)).toBe(encodeView(s, RED));
    const lines = encodeView(s, RED).split('\n');
    expect(lines[0]).toBe('0');
    expect(lines[1]).toBe('112');
    expect(lines[2 + 112]).toBe('4');
    expect(lines[3 + 112]).toBe('100 300 0 0');
    expect(lines[7 + 112]).toBe('2');
    expect(lines[8 + 112]).toBe('100 400 0');
    expect(lines[9 + 112]).toBe('1 100 400');
    expect(lines[10 + 112]).toBe(`700 400 ${Math.PI}`);
  });

  it('a sled driving straight wraps and is back at its start after 160 turns', () => {
    let s = initialState();
    for (let t = 0; t < 160; t++) s = playTurn(s, IDLE).state;
    const lines = encodeView(s, RED).split('\n');
    expect(lines[8 + 112]).toBe('100 400 0');
    expect(encodeView(s, BLUE).split('\n')[8 + 112]).toBe('100 400 0');
  });

  it('reads five numbers; anything else is the null move with the reason; out-of-range values are clamped', () => {
    expect(decodeMove('1 2 3 4 0.1\n')).toEqual({
      move: {
        accel: [
          [1, 2],
          [3, 4],
        ],
        turn: 0.1,
      },
    });
    expect(decodeMove('1 2 3 4')).toMatchObject({ move: NULL_MOVE, reason: 'expected 5 numbers, got 4' });
    expect(decodeMove('1 2 x 4 5')).toMatchObject({ move: NULL_MOVE, reason: "not a number: 'x'" });
    expect(decodeMove('1 2 3 4 NaN')).toMatchObject({ move: NULL_MOVE });
    const s = initialState();
    const turn = playTurn(s, [
      {
        accel: [
          [30, 40],
          [0, 0],
        ],
        turn: -2,
      },
      NULL_MOVE,
    ]);
    const b = turn.state.bumpers[0]!;
    expect([b.vx, b.vy]).toEqual([4.8, 6.4]);
    expect(turn.state.sleds[0].dir).toBe(-0.5);
  });

  it('caps bumper speed at 24', () => {
    let s = initialState();
    for (let t = 0; t < 6; t++)
      s = playTurn(s, [
        {
          accel: [
            [0, 8],
            [0, 0],
          ],
          turn: 0,
        },
        NULL_MOVE,
      ]).state;
    const b = s.bumpers[0]!;
    expect(Math.sqrt(b.vx * b.vx + b.vy * b.vy)).toBeLessThanOrEqual(24);
  });

  it('ends after 900 turns; a tie in pucks goes to the summed ownership, then a draw', () => {
    let s = captureGame.setup({});
    while (!captureGame.isOver(s)) s = captureGame.step(s, [null, null], {}).state;
    expect(s.turn).toBe(900);
    expect(result(s)).toMatchObject({
      winner: null,
      scores: [4, 4],
      details: { decidedBy: 'draw', ownership: [3600, 3600] },
    });
    const tied = { ...s, ownership: [3600, 3601] as const };
    expect(result(tied)).toMatchObject({ winner: BLUE, details: { decidedBy: 'ownership' } });
  });
});

describe('symmetry', () => {
  it('the same moves on both sides of the mirrored start give an exactly mirrored game', () => {
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296) * 2 - 1;
    let s = initialState();
    for (let t = 0; t < 300; t++) {
      const move: Move = {
        accel: [
          [rnd() * 10, rnd() * 10],
          [rnd() * 10, rnd() * 10],
        ],
        turn: rnd() * 0.6,
      };
      s = playTurn(s, [move, move]).state;
      const n = s.pucks.length;
      s.pucks.forEach((p, k) => {
        const m = s.pucks[n - 1 - k]!;
        // + 0 turns -0 into 0: a piece on a center line mirrors onto itself.
        expect([p.x, p.y, p.vx, p.vy].map((v) => v + 0)).toEqual([-m.x, -m.y, -m.vx, -m.vy].map((v) => v + 0));
        expect(p.color).toBe(m.color === GREY ? GREY : 1 - m.color);
      });
      s.bumpers.forEach((b, k) =>
        expect([b.x, b.y].map((v) => v + 0)).toEqual([-s.bumpers[3 - k]!.x, -s.bumpers[3 - k]!.y].map((v) => v + 0)),
      );
      expect(s.sleds[0]).toEqual(s.sleds[1]);
      expect(encodeView(s, RED)).toBe(encodeView(s, BLUE));
    }
  });
});
