import { describe, expect, it } from 'vitest';
import { FIELD } from '../../../src/games/capture/constants.js';
import { advance as advanceCentered, applyFriction, type Body } from '../../../src/games/capture/physics.js';

/** The engine measures from the field's center; these scenes are written with the field as [0, 800]. */
function advance(bodies: Body[], duration: number): number {
  for (const b of bodies) {
    b.x -= FIELD / 2;
    b.y -= FIELD / 2;
  }
  const n = advanceCentered(bodies, duration);
  for (const b of bodies) {
    b.x += FIELD / 2;
    b.y += FIELD / 2;
  }
  return n;
}

const puck = (x: number, y: number, vx = 0, vy = 0): Body => ({ x, y, vx, vy, r: 5, m: 3 });
const bumper = (x: number, y: number, vx = 0, vy = 0): Body => ({ x, y, vx, vy, r: 8, m: 8 });

/** Tiny deterministic PRNG (mulberry32) returning floats in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function totals(bodies: Body[]) {
  let px = 0;
  let py = 0;
  let pScale = 0;
  let ke = 0;
  for (const b of bodies) {
    px += b.m * b.vx;
    py += b.m * b.vy;
    pScale += b.m * Math.sqrt(b.vx * b.vx + b.vy * b.vy);
    ke += (b.m * (b.vx * b.vx + b.vy * b.vy)) / 2;
  }
  return { px, py, pScale, ke };
}

function expectConserved(before: ReturnType<typeof totals>, bodies: Body[]) {
  const after = totals(bodies);
  expect(Math.abs(after.px - before.px)).toBeLessThanOrEqual(1e-9 * before.pScale);
  expect(Math.abs(after.py - before.py)).toBeLessThanOrEqual(1e-9 * before.pScale);
  expect(Math.abs(after.ke - before.ke)).toBeLessThanOrEqual(1e-9 * before.ke);
}

function maxOverlap(bodies: Body[]): number {
  let worst = 0;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const a = bodies[i]!;
      const b = bodies[j]!;
      const d = Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);
      worst = Math.max(worst, a.r + b.r - d);
    }
  }
  return worst;
}

function expectInside(bodies: Body[]) {
  for (const b of bodies) {
    expect(b.x).toBeGreaterThanOrEqual(b.r);
    expect(b.x).toBeLessThanOrEqual(FIELD - b.r);
    expect(b.y).toBeGreaterThanOrEqual(b.r);
    expect(b.y).toBeLessThanOrEqual(FIELD - b.r);
  }
}

const awayFromWalls = (bodies: Body[], margin: number) =>
  bodies.every((b) => b.x > margin && b.x < FIELD - margin && b.y > margin && b.y < FIELD - margin);

/** 100 pucks and 4 bumpers, non-overlapping, random velocities up to 24. */
function chaoticScene(seed: number): Body[] {
  const rand = rng(seed);
  const bodies: Body[] = [];
  const place = (r: number, m: number) => {
    for (;;) {
      const x = r + rand() * (FIELD - 2 * r);
      const y = r + rand() * (FIELD - 2 * r);
      if (bodies.every((o) => (o.x - x) ** 2 + (o.y - y) ** 2 > (o.r + r) ** 2)) {
        let dx: number;
        let dy: number;
        do {
          dx = rand() * 2 - 1;
          dy = rand() * 2 - 1;
        } while (dx * dx + dy * dy > 1 || dx * dx + dy * dy < 1e-6);
        const s = (rand() * 24) / Math.sqrt(dx * dx + dy * dy);
        bodies.push({ x, y, vx: dx * s, vy: dy * s, r, m });
        return;
      }
    }
  };
  for (let i = 0; i < 4; i++) place(8, 8);
  for (let i = 0; i < 100; i++) place(5, 3);
  return bodies;
}

function turn(bodies: Body[]): number {
  const n = advance(bodies, 1);
  for (const b of bodies) if (b.m === 3) applyFriction(b, 1);
  return n;
}

describe('body-body collisions conserve momentum and energy', () => {
  it('head-on, equal masses: velocities are exchanged', () => {
    const bodies = [puck(395, 400, 6, 0), puck(410, 400, -2, 0)];
    const before = totals(bodies);
    expect(advance(bodies, 1)).toBe(1);
    expectConserved(before, bodies);
    expect(bodies[0]!.vx).toBeCloseTo(-2, 12);
    expect(bodies[1]!.vx).toBeCloseTo(6, 12);
    expect(bodies[0]!.vy).toBe(0);
    expect(bodies[1]!.vy).toBe(0);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
  });

  it('head-on, bumper into resting puck: 1D elastic formula', () => {
    const bodies = [bumper(380, 400, 11, 0), puck(400, 400)];
    const before = totals(bodies);
    expect(advance(bodies, 1)).toBe(1);
    expectConserved(before, bodies);
    expect(bodies[0]!.vx).toBeCloseTo((11 * (8 - 3)) / 11, 12);
    expect(bodies[1]!.vx).toBeCloseTo((2 * 8 * 11) / 11, 12);
  });

  it('glancing impact deflects both bodies', () => {
    const bodies = [bumper(370, 405, 20, 1), puck(400, 400, -3, 0)];
    const before = totals(bodies);
    expect(advance(bodies, 1)).toBe(1);
    expectConserved(before, bodies);
    expect(bodies[1]!.vy).toBeLessThan(0); // struck below centre, pushed up (toward -y)
    expect(bodies[0]!.vy).toBeGreaterThan(1);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
  });

  it("Newton's cradle passes the velocity down the line", () => {
    const bodies = [puck(388, 400, 7, 0)];
    for (let k = 0; k < 5; k++) bodies.push(puck(400 + 10 * k, 400));
    const before = totals(bodies);
    expect(advance(bodies, 1)).toBe(5);
    expectConserved(before, bodies);
    for (let k = 0; k < 5; k++) expect(bodies[k]!.vx).toBeCloseTo(0, 12);
    expect(bodies[5]!.vx).toBeCloseTo(7, 12);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
  });

  it('a bumper driving into a racked cluster of pucks', () => {
    const bodies = [bumper(350, 401, 24, 0)];
    const h = Math.sqrt(75);
    for (let row = 0; row < 4; row++) {
      for (let k = 0; k <= row; k++) bodies.push(puck(380 + row * h, 400 - row * 5 + k * 10));
    }
    const before = totals(bodies);
    const n = advance(bodies, 1);
    expect(n).toBeGreaterThan(3);
    expectConserved(before, bodies);
    expect(awayFromWalls(bodies, 100)).toBe(true);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
    // a few more turns of free evolution still conserve everything
    for (let t = 0; t < 3; t++) advance(bodies, 1);
    expectConserved(before, bodies);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
  });

  it('a dense random cluster that stays clear of the walls', () => {
    const rand = rng(7);
    const bodies: Body[] = [];
    while (bodies.length < 40) {
      const big = bodies.length < 4;
      const r = big ? 8 : 5;
      const x = 340 + rand() * 120;
      const y = 340 + rand() * 120;
      if (bodies.some((o) => (o.x - x) ** 2 + (o.y - y) ** 2 <= (o.r + r) ** 2)) continue;
      const vx = (rand() * 2 - 1) * 16;
      const vy = (rand() * 2 - 1) * 16;
      bodies.push(big ? bumper(x, y, vx, vy) : puck(x, y, vx, vy));
    }
    const before = totals(bodies);
    const n = advance(bodies, 1);
    expect(n).toBeGreaterThan(10);
    expect(awayFromWalls(bodies, 200)).toBe(true);
    expectConserved(before, bodies);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
  });

  it('simultaneous hits are resolved in a fixed order, symmetrically', () => {
    const bodies = [puck(387, 400, 5, 0), puck(400, 400), puck(413, 400, -5, 0)];
    const before = totals(bodies);
    expect(advance(bodies, 1)).toBe(3);
    expectConserved(before, bodies);
    expect(bodies[0]!.vx).toBeCloseTo(-5, 12);
    expect(bodies[1]!.vx).toBeCloseTo(0, 12);
    expect(bodies[2]!.vx).toBeCloseTo(5, 12);
  });

  it('an overlapping approaching pair is resolved at once; a separating one is left alone', () => {
    const approaching = [puck(400, 400, 1, 0), puck(410 - 1e-9, 400, -1, 0)];
    expect(advance(approaching, 0.5)).toBe(1);
    expect(approaching[0]!.vx).toBeCloseTo(-1, 12);
    expect(approaching[1]!.x - approaching[0]!.x).toBeGreaterThan(10);

    const separating = [puck(400, 400, -1, 0), puck(410 - 1e-9, 400, 1, 0)];
    expect(advance(separating, 0.5)).toBe(0);
    expect(separating[0]!.vx).toBe(-1);
  });

  it('resting bodies that touch do nothing', () => {
    const bodies = [puck(400, 400), puck(410, 400), bumper(400, 413)];
    expect(advance(bodies, 1)).toBe(0);
  });
});

describe('walls', () => {
  it('reflect the normal component and keep the speed', () => {
    const b = puck(790, 400, 24, -3);
    expect(advance([b], 1)).toBe(1);
    expect(b.vx).toBe(-24);
    expect(b.vy).toBe(-3);
    // reaches 795 after 5/24 of the turn, then travels back for the rest
    expect(b.x).toBeCloseTo(795 - 24 * (1 - 5 / 24), 12);
    expect(b.y).toBeCloseTo(397, 12);
  });

  it('a corner bounce reverses both components', () => {
    const b = bumper(12, 12, -10, -10);
    expect(advance([b], 1)).toBe(2);
    expect(b.vx).toBe(10);
    expect(b.vy).toBe(10);
    expect(b.x).toBeCloseTo(8 + 6, 12);
    expect(b.y).toBeCloseTo(8 + 6, 12);
  });

  it('every wall works', () => {
    const bs = [puck(6, 400, -4, 0), puck(794, 400, 4, 0), puck(400, 6, 0, -4), puck(400, 794, 0, 4)];
    expect(advance(bs, 1)).toBe(4);
    expect(bs.map((b) => [b.vx, b.vy])).toEqual([
      [4, 0],
      [-4, 0],
      [0, 4],
      [0, -4],
    ]);
    expectInside(bs);
  });
});

describe('no tunnelling', () => {
  it('a bumper at speed 24 hits a puck 20 units away within the turn', () => {
    const bodies = [bumper(400, 400, 24, 0), puck(420, 400)];
    expect(advance(bodies, 1)).toBe(1);
    expect(bodies[0]!.vx).toBeCloseTo(24 * (5 / 11), 12);
    expect(bodies[1]!.vx).toBeCloseTo(24 * (16 / 11), 12);
    expect(bodies[1]!.x).toBeGreaterThan(bodies[0]!.x + 13 - 1e-6);
  });

  it('a bumper driving a puck into the wall is thrown back within the turn', () => {
    const bodies = [bumper(774, 400, 24, 0), puck(794, 400)];
    const e0 = totals(bodies).ke;
    expect(advance(bodies, 1)).toBeGreaterThan(2);
    expect(bodies[0]!.vx).toBeLessThan(0);
    expect(Math.abs(totals(bodies).ke - e0)).toBeLessThanOrEqual(1e-9 * e0);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
    expectInside(bodies);
    expect(bodies[0]!.x).toBeLessThan(bodies[1]!.x);
  });

  it('a fast puck squeezed against a wall by a bumper never leaves the field', () => {
    const bodies = [puck(700, 400, 24, 0), bumper(786, 400, 0, 0)];
    for (let t = 0; t < 5; t++) {
      advance(bodies, 1);
      expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
      expectInside(bodies);
      expect(bodies[0]!.x).toBeLessThan(bodies[1]!.x);
    }
  });
});

describe('friction', () => {
  const stopsAfter = (speed: number, dx: number, dy: number) => {
    const len = Math.sqrt(dx * dx + dy * dy);
    const p = puck(400, 400, (speed * dx) / len, (speed * dy) / len);
    let turns = 0;
    while (p.vx !== 0 || p.vy !== 0) {
      expect(advance([p], 1)).toBe(0);
      applyFriction(p, 1);
      turns++;
      if (turns > 100) break;
    }
    return turns;
  };

  it('speed 4.5 stops after exactly 5 turns, speed 10 after 10', () => {
    for (const [dx, dy] of [
      [1, 0],
      [0, -1],
      [3, 4],
      [1, 2],
      [-7, 3],
      [1, 1],
    ] as const) {
      expect(stopsAfter(4.5, dx, dy)).toBe(5);
      expect(stopsAfter(10, dx, dy)).toBe(10);
    }
  });

  it('reduces the speed by the amount and keeps the direction', () => {
    const p = puck(0, 0, 6, 8);
    applyFriction(p, 1);
    expect(p.vx).toBeCloseTo(5.4, 14);
    expect(p.vy).toBeCloseTo(7.2, 14);
    const q = puck(0, 0, 0.3, -0.4);
    applyFriction(q, 1);
    expect([q.vx, q.vy]).toEqual([0, 0]);
  });

  it('a 4.5 puck travels 4.5 + 3.5 + 2.5 + 1.5 + 0.5', () => {
    const p = puck(100, 100, 4.5, 0);
    for (let t = 0; t < 8; t++) {
      advance([p], 1);
      applyFriction(p, 1);
    }
    expect(p.x).toBeCloseTo(112.5, 12);
  });
});

describe('a chaotic scene', () => {
  it('never overlaps and never leaves the field over 300 turns', () => {
    const bodies = chaoticScene(12345);
    expect(maxOverlap(bodies)).toBeLessThanOrEqual(0);
    let collisions = 0;
    for (let t = 0; t < 300; t++) {
      collisions += turn(bodies);
      expect(maxOverlap(bodies)).toBeLessThanOrEqual(1e-6);
      expectInside(bodies);
      for (const b of bodies) {
        expect(Number.isFinite(b.x + b.y + b.vx + b.vy)).toBe(true);
      }
    }
    expect(collisions).toBeGreaterThan(50);
  });

  it('is bit-for-bit deterministic', () => {
    const run = () => {
      const bodies = chaoticScene(987);
      for (let t = 0; t < 300; t++) turn(bodies);
      return bodies;
    };
    const a = run();
    const b = run();
    expect(a.length).toBe(b.length);
    for (let i = 0; i < a.length; i++) {
      for (const k of ['x', 'y', 'vx', 'vy'] as const) {
        if (!Object.is(a[i]![k], b[i]![k])) throw new Error(`body ${i}.${k}: ${a[i]![k]} vs ${b[i]![k]}`);
      }
    }
  });
});
