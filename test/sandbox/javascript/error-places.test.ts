import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { runMatch } from '../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import type { Budgets } from '../../../src/sandbox/policy.js';
import type { Bundle } from '../../../src/sandbox/types.js';

// JavaScript errors at the bot's own line: a syntax error's place in its load failure; a thrown
// error's place and frames in its log, once in full, then one line each time it comes again.

const budgets: Budgets = { firstTurnFuel: 40_000_000, turnFuel: 20_000_000, timeBankFuel: 0, loadFuel: 400_000_000 };
const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
const idle: Bundle = { kind: 'js', code: readFileSync('src/games/icy/bots/idle.js', 'utf8') };
const play = (code: string) =>
  runMatch({ game: icyGame, options, seed: 5, budgets, bots: [{ kind: 'js', code }, idle], load: nodeBotLoader });

describe("a JavaScript bot's errors", () => {
  it('a syntax error on line 9 is a load failure at line 9', async () => {
    const code = `${'// a comment\n'.repeat(8)}export default function act(input {\n  return input;\n}\n`;
    const r = await play(code);
    expect(r.result.seats[0]!.forfeit).toEqual({
      code: 'BUNDLE_SYNTAX',
      message: expect.stringMatching(/^SyntaxError: .* \(bot\.js:9:\d+\)$/),
    });
  }, 60_000);

  it('an error thrown every turn: its text in the replay as before, its frames in the log once', async () => {
    const code = [
      'function helper(state) {',
      '  return state.missing.foo;',
      '}',
      'export default function act(input) {',
      '  console.log("turn");',
      '  return helper({});',
      '}',
    ].join('\n');
    const r = await play(code);
    const calls = r.replay.turns.map((t) => t.calls[0]!);
    expect(calls).toHaveLength(180);
    expect(
      calls.every((c) => c.failure === 'error' && c.detail === "TypeError: cannot read property 'foo' of undefined"),
    ).toBe(true);
    const log = r.result.seats[0]!.log;
    expect(
      log.startsWith(
        "turn\n[error in call 1] TypeError: cannot read property 'foo' of undefined\n    at helper (bot.js:2:",
      ),
    ).toBe(true);
    expect(log).toMatch(/\n {4}at act \(bot\.js:6:\d+\)\n/);
    expect(log).not.toContain('prelude');
    expect(log.match(/\[error in call/g)).toHaveLength(1);
    expect(log).toContain(
      "[error again, 180th time: as in call 1] TypeError: cannot read property 'foo' of undefined (bot.js:2:",
    );
  }, 60_000);

  it('never runs a getter of what a bot throws to find its place, and a forged stack stays text in its own log', async () => {
    const code = [
      'let touched = 0;',
      'export default function act() {',
      '  console.log("touched " + touched);',
      '  const e = { message: "x" };',
      '  Object.defineProperty(e, "stack", { get() { touched++; for (;;) {} } });',
      '  throw e;',
      '}',
    ].join('\n');
    const r = await play(code);
    expect(r.replay.turns.every((t) => t.calls[0]!.failure === 'error')).toBe(true);
    expect(r.result.seats[0]!.log).not.toMatch(/touched [1-9]/);
    expect(r.result.seats[1]!.fuel).toBe(
      (await play('export default () => "idle\\nidle\\nidle\\nidle\\n";')).result.seats[1]!.fuel,
    );
  }, 90_000);
});
