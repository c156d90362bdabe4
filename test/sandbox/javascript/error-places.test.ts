import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { type BotLoader, runMatch } from '../../../src/match/run-match.js';
import { JsBot } from '../../../src/sandbox/javascript/js-bot.js';
import { nodeBotLoader, nodeQuickJSModule } from '../../../src/sandbox/node-sources.js';
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

describe("reading an error's place", () => {
  it('stops a thrown Proxy whose trap loops, on its own fuel, and the bot plays on as before', async () => {
    const code = [
      'let calls = 0;',
      'export default function act() {',
      '  calls++;',
      '  if (calls === 1) throw new Proxy({}, { getOwnPropertyDescriptor() { for (;;) {} } });',
      '  console.log("call " + calls);',
      '  return "idle\\nidle\\nidle\\nidle\\n";',
      '}',
    ].join('\n');
    const r = await play(code);
    expect(r.replay.turns[0]!.calls[0]).toMatchObject({ failure: 'error', detail: '[object Object]' });
    expect(r.replay.turns.slice(1).every((t) => !t.calls[0]!.failure)).toBe(true);
    expect(r.result.seats[0]!.log.split('\n').slice(0, 2)).toEqual(['[error in call 1] [object Object]', 'call 2']);
  }, 60_000);

  /** Errors of several kinds: new texts, repeats, errors between allocations and garbage, a few per turn. */
  const failing = [
    'let n = 0; const keep = []; export default function act(s) { n++; keep.push(s.slice(0, 50 + n)); if (n % 3) throw new TypeError("bad " + (n % 5)); return "idle\\nidle\\nidle\\nidle\\n"; }',
    'function f(o) { return o.x.y; } export default function act(s) { return f({}); }',
    'let g = []; export default function act(s) { for (let i = 0; i < 2000; i++) g.push({ i, s: String(i) }); if (g.length % 4000 === 0) throw new Error("e" + g.length); return "idle\\nidle\\nidle\\nidle\\n"; }',
    'let n = 0; export default function act(s) { n++; throw new RangeError("turn " + n); }',
  ];
  const loader =
    (errorPlaces: boolean): BotLoader =>
    (bundle, ctx) =>
      JsBot.load(nodeQuickJSModule, bundle.code as string, ctx, { errorPlaces });
  const playWith = (code: string, errorPlaces: boolean) =>
    runMatch({ game: icyGame, options, seed: 3, bots: [{ kind: 'js', code }, idle], load: loader(errorPlaces) });

  it.each(failing.map((code, k) => [k, code] as const))(
    'leaves no trace on the replay or the fuel of the bot whose errors it reads (bot %i)',
    async (_, code) => {
      const read = await playWith(code, true);
      const unread = await playWith(code, false);
      expect(read.result.seats[0]!.log).toContain('[error in call');
      expect(unread.result.seats[0]!.log).not.toContain('[error in call');
      expect(JSON.stringify(read.replay)).toBe(JSON.stringify(unread.replay));
      expect(read.result.seats.map((s) => s.fuel)).toEqual(unread.result.seats.map((s) => s.fuel));
    },
    90_000,
  );
});
