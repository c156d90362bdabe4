import { describe, expect, it } from 'vitest';
import {
  BLUE,
  DEFAULT_MAP,
  RED,
  decodeMoves,
  encodeView,
  initialState,
  playTurn,
  ruleSet,
} from '../../../src/games/icy/index.js';

describe('decoding a player’s answer', () => {
  it('reads red lines as they are', () => {
    const d = decodeMoves('run 1 3\ncrouch\nthrow 40 -5\ncatch 2 2\n', RED);
    expect(d.actions).toEqual([
      { kind: 'run', x: 1, y: 3 },
      { kind: 'crouch', x: 0, y: 0 },
      { kind: 'throw', x: 40, y: -5 },
      { kind: 'catch', x: 2, y: 2 },
    ]);
    expect(d.problems).toEqual([null, null, null, null]);
  });

  it('rotates blue targets and reverses its child order into engine order', () => {
    // Blue's own child 0 is engine child 7, at (30, 28) seen as (0, 2).
    const d = decodeMoves('run 1 3\nidle\nidle\ndrop 3 0', BLUE);
    expect(d.actions[3]).toEqual({ kind: 'run', x: 29, y: 27 });
    expect(d.actions[0]).toEqual({ kind: 'drop', x: 27, y: 30 });
    expect(d.lines).toEqual(['drop 3 0', 'idle', 'idle', 'run 1 3']);
  });

  it('makes missing lines idle, ignores extra ones, and gives a reason for bad ones', () => {
    const d = decodeMoves('jump\nrun 1\r\nthrow a b\n', RED);
    expect(d.actions.map((a) => a.kind)).toEqual(['idle', 'idle', 'idle', 'idle']);
    expect(d.problems).toEqual([
      { status: 'canceled', reason: 'malformed', detail: "unknown action 'jump'" },
      { status: 'canceled', reason: 'malformed', detail: "'run' takes two integers X Y" },
      { status: 'canceled', reason: 'malformed', detail: "'throw' needs integer coordinates" },
      { status: 'canceled', reason: 'malformed', detail: 'empty line' },
    ]);
    const extra = decodeMoves('idle\nidle\nidle\ncrouch\nrun 5 5\nthrow 1 1', RED);
    expect(extra.actions.map((a) => a.kind)).toEqual(['idle', 'idle', 'idle', 'crouch']);
    expect(decodeMoves('', RED).problems[0]).toEqual({ status: 'canceled', reason: 'malformed', detail: 'empty line' });
    expect(decodeMoves('idle', RED).problems.slice(1)).toEqual([null, null, null]);
  });

  it('never throws, whatever a bot returns', () => {
    let seed = 7;
    const random = (k: number) => (seed = (seed * 16807) % 2147483647) % k;
    const alphabet = 'run crawl throw catch pickup drop idle 0123456789-+ \n\r\t\u0000\u00e9\ud83d';
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = random(80);
      for (let j = 0; j < n; j++) text += alphabet[random(alphabet.length)];
      const d = decodeMoves(text, i % 2 === 0 ? RED : BLUE);
      expect(d.actions).toHaveLength(4);
    }
    for (const weird of [undefined, null, 42, {}, ['run 1 1'], 'x'.repeat(1e6), 'run 99999999999 1']) {
      expect(decodeMoves(weird, RED).actions).toHaveLength(4);
    }
    const long = decodeMoves(`run 1 1${' '.repeat(1e6)}`, RED);
    expect(long.problems[0]).toEqual({ status: 'canceled', reason: 'malformed', detail: 'line too long' });
    expect(long.lines[0]!.length).toBe(203);
  });
});

describe('playing a turn from raw answers', () => {
  it('records malformed lines as canceled actions and plays the rest', () => {
    const s = initialState(DEFAULT_MAP);
    const t = playTurn(s, 'crouch\nfly away\n', 'run 1 3\n', ruleSet('queue2011'));
    expect(t.outcomes[0]).toEqual({ status: 'done' });
    expect(t.outcomes[1]).toMatchObject({ status: 'canceled', reason: 'malformed' });
    expect(t.state.children[0]!.standing).toBe(false);
    expect(t.state.children[7]).toMatchObject({ x: 29, y: 27 });
    expect(t.lines[7]).toBe('run 1 3');
  });
});

describe('encoding a player’s view', () => {
  /** The field lines of a view as section 5.4 spells them, space by space, for comparison. */
  const fieldLines = (view: string) => view.split('\n').slice(2, 2 + 31);

  it('writes a pile of snow above 9 with all its digits, and rotates it for blue', () => {
    const s = initialState(DEFAULT_MAP);
    const nearRed = s.children[0]!;
    const i = nearRed.x * 31 + nearRed.y;
    s.height[i] = 11;
    s.ground[i] = 8; // a red snowman: blue sees it as its own color, blue's letter j
    const red = fieldLines(encodeView(s, RED, ruleSet('queue2011')));
    expect(red[nearRed.x]!.split(' ')[nearRed.y]).toBe('11i');
    expect(red.every((line) => line.split(' ').length === 31)).toBe(true);
    const blueOwn = s.children[4]!;
    const k = blueOwn.x * 31 + blueOwn.y;
    s.height[k] = 12;
    const blue = fieldLines(encodeView(s, BLUE, ruleSet('queue2011')));
    expect(blue[30 - blueOwn.x]!.split(' ')[30 - blueOwn.y]).toMatch(/^12[a-j]$/);
  });

  it('is the same text whether or not a pile needs more room than the usual view', () => {
    const s = initialState(DEFAULT_MAP);
    const plain = encodeView(s, RED, ruleSet('queue2011'));
    // Every space seen at height 99: three characters each instead of two.
    for (let i = 0; i < s.height.length; i++) s.height[i] = 99;
    const tall = encodeView(s, RED, ruleSet('queue2011'));
    expect(tall.length).toBeGreaterThan(plain.length);
    expect(fieldLines(tall).map((l) => l.replace(/99([a-j])/g, '3$1'))).toEqual(
      fieldLines(plain).map((l) => l.replace(/0b/g, '3b')),
    );
  });
});
