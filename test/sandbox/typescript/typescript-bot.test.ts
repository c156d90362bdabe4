import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { runMatch } from '../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { storedTypeScript } from '../../../src/sandbox/typescript/stored-bundle.js';
import type { Budgets } from '../../../src/sandbox/policy.js';
import type { Bundle } from '../../../src/sandbox/types.js';

// A TypeScript bot plays as its JavaScript twin does (src/games/icy/bots/random.js), sent as a source
// or stored as its document; its errors point at its own .ts lines.

const budgets: Budgets = { firstTurnFuel: 40_000_000, turnFuel: 20_000_000, timeBankFuel: 0, loadFuel: 400_000_000 };
const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
const idle: Bundle = { kind: 'js', code: readFileSync('src/games/icy/bots/idle.js', 'utf8') };
const SOURCE = readFileSync('test/fixtures/typescript/random.ts', 'utf8');
const play = (bot: Bundle) =>
  runMatch({ game: icyGame, options, seed: 5, budgets, bots: [bot, idle], load: nodeBotLoader });
const answers = (r: Awaited<ReturnType<typeof play>>) => r.replay.turns.map((t) => t.answers[0]);

describe('a TypeScript bot', () => {
  it('plays the moves of its JavaScript twin, as a source and as a stored document', async () => {
    const twin = await play({ kind: 'js', code: readFileSync('src/games/icy/bots/random.js', 'utf8') });
    const sent = await play({ kind: 'ts', code: SOURCE });
    const made = storedTypeScript(SOURCE, 'bot.ts');
    if (!('document' in made)) throw new Error(made.problem.message);
    const stored = await play({ kind: 'ts', code: new TextEncoder().encode(made.document) });
    expect(sent.replay.turns.every((t) => !t.calls[0]!.failure)).toBe(true);
    expect(answers(sent)).toEqual(answers(twin));
    expect(JSON.stringify(stored.replay)).toBe(JSON.stringify(sent.replay));
  }, 90_000);

  it('reports a runtime error at its .ts line, and a syntax error at load with its place', async () => {
    const failing = [
      'interface Box { inner?: { value: number } }',
      '',
      'function read(box: Box): number {',
      '  return box.inner!.value;',
      '}',
      'export default function act(input: string): string {',
      '  return String(read({}));',
      '}',
    ].join('\n');
    const r = await play({ kind: 'ts', code: failing });
    expect(r.replay.turns[0]!.calls[0]).toMatchObject({
      failure: 'error',
      detail: expect.stringMatching(/^TypeError/),
    });
    const log = r.result.seats[0]!.log;
    expect(log).toContain('    at read (bot.ts:4:');
    expect(log).toContain('    at act (bot.ts:7:');
    const broken = await play({ kind: 'ts', code: 'let a = 1;\nlet b: = 2;\nexport default () => "";' });
    expect(broken.result.seats[0]!.forfeit ?? broken.replay).toMatchObject({
      code: 'BUNDLE_SYNTAX',
      message: 'bot.ts:2:8: Unexpected token',
    });
  }, 90_000);
});
