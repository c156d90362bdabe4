import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BLUE,
  RED,
  captureGame,
  clampAccel,
  decodeMove,
  encodeView,
  END_OF_GAME,
  initialState,
  NULL_MOVE,
  playTurn,
  type CaptureState,
  type Move,
} from '../../../src/games/capture/index.js';
import { runMatch } from '../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import type { Bundle } from '../../../src/sandbox/types.js';

const accelOnly = (ax: number, ay: number): Move => ({
  accel: [
    [ax, ay],
    [0, 0],
  ],
  turn: 0,
});

describe('huge and tiny accelerations (section 2.2)', () => {
  it('`1e200 0 0 0 0` is a legal move that accelerates at exactly 8 in that direction', () => {
    const { move, reason } = decodeMove('1e200 0 0 0 0');
    expect(reason).toBeUndefined();
    expect(clampAccel(move.accel[0])).toEqual([8, 0]);
    const after = playTurn(initialState(), [move, move]).state;
    // Red's first bumper gains (8, 0); blue's (in its rotated frame) the exact mirror.
    expect([after.bumpers[0]!.vx, after.bumpers[0]!.vy]).toEqual([8, 0]);
    expect([after.bumpers[3]!.vx, after.bumpers[3]!.vy]).toEqual([-8, 0]);
    expect(after.bumpers[0]!.x).toBe(-300 + 8);
  });

  it('keeps the direction of any finite vector whose squared length overflows', () => {
    expect(clampAccel([-1e200, 1e-300])).toEqual([-8, 0]);
    expect(clampAccel([0, -1.7976931348623157e308])).toEqual([0, -8]);
    expect(clampAccel([1e200, 1e200])).toEqual(clampAccel([1e300, 1e300]));
    const [x, y] = clampAccel([1e200, -3e199]);
    expect(Math.sqrt(x * x + y * y)).toBeCloseTo(8, 14);
    expect(x).toBeCloseTo((10 / Math.sqrt(109)) * 8, 14);
    expect(y).toBeCloseTo((-3 / Math.sqrt(109)) * 8, 14);
    expect(decodeMove('-1e200 1e-300 0 0 0').reason).toBeUndefined();
  });

  it('tiny and denormal accelerations are under 8 and apply as given', () => {
    const { move, reason } = decodeMove('1e-320 0 0 -1e-320 0');
    expect(reason).toBeUndefined();
    expect(clampAccel(move.accel[0])).toEqual([1e-320, 0]);
    expect(clampAccel(move.accel[1])).toEqual([0, -1e-320]);
    expect(clampAccel([5e-324, 5e-324])).toEqual([5e-324, 5e-324]);
    const after = playTurn(initialState(), [accelOnly(1e-320, 0), NULL_MOVE]).state;
    expect(after.bumpers[0]!.vx).toBe(1e-320);
  });

  it('ordinary inputs are clamped as before', () => {
    expect(clampAccel([3, 4])).toEqual([3, 4]);
    expect(clampAccel([30, 40])).toEqual([(30 / 50) * 8, (40 / 50) * 8]);
    expect(clampAccel([-1e150, 0])).toEqual([-8, 0]);
  });
});

/** Each sled of one player's input: the position line's numbers and the trail's last point, as text. */
function sledsOf(input: string): { at: string[]; last: string[] }[] {
  const lines = input.trimEnd().split('\n');
  let k = 1;
  const pucks = Number(lines[k++]);
  k += pucks;
  const bumpers = Number(lines[k++]);
  k += bumpers;
  const sleds = Number(lines[k++]);
  const out: { at: string[]; last: string[] }[] = [];
  for (let s = 0; s < sleds; s++) {
    const at = lines[k++]!.split(' ');
    const trail = lines[k++]!.split(' ');
    const n = Number(trail[0]);
    expect(trail.length).toBe(1 + 2 * n);
    out.push({ at: at.slice(0, 2), last: trail.slice(2 * n - 1) });
  }
  expect(k).toBe(lines.length);
  return out;
}

describe("the trail ends with the sled's location (section 2.1)", () => {
  it("over a whole match, every input's trails end with the sleds' positions, byte for byte", async () => {
    const bot = (name: string): Bundle => ({
      kind: 'js',
      code: readFileSync(`src/games/capture/bots/${name}.js`, 'utf8'),
      name,
    });
    for (const [red, blue] of [
      ['gatherer', 'loopy'],
      ['random', 'gatherer'],
    ] as const) {
      const { replay } = await runMatch({
        game: captureGame,
        options: {},
        seed: 7,
        bots: [bot(red), bot(blue)],
        load: nodeBotLoader,
      });
      expect(replay.turns.length).toBe(900);
      let state: CaptureState = captureGame.setup({});
      const check = (s: CaptureState) => {
        for (const seat of [RED, BLUE])
          for (const sled of sledsOf(encodeView(s, seat))) expect(sled.last).toEqual(sled.at);
      };
      for (const t of replay.turns) {
        check(state);
        state = playTurn(state, t.step.moves).state;
      }
      check(state);
    }
  }, 120_000);

  it('holds for sleds sitting on the edges and just below them', () => {
    for (const x of [-400, 400, -400 - 1e-14, 400 - 1e-13, 1200, -1200 + 1e-12, 453.59535493382714 - 400]) {
      const start = initialState();
      const sled = {
        x,
        y: -x,
        dir: 0,
        trail: [
          { x: x - 10, y: -x },
          { x, y: -x },
        ],
      };
      const state: CaptureState = { ...start, sleds: [sled, sled] };
      for (const seat of [RED, BLUE]) {
        for (const s of sledsOf(encodeView(state, seat))) {
          expect(s.last).toEqual(s.at);
          for (const v of s.at) expect(Number(v) >= 0 && Number(v) < 800).toBe(true);
        }
      }
    }
  });
});

describe('the end of the game', () => {
  it('after the last turn each player is sent a turn number of -1', () => {
    expect(END_OF_GAME).toBe('-1\n');
    expect(captureGame.farewell?.(initialState(), 0, {})).toBe('-1\n');
    expect(captureGame.farewell?.(initialState(), 1, {})).toBe('-1\n');
  });
});
