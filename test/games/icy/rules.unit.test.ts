import { describe, expect, it } from 'vitest';
import {
  BLUE,
  CELLS,
  DEFAULT_MAP,
  Ground,
  Holding,
  RED,
  applyTurn,
  encodeView,
  formatStateBlock,
  initialState,
  knockbackStep,
  parseTurns,
  result,
  roundAway,
  ruleSet,
  type IcyState,
} from '../../../src/games/icy/index.js';
import { actions, cell, openField, place, setCell } from './scenario.js';

const q2011 = ruleSet('queue2011');
const i2010 = ruleSet('icpc2010');

/** Red child 0 at (10, 10) is hit by blue child 4 throwing from (20, 10). */
function hitScenario(): IcyState {
  const s = openField();
  place(s, 0, 10, 10);
  place(s, 4, 20, 10, { holding: Holding.SMALL_1 });
  return s;
}

describe('rule sets', () => {
  it('queue2011 knocks a hit child back one space the next turn; icpc2010 does not', () => {
    for (const [rules, expectedX] of [
      [q2011, 9],
      [i2010, 10],
    ] as const) {
      const hit = applyTurn(hitScenario(), actions({ 4: 'throw 0 10' }), rules);
      expect(hit.throws[0]).toMatchObject({ end: 'child', child: 0 });
      expect(hit.state.children[0]).toMatchObject({ x: 10, y: 10, dazed: 5 });
      expect(hit.state.score).toEqual([0, 10]);
      const next = applyTurn(hit.state, actions({}), rules);
      expect(next.state.children[0]).toMatchObject({ x: expectedX, y: 10, dazed: 4 });
    }
  });

  it('encode a held large snowball as i (2011) or j (2010)', () => {
    const s = initialState(DEFAULT_MAP);
    s.children[2]!.holding = Holding.LARGE;
    expect(formatStateBlock(s, q2011)).toContain('\n2 1 S i 0\n');
    expect(formatStateBlock(s, i2010)).toContain('\n2 1 S j 0\n');
    expect(encodeView(s, RED, i2010)).toContain('\n2 1 S j 0\n');
    s.children[5]!.holding = Holding.LARGE;
    // Blue sees its own child 5 as its child 2, rotated to (2, 1).
    expect(encodeView(s, BLUE, q2011)).toContain('\n2 1 S i 0\n');
  });

  it('read histories with their own letter for a large snowball', () => {
    const s = initialState(DEFAULT_MAP);
    s.children[2]!.holding = Holding.LARGE;
    const text2010 = `${formatStateBlock(s, i2010)}${'idle\n'.repeat(8)}-1`;
    const parsed = parseTurns(text2010, i2010);
    expect(parsed.ok && parsed.value[0]!.children[2]!.holding).toBe(Holding.LARGE);
    const wrong = parseTurns(text2010, q2011);
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.problems[0].message).toMatch(/bad holding of child 2 for rules queue2011/);
  });
});

describe('away-from-zero rounding', () => {
  it('rounds halves away from zero, unlike Java Math.round', () => {
    expect(roundAway(1, 2)).toBe(1);
    expect(roundAway(-1, 2)).toBe(-1); // Math.round(-0.5) would give 0
    expect(roundAway(3, 2)).toBe(2);
    expect(roundAway(-3, 2)).toBe(-2);
    expect(roundAway(1, 3)).toBe(0);
    expect(roundAway(-2, 3)).toBe(-1);
    expect(roundAway(7, -2)).toBe(-4);
  });

  it('makes every path the mirror image of the reversed-direction path', () => {
    for (let dx = -24; dx <= 24; dx++) {
      for (let dy = -24; dy <= 24; dy++) {
        const n = Math.max(Math.abs(dx), Math.abs(dy));
        for (let t = 1; t <= n; t++) {
          expect(roundAway(t * -dx, n) + roundAway(t * dx, n)).toBe(0);
          expect(roundAway(t * -dy, n) + roundAway(t * dy, n)).toBe(0);
        }
      }
    }
  });

  it('keeps a mirrored game mirrored for 180 turns', () => {
    // Red plays random moves; blue plays the same moves rotated 180 degrees.
    let seed = 12345;
    const random = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    const kinds = ['run', 'crawl', 'pickup', 'drop', 'throw', 'catch', 'crouch', 'stand', 'crush', 'idle'];
    let s = initialState(DEFAULT_MAP);
    for (let turn = 0; turn < 180; turn++) {
      const lines: Record<number, string> = {};
      for (let c = 0; c < 4; c++) {
        const kind = kinds[random(kinds.length)]!;
        const k = s.children[c]!;
        const reach = kind === 'throw' ? 16 : kind === 'catch' ? 12 : 2;
        const x = k.x + random(2 * reach + 1) - reach;
        const y = k.y + random(2 * reach + 1) - reach;
        const targeted = !['crouch', 'stand', 'crush', 'idle'].includes(kind);
        lines[c] = targeted ? `${kind} ${x} ${y}` : kind;
        lines[7 - c] = targeted ? `${kind} ${30 - x} ${30 - y}` : kind;
      }
      s = applyTurn(s, actions(lines), q2011).state;
      expectMirrored(s);
    }
    // The game did something: snow moved and snowballs flew.
    expect(s.height.some((h, i) => h !== initialState(DEFAULT_MAP).height[i])).toBe(true);
  });
});

function expectMirrored(s: IcyState): void {
  const swap = (g: number) =>
    g === Ground.RED_SNOWMAN ? Ground.BLUE_SNOWMAN : g === Ground.BLUE_SNOWMAN ? Ground.RED_SNOWMAN : g;
  for (let i = 0; i < CELLS; i++) {
    expect(s.height[CELLS - 1 - i]).toBe(s.height[i]);
    expect(s.ground[CELLS - 1 - i]).toBe(swap(s.ground[i]!));
  }
  for (let c = 0; c < 4; c++) {
    const a = s.children[c]!;
    const b = s.children[7 - c]!;
    expect([b.x, b.y, b.standing, b.holding, b.dazed]).toEqual([30 - a.x, 30 - a.y, a.standing, a.holding, a.dazed]);
  }
  expect(s.score[0]).toBe(s.score[1]);
  expect(s.domainSum[0]).toBe(s.domainSum[1]);
}

describe('snowman head hits', () => {
  /** Throw length whose snowball is at `height` one space from a standing thrower. */
  const throwLengthFor = (height: number) => {
    for (let n = 1; n <= 24; n++) if (9 - roundAway(9, n) === height) return n;
    return null;
  };

  for (const powder of [0, 1, 2, 3]) {
    const snowman = 6 + powder;
    it(`a snowman ${snowman} high loses its head only to a snowball exactly ${snowman} high`, () => {
      const setup = () => {
        const s = openField();
        place(s, 0, 10, 10, { holding: Holding.SMALL_1 });
        setCell(s, 11, 10, snowman, Ground.BLUE_SNOWMAN);
        s.domain = [0, 0];
        return s;
      };
      const head = throwLengthFor(snowman)!;
      const hit = applyTurn(setup(), actions({ 0: `throw ${10 + head} 10` }), q2011);
      expect(hit.throws[0]!.path[0]).toEqual([11, 10, snowman]);
      expect(hit.throws[0]!.end).toBe('snowman_head');
      expect(cell(hit.state, 11, 10)).toEqual({ height: snowman, ground: Ground.MEDIUM_ON_LARGE });
      expect(hit.state.domain).toEqual([0, 0]);

      const low = [0, 4, 6, 7, 8].filter((h) => h < snowman)[0 + (snowman > 7 ? 1 : 0)]!;
      const under = applyTurn(setup(), actions({ 0: `throw ${10 + throwLengthFor(low)!} 10` }), q2011);
      expect(under.throws[0]).toMatchObject({ end: 'ground', path: [[11, 10, low]] });
      expect(cell(under.state, 11, 10)).toEqual({ height: snowman, ground: Ground.BLUE_SNOWMAN });

      const over = throwLengthFor(snowman + 1);
      if (over !== null) {
        const past = applyTurn(setup(), actions({ 0: `throw ${10 + over} 10` }), q2011);
        expect(past.throws[0]!.path.length).toBeGreaterThan(1);
        expect(cell(past.state, 11, 10)).toEqual({ height: snowman, ground: Ground.BLUE_SNOWMAN });
      }
    });
  }

  it('a snowman owns the spaces closer than 8 until it loses its head', () => {
    const s = openField();
    place(s, 0, 10, 10, { standing: false, holding: Holding.SMALL_1 });
    place(s, 4, 20, 10, { holding: Holding.SMALL_1 });
    setCell(s, 11, 10, 5, Ground.MEDIUM_ON_LARGE);
    let disc = 0;
    for (let dx = -7; dx <= 7; dx++) for (let dy = -7; dy <= 7; dy++) if (dx * dx + dy * dy < 64) disc++;

    const built = applyTurn(s, actions({ 0: 'drop 11 10' }), q2011).state;
    expect(cell(built, 11, 10)).toEqual({ height: 6, ground: Ground.RED_SNOWMAN });
    expect(built.domain).toEqual([disc, 0]);
    expect(built.score).toEqual([disc, 0]);

    const twice = applyTurn(built, actions({}), q2011).state;
    expect(twice.domainSum).toEqual([2 * disc, 0]);

    // From the next space, a throw 3 long is 6 high at the snowman: its head.
    twice.children[4]!.x = 12;
    const headless = applyTurn(twice, actions({ 4: 'throw 9 10' }), q2011).state;
    expect(cell(headless, 11, 10)).toEqual({ height: 6, ground: Ground.MEDIUM_ON_LARGE });
    expect(headless.domain).toEqual([0, 0]);
    expect(headless.score).toEqual([0, 0]);
    expect(headless.domainSum).toEqual([2 * disc, 0]);
  });
});

describe('children moving at the same time', () => {
  it('two children stepping into one space at once are both blocked', () => {
    const s = openField();
    place(s, 0, 10, 10);
    place(s, 4, 12, 10);
    const r = applyTurn(s, actions({ 0: 'run 11 10', 4: 'run 11 10' }), q2011);
    expect(r.state.children[0]).toMatchObject({ x: 10, y: 10 });
    expect(r.state.children[4]).toMatchObject({ x: 12, y: 10 });
    expect(r.outcomes[0]).toEqual({ status: 'blocked', step: 1 });
    expect(r.outcomes[4]).toEqual({ status: 'blocked', step: 1 });
  });

  it('a run blocked on its second step stops after the first', () => {
    const s = openField();
    place(s, 0, 10, 10);
    place(s, 1, 14, 10);
    const r = applyTurn(s, actions({ 0: 'run 12 10', 1: 'run 12 10' }), q2011);
    expect(r.state.children[0]).toMatchObject({ x: 11, y: 10 });
    expect(r.state.children[1]).toMatchObject({ x: 13, y: 10 });
    expect(r.outcomes[0]).toEqual({ status: 'blocked', step: 2 });
  });

  it('a child may follow another into the space it leaves, and two may swap', () => {
    const s = openField();
    place(s, 0, 10, 10);
    place(s, 1, 11, 10);
    place(s, 2, 20, 20);
    place(s, 3, 21, 21);
    const r = applyTurn(s, actions({ 0: 'run 11 10', 1: 'run 12 10', 2: 'run 21 21', 3: 'run 20 20' }), q2011);
    expect(r.state.children.slice(0, 4).map((c) => [c.x, c.y])).toEqual([
      [11, 10],
      [12, 10],
      [21, 21],
      [20, 20],
    ]);
  });

  it('a child that stays put, or is blocked, blocks the one behind it', () => {
    const s = openField();
    place(s, 0, 10, 10);
    place(s, 1, 11, 10);
    place(s, 2, 13, 10);
    place(s, 3, 12, 10);
    // 1 wants 12,10 where 3 stays; so 1 is blocked, and so is 0 behind it.
    const r = applyTurn(s, actions({ 0: 'run 11 10', 1: 'run 12 10' }), q2011);
    expect(r.state.children[0]).toMatchObject({ x: 10, y: 10 });
    expect(r.state.children[1]).toMatchObject({ x: 11, y: 10 });
    expect(r.outcomes[0]).toEqual({ status: 'blocked', step: 1 });
  });

  it('trees, deep snow and the edge block; snowballs underfoot are smashed', () => {
    const s = openField();
    place(s, 0, 10, 10);
    place(s, 1, 20, 20);
    place(s, 2, 0, 5);
    setCell(s, 12, 10, 0, Ground.TREE);
    setCell(s, 20, 21, 6, Ground.EMPTY);
    setCell(s, 21, 20, 5, Ground.SMALL_ON_LARGE);
    const r = applyTurn(s, actions({ 0: 'run 12 10', 1: 'run 20 21', 2: 'run -1 5' }), q2011);
    expect(r.state.children[0]).toMatchObject({ x: 11, y: 10 });
    expect(r.state.children[1]).toMatchObject({ x: 20, y: 20 });
    expect(r.outcomes[2]).toEqual({ status: 'canceled', reason: 'off_field' });
    const walk = applyTurn(r.state, actions({ 1: 'run 21 20' }), q2011);
    expect(cell(walk.state, 21, 20)).toEqual({ height: 5, ground: Ground.EMPTY });
  });
});

describe('daze', () => {
  it('a hit child shows 5, sits out four turns and acts on the fifth', () => {
    let s = applyTurn(hitScenario(), actions({ 4: 'throw 0 10' }), i2010).state;
    const shown: number[] = [];
    const stances: boolean[] = [];
    for (let turn = 0; turn < 5; turn++) {
      shown.push(s.children[0]!.dazed);
      expect(encodeView(s, RED, i2010)).toContain(`\n10 10 S a ${Math.max(0, s.children[0]!.dazed - 1)}\n`);
      const r = applyTurn(s, actions({ 0: 'crouch' }), i2010);
      stances.push(r.state.children[0]!.standing);
      s = r.state;
    }
    expect(shown).toEqual([5, 4, 3, 2, 1]);
    expect(stances).toEqual([true, true, true, true, false]);
  });

  it('a second hit restarts the count', () => {
    let s = hitScenario();
    s.children[4]!.holding = Holding.SMALL_2;
    s = applyTurn(s, actions({ 4: 'throw 0 10' }), i2010).state;
    s = applyTurn(s, actions({}), i2010).state;
    expect(s.children[0]!.dazed).toBe(4);
    s = applyTurn(s, actions({ 4: 'throw 0 10' }), i2010).state;
    expect(s.children[0]!.dazed).toBe(5);
    expect(s.hitScore).toEqual([0, 20]);
  });
});

describe('drops and pickups', () => {
  const dropOnto = (ground: number, height: number, holding: Holding, team = 0) => {
    const s = openField();
    const c = team === 0 ? 0 : 4;
    place(s, c, 10, 10, { standing: false, holding });
    setCell(s, 11, 10, height, ground);
    const r = applyTurn(s, actions({ [c]: 'drop 11 10' }), q2011);
    return { ...cell(r.state, 11, 10), holding: r.state.children[c]!.holding, outcome: r.outcomes[c] };
  };

  it('stack smaller balls on larger ones and make snowmen of the dropper’s color', () => {
    expect(dropOnto(Ground.MEDIUM, 5, Holding.SMALL_1)).toMatchObject({ height: 6, ground: Ground.SMALL_ON_MEDIUM });
    expect(dropOnto(Ground.LARGE, 6, Holding.MEDIUM)).toMatchObject({ height: 8, ground: Ground.MEDIUM_ON_LARGE });
    expect(dropOnto(Ground.LARGE, 3, Holding.SMALL_3)).toMatchObject({
      height: 4,
      ground: Ground.SMALL_ON_LARGE,
      holding: Holding.SMALL_2,
    });
    expect(dropOnto(Ground.MEDIUM_ON_LARGE, 5, Holding.SMALL_1, 1)).toMatchObject({
      height: 6,
      ground: Ground.BLUE_SNOWMAN,
    });
  });

  it('smash equal or smaller balls, and the dropped ball lands on what is left', () => {
    expect(dropOnto(Ground.SMALL, 4, Holding.LARGE)).toMatchObject({ height: 7, ground: Ground.LARGE });
    expect(dropOnto(Ground.SMALL_ON_LARGE, 4, Holding.SMALL_1)).toMatchObject({
      height: 5,
      ground: Ground.SMALL_ON_LARGE,
    });
    expect(dropOnto(Ground.SMALL_ON_MEDIUM, 3, Holding.MEDIUM)).toMatchObject({ height: 5, ground: Ground.MEDIUM });
    expect(dropOnto(Ground.RED_SNOWMAN, 6, Holding.SMALL_1, 1)).toMatchObject({
      height: 7,
      ground: Ground.BLUE_SNOWMAN,
    });
    expect(dropOnto(Ground.EMPTY, 3, Holding.POWDER_3)).toMatchObject({
      height: 6,
      ground: Ground.EMPTY,
      holding: Holding.EMPTY,
    });
  });

  it('refuse a space already 9 high, but not one that a drop takes past 9', () => {
    expect(dropOnto(Ground.EMPTY, 9, Holding.POWDER_1).outcome).toEqual({ status: 'canceled', reason: 'too_high' });
    expect(dropOnto(Ground.MEDIUM_ON_LARGE, 8, Holding.LARGE)).toMatchObject({ height: 11, ground: Ground.LARGE });
  });

  it('cancel two valid drops into one space, but an invalid one does not contend', () => {
    const s = openField();
    place(s, 0, 10, 10, { holding: Holding.POWDER_1 });
    place(s, 1, 12, 10, { holding: Holding.POWDER_2 });
    place(s, 2, 11, 11);
    const both = applyTurn(s, actions({ 0: 'drop 11 10', 1: 'drop 11 10' }), q2011);
    expect(both.outcomes.slice(0, 2)).toEqual([
      { status: 'canceled', reason: 'contention' },
      { status: 'canceled', reason: 'contention' },
    ]);
    expect(cell(both.state, 11, 10).height).toBe(3);
    const one = applyTurn(s, actions({ 0: 'drop 11 10', 2: 'drop 11 10' }), q2011);
    expect(one.outcomes[2]).toEqual({ status: 'canceled', reason: 'empty_handed' });
    expect(cell(one.state, 11, 10).height).toBe(4);
  });

  it('pick up the top snowball or one unit of powder, crouching, if the hands can hold it', () => {
    const s = openField();
    place(s, 0, 10, 10, { standing: false });
    place(s, 1, 12, 12, { standing: false, holding: Holding.POWDER_1 });
    place(s, 2, 20, 20);
    setCell(s, 11, 10, 6, Ground.RED_SNOWMAN);
    const r = applyTurn(s, actions({ 0: 'pickup 11 10', 1: 'pickup 13 13', 2: 'pickup 21 21' }), q2011);
    expect(cell(r.state, 11, 10)).toEqual({ height: 5, ground: Ground.MEDIUM_ON_LARGE });
    expect(r.state.children[0]!.holding).toBe(Holding.SMALL_1);
    expect(r.state.children[1]!.holding).toBe(Holding.POWDER_2);
    expect(cell(r.state, 13, 13).height).toBe(2);
    expect(r.outcomes[2]).toEqual({ status: 'canceled', reason: 'not_crouching' });
    // A small snowball in hand and a medium one on top: the hands cannot hold both.
    const full = applyTurn(r.state, actions({ 0: 'pickup 11 10' }), q2011);
    expect(full.outcomes[0]).toEqual({ status: 'canceled', reason: 'hands_full' });
  });

  it('let one child pick up what another dropped in the same turn', () => {
    const s = openField();
    place(s, 0, 10, 10, { holding: Holding.LARGE });
    place(s, 1, 12, 10, { standing: false });
    const r = applyTurn(s, actions({ 0: 'drop 11 10', 1: 'pickup 11 10' }), q2011);
    expect(r.state.children[1]!.holding).toBe(Holding.LARGE);
    expect(cell(r.state, 11, 10)).toEqual({ height: 3, ground: Ground.EMPTY });
  });
});

describe('throws and catches', () => {
  it('a catch naming the thrower’s space takes the snowball instead of being hit', () => {
    const s = hitScenario();
    const r = applyTurn(s, actions({ 4: 'throw 0 10', 0: 'catch 20 10' }), q2011);
    expect(r.throws[0]).toMatchObject({ end: 'caught', child: 0 });
    expect(r.state.children[0]).toMatchObject({ holding: Holding.SMALL_1, dazed: 0 });
    expect(r.state.score).toEqual([0, 0]);
    const wrong = applyTurn(s, actions({ 4: 'throw 0 10', 0: 'catch 20 11' }), q2011);
    expect(wrong.throws[0]).toMatchObject({ end: 'child', child: 0 });
  });

  it('a snowball flies over a crouching child when higher than 6', () => {
    const s = openField();
    place(s, 0, 10, 10, { holding: Holding.SMALL_1 });
    place(s, 4, 11, 10, { standing: false });
    const over = applyTurn(s, actions({ 0: 'throw 30 10' }), q2011);
    expect(over.throws[0]!.path[0]).toEqual([11, 10, 9]);
    expect(over.state.children[4]!.dazed).toBe(0);
    const into = applyTurn(s, actions({ 0: 'throw 12 10' }), q2011);
    expect(into.throws[0]).toMatchObject({ end: 'child', child: 4 });
    expect(into.state.score).toEqual([10, 0]);
  });

  it('a child running into a space a snowball is passing over, between its steps, is hit', () => {
    // The snowball takes three steps: it is over (11, 10) from 1/3 to 2/3 of the turn, 6 high.
    // Blue child 4 steps into (11, 10) at 1/2 and on to (11, 9) at the end of the turn.
    const s = openField();
    place(s, 0, 10, 10, { holding: Holding.SMALL_1 });
    place(s, 4, 11, 11);
    const r = applyTurn(s, actions({ 0: 'throw 13 10', 4: 'run 11 9' }), q2011);
    expect(r.throws[0]).toMatchObject({ end: 'child', child: 4, path: [[11, 10, 6]] });
    expect(r.state.children[4]).toMatchObject({ x: 11, y: 9, dazed: 5 });
    expect(r.state.score).toEqual([10, 0]);
    expect(r.state.knockback[4]).toEqual([3, 0]);
  });

  it('a child stepping in after the snowball has moved on is not hit', () => {
    const s = openField();
    place(s, 0, 10, 10, { holding: Holding.SMALL_1 });
    place(s, 4, 11, 11);
    // Six steps: the ball is over (11, 10) only until 2/6 of the turn; the child arrives at 1/2.
    const passed = applyTurn(s, actions({ 0: 'throw 16 10', 4: 'run 11 9' }), q2011);
    expect(passed.throws[0]!.end).toBe('ground');
    expect(passed.state.children[4]).toMatchObject({ x: 11, y: 9, dazed: 0 });
    expect(passed.state.score).toEqual([0, 0]);
  });

  it('hitting a teammate dazes without points; throws beyond 24 are refused', () => {
    const s = openField();
    place(s, 0, 10, 10, { holding: Holding.SMALL_2 });
    place(s, 1, 12, 10);
    const r = applyTurn(s, actions({ 0: 'throw 14 10' }), q2011);
    expect(r.state.children[1]!.dazed).toBe(5);
    expect(r.state.score).toEqual([0, 0]);
    const far = applyTurn(s, actions({ 0: 'throw 30 26' }), q2011);
    expect(far.outcomes[0]).toEqual({ status: 'canceled', reason: 'too_far' });
    expect(far.state.children[0]!.holding).toBe(Holding.SMALL_2);
  });
});

describe('knockback', () => {
  it('goes along an axis when the flight is at least twice as long on it, else diagonally', () => {
    expect(knockbackStep(10, 5)).toEqual([1, 0]);
    expect(knockbackStep(10, 6)).toEqual([1, 1]);
    expect(knockbackStep(-3, -6)).toEqual([0, -1]);
    expect(knockbackStep(-4, 3)).toEqual([-1, 1]);
    expect(knockbackStep(0, 0)).toBeNull();
  });

  it('sums the flights of several hits, and stops at trees and the edge', () => {
    const s = openField();
    place(s, 0, 10, 10);
    place(s, 4, 20, 10, { holding: Holding.SMALL_1 });
    place(s, 5, 10, 20, { holding: Holding.SMALL_1 });
    const hit = applyTurn(s, actions({ 4: 'throw 0 10', 5: 'throw 10 0' }), q2011).state;
    expect(hit.knockback[0]).toEqual([-20, -20]);
    expect(applyTurn(hit, actions({}), q2011).state.children[0]).toMatchObject({ x: 9, y: 9 });
    hit.ground[9 * 31 + 9] = Ground.TREE;
    expect(applyTurn(hit, actions({}), q2011).state.children[0]).toMatchObject({ x: 10, y: 10 });
  });
});

describe('winner', () => {
  const final = (score: [number, number], hits: [number, number], sums: [number, number]) => {
    const s = initialState(DEFAULT_MAP);
    s.turn = 180;
    s.score = score;
    s.hitScore = hits;
    s.domainSum = sums;
    return result(s);
  };

  it('is the higher score, then more hit points, then the larger domain sum', () => {
    expect(final([30, 20], [0, 20], [0, 0])).toMatchObject({ winner: 'red', decidedBy: 'score' });
    expect(final([30, 30], [10, 20], [900, 0])).toMatchObject({ winner: 'blue', decidedBy: 'hits' });
    expect(final([30, 30], [10, 10], [900, 901])).toMatchObject({ winner: 'blue', decidedBy: 'domain_sum' });
    expect(final([30, 30], [10, 10], [900, 900])).toMatchObject({ winner: 'draw', decidedBy: 'tie' });
  });
});
