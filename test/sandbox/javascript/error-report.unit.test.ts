import { describe, expect, it } from 'vitest';
import {
  botFrames,
  ErrorReports,
  MAX_FRAMES,
  MAX_STACK_READS,
  withPlace,
} from '../../../src/sandbox/javascript/error-report.js';

// Reading QuickJS's stacks for the bot's own frames, and reporting an error repeated every call once in full.

describe("a JavaScript error's place", () => {
  const stack = [
    '    at helper (bot.js:6:13)',
    '    at act (bot.js:3:3)',
    '    at invoke (prelude.js:95:18)',
    '    at <anonymous> (umpire-stack.js:1:1)',
  ].join('\n');

  it("keeps the bot's frames only, top first, without the prelude's", () => {
    expect(botFrames(stack, 'bot.js')).toEqual(['at helper (bot.js:6:13)', 'at act (bot.js:3:3)']);
    expect(botFrames(stack, 'bot.ts')).toEqual([]);
    expect(botFrames('    at bot.js:9:12\n', 'bot.js')).toEqual(['at bot.js:9:12']);
  });

  it('keeps a few frames of a deep stack, each of bounded length', () => {
    const name = 'f'.repeat(5000);
    const deep = Array.from({ length: 50 }, (_, k) => `    at ${name} (bot.js:${k + 1}:1)`).join('\n');
    const frames = botFrames(deep, 'bot.js');
    expect(frames).toHaveLength(MAX_FRAMES);
    for (const f of frames) expect(f.length).toBeLessThanOrEqual(163);
  });

  it("puts a load failure's place after its message", () => {
    expect(withPlace("SyntaxError: expecting ')'", ['at bot.js:9:12'])).toBe(
      "SyntaxError: expecting ')' (bot.js:9:12)",
    );
    expect(withPlace('Error: no', [])).toBe('Error: no');
  });

  it('reports an error in full once, then one line each time it is thrown again, its stack wanted once', () => {
    const reports = new ErrorReports();
    const frames = ['at helper (bot.js:6:13)', 'at act (bot.js:3:3)'];
    const detail = "TypeError: cannot read property 'foo' of undefined";
    expect(reports.wantsFrames(detail)).toBe(true);
    expect(reports.report(1, detail, frames)).toBe(
      `[error in call 1] ${detail}\n    at helper (bot.js:6:13)\n    at act (bot.js:3:3)`,
    );
    expect(reports.wantsFrames(detail)).toBe(false);
    expect(reports.report(2, detail, null)).toBe(`[error again, 2nd time: as in call 1] ${detail} (bot.js:6:13)`);
    expect(reports.report(3, detail, null)).toBe(`[error again, 3rd time: as in call 1] ${detail} (bot.js:6:13)`);
  });

  it(`wants the stacks of ${MAX_STACK_READS} different errors, then reports new ones without their place`, () => {
    const reports = new ErrorReports();
    for (let k = 1; k <= MAX_STACK_READS; k++) {
      expect(reports.wantsFrames(`Error: ${k}`)).toBe(true);
      expect(reports.report(k, `Error: ${k}`, ['at act (bot.js:1:1)'])).toContain('bot.js:1:1');
    }
    expect(reports.wantsFrames('Error: 99')).toBe(false);
    expect(reports.report(99, 'Error: 99', null)).toBe('[error in call 99] Error: 99');
  });
});
