import { describe, expect, it } from 'vitest';
import {
  FIELD,
  MAX_TURN,
  TRAIL_LIMIT,
  insideLoop,
  moveSled,
  steer,
  wrapped,
  wrappedTrail,
  type Loop,
  type Point,
  type Sled,
} from '../../../src/games/capture/sled.js';
import { sinCos } from '../../../src/games/capture/trig.js';

const sledAt = (x: number, y: number, dir = 0): Sled => ({ x, y, dir, trail: [{ x, y }] });

const trailLength = (trail: readonly Point[]) => {
  let sum = 0;
  for (let i = 1; i < trail.length; i++) {
    sum += Math.sqrt((trail[i]!.x - trail[i - 1]!.x) ** 2 + (trail[i]!.y - trail[i - 1]!.y) ** 2);
  }
  return sum;
};

/** Turns `turn` every turn until a loop closes (or `max` turns pass). */
function circle(start: Sled, turn: number, max = 40): { sled: Sled; loop: Loop | null; turns: number } {
  let sled = start;
  for (let turns = 1; turns <= max; turns++) {
    const r = moveSled(steer(sled, turn));
    sled = r.sled;
    if (r.loop) return { sled, loop: r.loop, turns };
  }
  return { sled, loop: null, turns: max };
}

// Circling with turn 0.5 from heading 0 (the first move, after steering):
// the center is left of the first chord, 7.5 / tan(0.25) from its midpoint.
const CIRCLE_OFFSET = 7.5 / Math.tan(0.25);

describe('sinCos', () => {
  it('is exactly [0, 1] at 0', () => {
    expect(sinCos(0)).toEqual([0, 1]);
    expect(Object.is(sinCos(0)[0], 0)).toBe(true);
  });

  it.each([0, Math.PI / 2, Math.PI, 1, -3, 100, -2 * Math.PI, 0.785, 450.25])('matches sin/cos at %d', (theta) => {
    const [s, c] = sinCos(theta);
    expect(Math.abs(s - Math.sin(theta))).toBeLessThan(1e-14);
    expect(Math.abs(c - Math.cos(theta))).toBeLessThan(1e-14);
  });

  it('matches known values', () => {
    expect(sinCos(Math.PI / 2)[0]).toBe(1);
    expect(Math.abs(sinCos(Math.PI)[1] + 1)).toBeLessThan(1e-15);
    expect(Math.abs(sinCos(1)[0] - 0.8414709848078965)).toBeLessThan(1e-15);
    expect(Math.abs(sinCos(100)[0] - -0.5063656411097588)).toBeLessThan(1e-14);
  });

  it('stays within 1e-14 over a sweep of angles', () => {
    let worst = 0;
    for (let theta = -500; theta <= 500; theta += 0.0137) {
      const [s, c] = sinCos(theta);
      worst = Math.max(worst, Math.abs(s - Math.sin(theta)), Math.abs(c - Math.cos(theta)));
    }
    expect(worst).toBeLessThan(1e-14);
  });
});

describe('steer', () => {
  it('clamps the turn to [-0.5, 0.5] and ignores NaN', () => {
    const s = sledAt(0, 0, 1);
    expect(steer(s, 0.2).dir).toBe(1.2);
    expect(steer(s, 3).dir).toBe(1 + MAX_TURN);
    expect(steer(s, -Infinity).dir).toBe(1 - MAX_TURN);
    expect(steer(s, NaN).dir).toBe(1);
    expect(steer(s, 3).trail).toBe(s.trail);
  });
});

describe('moveSled', () => {
  it('drives east around the field three times and keeps a 600-unit trail', () => {
    let sled = sledAt(100, 400);
    for (let turn = 1; turn <= 160; turn++) {
      const r = moveSled(sled);
      expect(r.loop).toBeNull();
      sled = r.sled;
      const length = trailLength(sled.trail);
      expect(length).toBeLessThanOrEqual(TRAIL_LIMIT);
      if (turn >= 40) expect(length).toBe(TRAIL_LIMIT);
      expect(sled.trail[sled.trail.length - 1]).toEqual({ x: sled.x, y: sled.y });
    }
    expect(sled.x).toBe(100 + 3 * FIELD);
    expect(wrapped(sled)).toEqual({ x: 100, y: 400 });
  });

  it('cuts into the oldest segment when trimming a curved trail', () => {
    let sled = sledAt(400, 400);
    for (let turn = 0; turn < 100; turn++) {
      sled = moveSled(steer(sled, turn % 20 < 10 ? 0.1 : -0.1)).sled;
      expect(trailLength(sled.trail)).toBeLessThanOrEqual(TRAIL_LIMIT + 1e-9);
    }
    expect(trailLength(sled.trail)).toBeGreaterThan(TRAIL_LIMIT - 1e-9);
    const a = sled.trail[0]!;
    const b = sled.trail[1]!;
    expect(Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2)).toBeLessThan(15);
  });

  it('closes a loop when turning hard, capturing what is inside', () => {
    const start = sledAt(300, 300, -MAX_TURN);
    const { sled, loop, turns } = circle(start, MAX_TURN);
    expect(turns).toBe(13); // a full turn takes 2 pi / 0.5 = 12.6 turns
    expect(loop).not.toBeNull();
    const { points, at } = loop!;
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThanOrEqual(1);
    expect(points[0]).toEqual(points[points.length - 1]);
    expect(insideLoop(points, 307.5, 300 + CIRCLE_OFFSET)).toBe(true);
    expect(insideLoop(points, 307.5, 300 + CIRCLE_OFFSET + 40)).toBe(false);
    expect(insideLoop(points, 500, 500)).toBe(false);

    // The trail now runs from the crossing point to the sled.
    expect(sled.trail).toEqual([points[0], { x: sled.x, y: sled.y }]);
    const before = circle(start, MAX_TURN, 12).sled;
    expect(points.slice(1, -1)).toEqual(before.trail.slice(1));
  });

  it('captures across the wrap edge', () => {
    const cy = 400;
    const { loop } = circle(sledAt(795 - 7.5, cy - CIRCLE_OFFSET, -MAX_TURN), MAX_TURN);
    expect(loop).not.toBeNull();
    const xs = loop!.points.map((p) => p.x);
    expect(Math.min(...xs)).toBeLessThan(FIELD);
    expect(Math.max(...xs)).toBeGreaterThan(FIELD);
    expect(insideLoop(loop!.points, 795, cy)).toBe(true);
    expect(insideLoop(loop!.points, 5, cy)).toBe(true);
    expect(insideLoop(loop!.points, 400, cy)).toBe(false);
    expect(insideLoop(loop!.points, 5, cy + FIELD / 2)).toBe(false);
  });

  it('captures identically one field over', () => {
    const here = circle(sledAt(787.5, 400 - CIRCLE_OFFSET, -MAX_TURN), MAX_TURN);
    const there = circle(sledAt(787.5 - 2 * FIELD, 400 - CIRCLE_OFFSET + FIELD, -MAX_TURN), MAX_TURN);
    expect(there.turns).toBe(here.turns);
    expect(insideLoop(here.loop!.points, 5, 400)).toBe(true);
    expect(insideLoop(there.loop!.points, 5, 400)).toBe(true);
    expect(insideLoop(there.loop!.points, 400, 400)).toBe(false);
  });
});

describe('wrappedTrail', () => {
  it('shows a wrap across the right edge as (800, y) then (0, y)', () => {
    const trail = [
      { x: 780, y: 400 },
      { x: 795, y: 400 },
      { x: 810, y: 400 },
      { x: 825, y: 400 },
    ];
    expect(wrappedTrail(trail)).toEqual([
      { x: 780, y: 400 },
      { x: 795, y: 400 },
      { x: 800, y: 400 },
      { x: 0, y: 400 },
      { x: 10, y: 400 },
      { x: 25, y: 400 },
    ]);
  });

  it('computes the exact crossing point and handles the other edges', () => {
    expect(
      wrappedTrail([
        { x: 790, y: 100 },
        { x: 810, y: 120 },
      ]),
    ).toEqual([
      { x: 790, y: 100 },
      { x: 800, y: 110 },
      { x: 0, y: 110 },
      { x: 10, y: 120 },
    ]);
    expect(
      wrappedTrail([
        { x: -1590, y: 5 },
        { x: -1590, y: -5 },
      ]),
    ).toEqual([
      { x: 10, y: 5 },
      { x: 10, y: 0 },
      { x: 10, y: 800 },
      { x: 10, y: 795 },
    ]);
    // A point exactly on the edge is not repeated.
    expect(
      wrappedTrail([
        { x: 1585, y: 1 },
        { x: 1600, y: 1 },
        { x: 1615, y: 1 },
      ]),
    ).toEqual([
      { x: 785, y: 1 },
      { x: 800, y: 1 },
      { x: 0, y: 1 },
      { x: 15, y: 1 },
    ]);
  });

  it('keeps every point in [0, 800] and ends at the wrapped sled', () => {
    let sled = sledAt(700, 750);
    let edgePoints = 0;
    for (let turn = 0; turn < 300; turn++) {
      sled = moveSled(steer(sled, 0.05 + (turn % 7) * 0.01)).sled;
      const shown = wrappedTrail(sled.trail);
      const outside = shown.filter((p) => !(p.x >= 0 && p.x <= FIELD && p.y >= 0 && p.y <= FIELD));
      expect(outside).toEqual([]);
      edgePoints += shown.filter((p) => p.x === 0 || p.x === FIELD || p.y === 0 || p.y === FIELD).length;
      expect(shown[shown.length - 1]).toEqual(wrapped(sled));
    }
    expect(edgePoints).toBeGreaterThan(0);
  });
});
