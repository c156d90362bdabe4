import { describe, expect, it } from 'vitest';
import { ENDLESS_LOAD_FUEL, HOSTILE_FUEL, HOSTILE_LIMIT_MS, playHostile, type HostileRun } from './hostile-match.js';

/**
 * Hand-written hostile JavaScript bots, each played through `umpire match`
 * as a process against an idle bot at 2e8 fuel a turn. Every one must end
 * in time, exit 0, print a result and record why the bot failed.
 */

const SLOW = HOSTILE_LIMIT_MS + 15_000;
const IDLE = "'idle\\nidle\\nidle\\nidle\\n'";

function expectFinished(run: HostileRun): void {
  expect(run.exitCode).toBe(0);
  expect(run.ms).toBeLessThan(HOSTILE_LIMIT_MS);
  expect(['red', 'blue', 'draw']).toContain(run.summary.winner);
}

describe('hostile JavaScript bots, through umpire match', () => {
  it(
    'copyWithin over 48 MB in a loop at the top level pays for every byte and forfeits',
    async () => {
      const run = await playHostile(
        'const b = new Uint8Array(48e6); for (;;) b.copyWithin(0, 1);\nexport default () => "";',
        'js',
        { loadFuel: ENDLESS_LOAD_FUEL },
      );
      expectFinished(run);
      expect(run.summary.bots.red.forfeit).toEqual({
        code: 'BUNDLE_INIT',
        message: expect.stringMatching(/top level of the module used up its fuel/),
      });
    },
    SLOW,
  );

  it.each([
    ['copyWithin', 'b.copyWithin(0, 1)'],
    // Two 48 MB copies do not fit in the 64 MiB limit: slices of a sixth of the buffer, freed as they go.
    ['slice', 'b.slice(0, 8e6)'],
  ])(
    '%s over 48 MB in a loop inside act is over budget every turn',
    async (_, work) => {
      const run = await playHostile(
        `let b;\nexport default function () { b ??= new Uint8Array(48e6); for (;;) ${work}; }`,
        'js',
      );
      expectFinished(run);
      expect(run.summary.turns).toBe(180);
      expect(run.calls.every((c) => c.x === 'over_budget' || c.x === 'retired')).toBe(true);
      expect(run.calls.find((c) => c.x === 'over_budget')?.d).toMatch(/used up its fuel/);
      // Every call stops at its hard stop (twice its budget) plus at most one charged copy, never hours later.
      expect(Math.max(...run.calls.map((c) => c.f))).toBeLessThanOrEqual(3 * 2 * HOSTILE_FUEL);
    },
    SLOW,
  );

  it(
    'an Array.prototype setter never sees the host’s data: no bot code runs in host helpers',
    async () => {
      // Accessors that count, then spin: reached from a host helper, they would stall or crash the bot.
      const code = `
      let hits = 0;
      const trap = { get() { hits++; for (;;) {} }, set(v) { hits++; for (;;) {} }, configurable: true };
      for (const key of ['0', '1', '2', '3']) {
        Object.defineProperty(Array.prototype, key, trap);
        Object.defineProperty(Object.prototype, key, trap);
      }
      export default function () {
        console.log('line', hits);
        console.log('second line');
        return 'hits=' + hits;
      }`;
      const run = await playHostile(code, 'js');
      expectFinished(run);
      expect(run.calls.every((c) => c.x === undefined)).toBe(true);
      expect(run.summary.bots.red).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
      expect(run.logs.red.split('\n').slice(0, 4)).toEqual(['line 0', 'second line', 'line 0', 'second line']);
    },
    SLOW,
  );

  it(
    'a looping name getter on a thrown error burns the bot’s own fuel, counted',
    async () => {
      const code = `export default function () {
      const e = new Error('boom');
      Object.defineProperty(e, 'name', { get() { for (;;) {} } });
      throw e;
    }`;
      const run = await playHostile(code, 'js');
      expectFinished(run);
      expect(run.summary.turns).toBe(180);
      expect(run.calls.every((c) => c.x === 'over_budget')).toBe(true);
      expect(run.calls[1]!.d).toMatch(/used up its fuel \(describing its error\)/);
      // The fuel spent describing is the bot's: each later call used its whole turn budget.
      expect(run.calls.slice(1).every((c) => c.f >= HOSTILE_FUEL)).toBe(true);
    },
    SLOW,
  );

  it(
    'NUL bytes in log lines and answers are kept, never cut',
    async () => {
      const code = `export default function () {
      console.log('before\\0after');
      console.log('\\x01 and \\\\x01 0 stay as they are');
      return 'idle\\nidle\\nidle\\nidle\\0 tail';
    }`;
      const run = await playHostile(code, 'js');
      expectFinished(run);
      expect(run.logs.red.split('\n').slice(0, 2)).toEqual(['before\0after', '\x01 and \\x01 0 stay as they are']);
      // The fourth line is 'idle\0 tail', not a clean 'idle': the answer was read whole, so that child's line is malformed.
      expect(run.calls.every((c) => c.x === undefined)).toBe(true);
      expect(run.replay.turns.every((t) => t.o.slice(0, 4).join(',') === ',,,malformed')).toBe(true);
    },
    SLOW,
  );

  it(
    'the idle bot itself answers: a baseline for the checks above',
    async () => {
      const run = await playHostile(`export default () => ${IDLE};`, 'js');
      expectFinished(run);
      expect(run.summary.bots.red).toMatchObject({ timeouts: 0, errors: 0, crashes: 0 });
    },
    SLOW,
  );
});
